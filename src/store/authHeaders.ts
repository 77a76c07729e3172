import { readCookie } from '../lib/cookies';

/**
 * Every API call sends JSON and, when the `jwt` cookie is readable, the same token as a Bearer header
 * (docs/rules.md#sessions-and-sign-in).
 */
export function applyAuthHeaders(headers: Headers): Headers {
  headers.set('Content-Type', 'application/json');
  const token = readCookie(document.cookie, 'jwt');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}
