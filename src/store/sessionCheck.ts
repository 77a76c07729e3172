import { apiOnPageOrigin, apiUrl } from '../config';
import { readCookie } from '../lib/cookies';
import { applyAuthHeaders } from './authHeaders';
import { peekBootUser } from './bootSession';

/**
 * Whether /v1/auth/me accepts the visitor. A plain fetch rather than the API slice: /login runs this before it
 * renders, and RTK Query is not part of the login page's download (issue 7's 160 KB budget). Any failure (401, 403,
 * network) means no session.
 */
export async function hasSession(): Promise<boolean> {
  // The server checked this page load's session and sent the user along (bootSession.ts).
  if (peekBootUser()) return true;
  // The server sets a readable `signed_in` cookie with every session; on its own origin, no hint means no session,
  // so a first visit makes no call (a 401 would also be a console error). Across sites the cookie is not ours to read.
  if (apiOnPageOrigin() && !readCookie(document.cookie, 'signed_in')) return false;
  try {
    const response = await fetch(apiUrl('/v1/auth/me'), {
      credentials: 'include',
      headers: applyAuthHeaders(new Headers()),
    });
    return response.ok;
  } catch {
    return false;
  }
}
