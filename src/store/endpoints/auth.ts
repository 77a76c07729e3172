import type { AuthUser, CookieDiagnostics } from '../types';
import type { Build } from '../tags';

export const authEndpoints = (build: Build) => ({
  getMe: build.query<AuthUser, void>({ query: () => '/v1/auth/me', providesTags: ['Me'] }),
  // Diagnostics must be fresh every time the debug page asks.
  getCookieDiagnostics: build.query<CookieDiagnostics, void>({
    query: () => '/v1/debug/cookies',
    keepUnusedDataFor: 0,
  }),
});
