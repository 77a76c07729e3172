/** Where sign-in lands when the requested target is missing or not ours. */
export const DEFAULT_REDIRECT = '/dashboard';

/**
 * Where sign-in may send the browser afterwards. The value is read by the WHATWG URL parser, the one browsers use
 * (so a tab or newline inside `/\t/evil.example`, or a backslash in `/\evil.example`, is read as the browser would
 * read it), against our own origin. A path on our origin comes back as a path, a URL on an allowed origin as that
 * URL, re-serialised (no control characters survive into a Location header); anything else falls back to
 * DEFAULT_REDIRECT, so the sign-in endpoints can never be used as an open redirect.
 */
export function safeRedirect(value: string | undefined, ownOrigin: string, allowedOrigins: readonly string[]): string {
  if (!value) return DEFAULT_REDIRECT;
  let url: URL;
  try {
    url = new URL(value, ownOrigin);
  } catch {
    return DEFAULT_REDIRECT;
  }
  // A path starting with two slashes would be read as another host once it stands alone in a Location header.
  if (url.origin === ownOrigin)
    return url.pathname.startsWith('//') ? DEFAULT_REDIRECT : `${url.pathname}${url.search}${url.hash}`;
  if (allowedOrigins.includes(url.origin)) return url.href;
  return DEFAULT_REDIRECT;
}
