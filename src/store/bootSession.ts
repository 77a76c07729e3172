import type { AuthUser } from '../../contract/schemas/auth';

/**
 * The signed-in user the server wrote into index.html (server/lib/appShell.ts), the same object /v1/auth/me answers,
 * so the first screen does not wait a round trip for the status check. It describes the moment the page was served,
 * so it answers the first check only: `takeBootUser` removes it, and every later check asks the API.
 */
const ELEMENT_ID = 'session-user';

function element(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
}

function parse(node: HTMLElement | null): AuthUser | null {
  if (!node?.textContent) return null;
  try {
    const user = JSON.parse(node.textContent) as AuthUser;
    return user && typeof user.id === 'string' && typeof user.login === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** The user from the page, if it has one, without using it up (/login only needs to know there is a session). */
export function peekBootUser(): AuthUser | null {
  return parse(element());
}

/** The user from the page, once. */
export function takeBootUser(): AuthUser | null {
  const node = element();
  node?.remove();
  return parse(node);
}
