import {
  apiKeyNameToSend,
  COPY_CONFIRMATION_MS,
  createKeyFailure,
  keyUserText,
  maskedKeyPrefix,
  showUserColumn,
} from '../../src/features/apiKeys/apiKeys';

const user = (user_name: string | null, user_email: string | null) => ({ user_name, user_email });

describe("User cell: the name, 'Unnamed User' with only an email, '-' with neither", () => {
  it.each([
    [user('Alice Anderson', 'alice@example.com'), 'Alice Anderson'],
    [user('Alice Anderson', null), 'Alice Anderson'],
    [user(null, 'bob@example.com'), 'Unnamed User'],
    [user('', 'bob@example.com'), 'Unnamed User'],
    [user(null, null), '-'],
    [user('', ''), '-'],
  ])('%p -> %p', (key, text) => {
    expect(keyUserText(key)).toBe(text);
  });
});

describe('User column only when any key has a user name or email', () => {
  it.each([
    [[], false],
    [[user(null, null)], false],
    [[user(null, null), user('', '')], false],
    [[user(null, null), user(null, 'bob@example.com')], true],
    [[user('Alice', null)], true],
  ])('%p -> %p', (keys, shown) => {
    expect(showUserColumn(keys)).toBe(shown);
  });
});

describe('key prefix followed by four asterisks', () => {
  it.each([
    ['sk-prod1a2b', 'sk-prod1a2b****'],
    ['', '****'],
  ])('%p -> %p', (prefix, masked) => {
    expect(maskedKeyPrefix(prefix)).toBe(masked);
  });
});

describe('API key name: required and trimmed', () => {
  it.each([
    ['Production', 'Production'],
    ['  CI runner  ', 'CI runner'],
    ['', null],
    ['   ', null],
    ['\t\n', null],
  ])('%p -> %p', (input, sent) => {
    expect(apiKeyNameToSend(input)).toBe(sent);
  });
});

describe("create failure: 'must belong to a team' is replaced, a 400 says why, anything else is generic", () => {
  const teamMessage = 'You must set up your team before creating API keys. Please go to the Team page to get started.';
  it.each([
    ['You must belong to a team to create API keys', teamMessage, true],
    ['User must belong to a team', teamMessage, true],
    ['Internal server error', 'Failed to create API key. Please try again.', false],
    ['Must Belong To A Team', 'Failed to create API key. Please try again.', false],
    ['', 'Failed to create API key. Please try again.', false],
    [null, 'Failed to create API key. Please try again.', false],
  ])('%p -> %p', (serverMessage, message, needsTeam) => {
    expect(createKeyFailure(serverMessage)).toEqual({ message, needsTeam });
  });

  it.each([
    ['Requests per minute must be a whole number from 1 to 1,000,000, or none.', false],
    ['You must belong to a team to create API keys', true],
  ])('a refused input (400) %p says what was refused', (serverMessage, needsTeam) => {
    expect(createKeyFailure(serverMessage, true)).toEqual({
      message: needsTeam ? teamMessage : `Failed to create API key: ${serverMessage}`,
      needsTeam,
    });
  });
});

it("'Copied!' lasts 2 seconds", () => {
  expect(COPY_CONFIRMATION_MS).toBe(2000);
});
