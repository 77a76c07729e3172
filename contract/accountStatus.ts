/**
 * A disabled user signing in (docs/governance.md#disabled-users): the development sign-in's 403 says it, and GitHub's
 * and OpenID callbacks send the browser to /login?error=account_disabled, where the login page shows the message.
 */
export const ACCOUNT_DISABLED = {
  code: 'ACCOUNT_DISABLED',
  message: 'This account has been disabled. Ask an administrator to enable it.',
} as const;

/** The login page's query parameter that a sign-in callback sets for a disabled user. */
export const ACCOUNT_DISABLED_PARAM = 'account_disabled';
