import { SIGN_IN_PROVIDERS_PATH } from '../../contract/apiPaths';
import type { SignInProviders } from '../../contract/schemas/auth';
import { apiUrl } from '../config';

/**
 * The OpenID providers the server offers beside GitHub (docs/operations.md#single-sign-on). A plain fetch, as the
 * session check's (sessionCheck.ts): RTK Query is not part of the login page's download. A failure offers none.
 */
export async function fetchSignInProviders(): Promise<SignInProviders['providers']> {
  try {
    const response = await fetch(apiUrl(SIGN_IN_PROVIDERS_PATH));
    if (response.status !== 200) return [];
    return ((await response.json()) as SignInProviders).providers;
  } catch {
    return [];
  }
}
