import type { AuthUser, CookieDiagnostics, LogoutAllReply } from '../../../contract/schemas/auth';
import type { Build } from '../tags';

export const authEndpoints = (build: Build) => ({
  getMe: build.query<AuthUser, void>({ query: () => '/v1/auth/me', providesTags: ['Me'] }),
  // Diagnostics must be fresh every time the debug page asks.
  // Ends every session of the user, this one too; the caller then treats the session as ended (no tag to refresh).
  signOutEverywhere: build.mutation<LogoutAllReply, void>({
    query: () => ({ url: '/v1/auth/logout-all', method: 'POST' }),
  }),
  getCookieDiagnostics: build.query<CookieDiagnostics, void>({
    query: () => '/v1/debug/cookies',
    keepUnusedDataFor: 0,
  }),
});
