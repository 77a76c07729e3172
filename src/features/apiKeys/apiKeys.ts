// Rules of the API key screens, /api-keys and /api-keys/create (docs/rules.md#api-keys).

/** 'Copied!' shows for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;

export const UNNAMED_USER = 'Unnamed User';
export const NO_USER = '-';
export const NEVER_USED = 'Never';

export const TEAM_REQUIRED_MESSAGE =
  'You must set up your team before creating API keys. Please go to the Team page to get started.';
export const CREATE_KEY_FAILED_MESSAGE = 'Failed to create API key. Please try again.';

interface KeyUser {
  user_name: string | null;
  user_email: string | null;
}

const hasUser = (key: KeyUser) => Boolean(key.user_name || key.user_email);

/** The User column appears only when some key has a user name or email. */
export function showUserColumn(keys: readonly KeyUser[]): boolean {
  return keys.some(hasUser);
}

/** The User cell's main line: the name, 'Unnamed User' when only an email is known, '-' when neither is. */
export function keyUserText(key: KeyUser): string {
  if (!hasUser(key)) return NO_USER;
  return key.user_name || UNNAMED_USER;
}

/** The key prefix followed by four asterisks. */
export function maskedKeyPrefix(prefix: string): string {
  return `${prefix}****`;
}

/** The name that is sent, or null when there is none (empty or whitespace only: submit stays disabled). */
export function apiKeyNameToSend(input: string): string | null {
  const name = input.trim();
  return name ? name : null;
}

export interface CreateKeyFailure {
  message: string;
  /** True when the user needs a team first; the message then comes with a link to the team page. */
  needsTeam: boolean;
}

/**
 * A server message containing 'must belong to a team' is replaced; a refused input (400) says what the server
 * refused, e.g. a limit out of range; every other failure is generic.
 */
export function createKeyFailure(serverMessage: string | null | undefined, refusedInput = false): CreateKeyFailure {
  if ((serverMessage ?? '').includes('must belong to a team'))
    return { message: TEAM_REQUIRED_MESSAGE, needsTeam: true };
  if (refusedInput && serverMessage) return { message: `Failed to create API key: ${serverMessage}`, needsTeam: false };
  return { message: CREATE_KEY_FAILED_MESSAGE, needsTeam: false };
}
