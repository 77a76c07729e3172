// Machine names (snake_case codes and fields) as a person reads them, for the few places that show one.

const ACRONYMS: Record<string, string> = { id: 'ID', url: 'URL', ip: 'IP', api: 'API', sso: 'SSO', ttft: 'TTFT' };

/** 'upstream_timeout' reads 'Upstream timeout', 'session_id' 'Session ID'; a name without words, as it is. */
export function snakeCaseWords(name: string): string {
  const text = name
    .split('_')
    .filter(Boolean)
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  return text === '' ? name : text.charAt(0).toUpperCase() + text.slice(1);
}
