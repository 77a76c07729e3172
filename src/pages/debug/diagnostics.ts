import { apiBaseUrl } from '../../config';
import type { ApiError } from '../../lib/apiError';
import type { AuthUser, CookieDiagnostics } from '../../../contract/schemas/auth';

interface Reply<T> {
  data?: T;
  error?: ApiError | unknown;
}

export interface Diagnostics {
  origin: string;
  backend_url: string;
  browser_cookies: string;
  api_view: CookieDiagnostics | { error: string };
  auth_status: { authenticated: true; user: AuthUser } | { authenticated: false; error: string };
  user_agent: string;
  timestamp: string;
}

const describe = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : 'No answer';

/** The JSON the debug page shows: the browser's view and the API's view of the cookies, side by side. */
export function buildDiagnostics({
  apiView,
  me,
  now,
}: {
  apiView: Reply<CookieDiagnostics>;
  me: Reply<AuthUser>;
  now: Date;
}): Diagnostics {
  return {
    origin: window.location.origin,
    backend_url: apiBaseUrl(),
    browser_cookies: document.cookie || '(none readable by JavaScript; HttpOnly cookies are hidden)',
    api_view: apiView.data ?? { error: describe(apiView.error) },
    auth_status: me.data ? { authenticated: true, user: me.data } : { authenticated: false, error: describe(me.error) },
    user_agent: navigator.userAgent,
    timestamp: now.toISOString(),
  };
}
