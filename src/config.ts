// Where the API lives. Empty API_BASE_URL (the default build) means the app's own origin; a build for a cross-site
// deployment sets API_BASE_URL (webpack DefinePlugin) to the API server's origin.
const configuredBase = (process.env.API_BASE_URL ?? '').replace(/\/+$/, '');

export function apiBaseUrl(): string {
  // Without a window (the build drawing pages ahead, src/app/prerenderShell.tsx) a link is relative to the page.
  return configuredBase || (typeof window === 'undefined' ? '' : window.location.origin);
}

/** True when the API shares the page's origin, so its cookies are visible to the page (the default build). */
export const apiOnPageOrigin = (): boolean => configuredBase === '';

export function apiUrl(path: string): string {
  return `${apiBaseUrl()}${path}`;
}

export const oauthLoginUrl = (redirect: string): string =>
  apiUrl(`/v1/oauth/github/login?redirect=${encodeURIComponent(redirect)}`);

export const logoutUrl = (): string => apiUrl('/v1/auth/logout');
