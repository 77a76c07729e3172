import type { ApiKey } from '../../contract/schemas/apiKeys';
import { NEW_KEY_STATE } from '../support/fakeBackend/keys';
import {
  expiryText,
  keyStates,
  rateLimitText,
  rotationText,
  spendAgainstLimit,
} from '../../src/features/apiKeys/keyStatus';

// TZ=UTC (jest.config.js).
const NOW = new Date('2026-11-15T12:00:00.000Z');
const key = (changes: Partial<ApiKey>): ApiKey => ({
  id: 'key-1',
  name: 'CI',
  key_prefix: 'sk-abc1234',
  is_active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  last_used_at: null,
  user_id: 'user-alice',
  user_name: 'Alice',
  user_email: 'alice@example.com',
  ...NEW_KEY_STATE,
  ...changes,
});

describe('spend against the limit', () => {
  it.each<[string, Partial<ApiKey>, ReturnType<typeof spendAgainstLimit>]>([
    ['no limit', { period_spend_cents: 999 }, null],
    [
      'partly spent, monthly',
      { spend_limit_cents: 5000, period_spend_cents: 1234, period_resets_at: '2026-12-01T00:00:00.000Z' },
      { text: '$12.34 of $50.00', percent: 24.68, reached: false, resets: 'resets Dec 1, 2026' },
    ],
    [
      'reached exactly',
      { spend_limit_cents: 2000, period_spend_cents: 2000, period_resets_at: '2026-11-16T00:00:00.000Z' },
      { text: '$20.00 of $20.00', percent: 100, reached: true, resets: 'resets Nov 16, 2026' },
    ],
    [
      'overdrawn by the last request, lifetime',
      { spend_limit_cents: 100, period_spend_cents: 130 },
      { text: '$1.30 of $1.00', percent: 130, reached: true, resets: null },
    ],
  ])('%s', (_case, changes, expected) => {
    expect(spendAgainstLimit(key(changes))).toEqual(expected);
  });
});

describe('state chips', () => {
  it.each<[string, Partial<ApiKey>, string[]]>([
    ['a plain key has none', {}, []],
    ['expired a second ago', { expires_at: '2026-11-15T11:59:59.000Z' }, ['Expired']],
    ['expiring at this instant counts as expired', { expires_at: '2026-11-15T12:00:00.000Z' }, ['Expired']],
    ['expiring within 7 days', { expires_at: '2026-11-22T12:00:00.000Z' }, ['Expires soon']],
    ['expiring in more than 7 days', { expires_at: '2026-11-22T12:00:01.000Z' }, []],
    ['the limit reached', { spend_limit_cents: 500, period_spend_cents: 500 }, ['Limit reached']],
    ['a cent under the limit', { spend_limit_cents: 500, period_spend_cents: 499 }, []],
    ['the old secret still valid', { previous_key_expires_at: '2026-11-15T13:00:00.000Z' }, ['Rotating']],
    ['the grace period over', { previous_key_expires_at: '2026-11-15T12:00:00.000Z' }, []],
    [
      'all at once, most serious first',
      {
        expires_at: '2026-11-15T11:00:00.000Z',
        spend_limit_cents: 1,
        period_spend_cents: 1,
        previous_key_expires_at: '2026-11-16T00:00:00.000Z',
      },
      ['Expired', 'Limit reached', 'Rotating'],
    ],
  ])('%s', (_case, changes, expected) => {
    expect(keyStates(key(changes), NOW)).toEqual(expected);
  });
});

describe('texts', () => {
  it('says how long the old secret works, only while it does', () => {
    expect(rotationText(key({ previous_key_expires_at: '2026-11-16T12:00:00.000Z' }), NOW)).toBe(
      'Rotated — old secret valid until Nov 16, 2026, 12:00 PM',
    );
    expect(rotationText(key({ previous_key_expires_at: '2026-11-15T11:00:00.000Z' }), NOW)).toBeNull();
  });

  it.each([
    [null, 'Never'],
    ['2026-12-01T09:30:00.000Z', 'Dec 1, 2026, 9:30 AM'],
    ['2026-11-01T09:30:00.000Z', 'Nov 1, 2026, 9:30 AM (Expired)'],
  ])('expiry %s reads %s', (expiresAt, expected) => {
    expect(expiryText({ expires_at: expiresAt }, NOW)).toBe(expected);
  });

  it('spells rate limits out with separators', () => {
    expect(rateLimitText(null, 'requests')).toBe('No limit');
    expect(rateLimitText(100_000, 'tokens')).toBe('100,000 tokens per minute');
  });
});
