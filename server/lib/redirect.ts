/**
 * Where sign-in may send the browser afterwards: a same-site relative path or an allowed origin. Anything else is
 * refused so the login endpoint cannot be used as an open redirect. Returns null when refused.
 */
export function safeRedirect(value: string | undefined, allowedOrigins: string[]): string | null {
  if (!value) return '/';
  if (value.startsWith('/')) {
    // '//host' and '/\host' are protocol-relative in browsers.
    return value.startsWith('//') || value.startsWith('/\\') ? null : value;
  }
  try {
    const url = new URL(value);
    return allowedOrigins.includes(url.origin) ? url.toString() : null;
  } catch {
    return null;
  }
}
