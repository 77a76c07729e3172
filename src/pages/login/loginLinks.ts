import { apiUrl } from '../../config';
import { oidcLoginPath } from '../../../contract/apiPaths';

// What the login page's links point at, and the marks the pre-rendered page (staticLogin.ts) finds them by. No React
// here: the pre-rendered page's script imports this and must stay a few kilobytes.

/** Marks the GitHub link, so the pre-rendered page can point it back at the visitor's origin. */
export const GITHUB_LINK_ATTRIBUTE = 'data-github-login';
/** Marks where a provider's name goes in the pre-rendered page's button template. */
export const PROVIDER_NAME_ATTRIBUTE = 'data-provider-name';

/** The link a single sign-on provider's button follows, back to this page's origin. */
export const providerLoginUrl = (providerId: string) => apiUrl(oidcLoginPath(providerId, window.location.origin));
