import { ACCOUNT_DISABLED_PARAM } from '../../../contract/accountStatus';

/** The login page's title (useDocumentTitle adds the app's name). */
export const LOGIN_TITLE = 'Sign in';

export type SignInNoticeKind = 'session-ended' | 'account-disabled';

/**
 * The notice the login page shows: a sign-in the server refused (?error=account_disabled), or a session that ended
 * while the app was open. The app's page and the pre-rendered one (staticLogin.ts) both ask this.
 */
export function signInNoticeKind(search: string, sessionEnded: boolean): SignInNoticeKind | null {
  if (new URLSearchParams(search).get('error') === ACCOUNT_DISABLED_PARAM) return 'account-disabled';
  return sessionEnded ? 'session-ended' : null;
}
