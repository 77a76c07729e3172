import { apiOnPageOrigin, apiUrl } from '../config';
import { readCookie } from '../lib/cookies';
import { applyAuthHeaders } from './authHeaders';
import { peekBootUser } from './bootSession';

/**
 * Whether /v1/auth/me accepts the visitor. A plain fetch rather than the API slice: /login runs this before it
 * renders, and RTK Query is not part of the login page's download (docs/performance.md, Bundle budget). Any failure (401,
 * 403, network) means no session.
 */
export async function hasSession(): Promise<boolean> {
  // The server checked this page load's session and sent the user along (bootSession.ts).
  if (peekBootUser()) return true;
  // The server sets a readable `signed_in` cookie with every session; on its own origin, no hint most likely means no
  // session, so the page is shown without waiting for a call; `hasSessionWithoutHint` asks once it has painted.
  // Across sites the cookie is not ours to read.
  if (sessionHintAbsent()) return false;
  return askServer('/v1/auth/me');
}

/** True when the page can read the `signed_in` hint and it is not there: the case `hasSession` answers unasked. */
export const sessionHintAbsent = () => apiOnPageOrigin() && !readCookie(document.cookie, 'signed_in');

/**
 * The check /login makes after painting when the hint was absent: a session can outlive its hint (cookies cleared
 * selectively, a hint that expired first). `optional=true` answers 204 without a session, not a 401 console error.
 */
export const hasSessionWithoutHint = () => askServer('/v1/auth/me?optional=true');

async function askServer(path: string): Promise<boolean> {
  try {
    const response = await fetch(apiUrl(path), {
      credentials: 'include',
      headers: applyAuthHeaders(new Headers()),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}
