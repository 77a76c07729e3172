import type { ApiKey } from '../../contract/schemas/apiKeys';
import { NEW_KEY_STATE } from '../support/fakeBackend/keys';
import {
  cacheText,
  expiryText,
  keyBlockText,
  keyStates,
  rateLimitText,
  rotationText,
  secondsText,
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
  blocked_by: null,
  blocked_until: null,
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

describe('state chips beside the status', () => {
  it.each<[string, Partial<ApiKey>, string[]]>([
    ['a plain key has none', {}, []],
    ['expiring within 7 days', { expires_at: '2026-11-22T12:00:00.000Z' }, ['Expires soon']],
    ['expiring in more than 7 days', { expires_at: '2026-11-22T12:00:01.000Z' }, []],
    ['expired: said by the status (blocked_by), not here', { expires_at: '2026-11-15T12:00:00.000Z' }, []],
    ['the old secret still valid', { previous_key_expires_at: '2026-11-15T13:00:00.000Z' }, ['Rotating']],
    ['the grace period over', { previous_key_expires_at: '2026-11-15T12:00:00.000Z' }, []],
    [
      'both',
      { expires_at: '2026-11-16T00:00:00.000Z', previous_key_expires_at: '2026-11-16T00:00:00.000Z' },
      ['Expires soon', 'Rotating'],
    ],
  ])('%s', (_case, changes, expected) => {
    expect(keyStates(key(changes), NOW)).toEqual(expected);
  });
});

describe("why the gateway refuses a key's calls, in its status", () => {
  it.each<[string, Partial<ApiKey>, ReturnType<typeof keyBlockText>]>([
    ['admitted', {}, null],
    [
      'its creator disabled',
      { blocked_by: 'key_owner_disabled' },
      {
        label: 'Creator disabled',
        until: 'until they are enabled',
        sentence:
          "Calls are refused. An administrator disabled this key's creator; the key works again once an administrator enables them.",
      },
    ],
    [
      'expired',
      { blocked_by: 'key_expired', expires_at: '2026-11-15T09:30:00.000Z' },
      {
        label: 'Expired',
        until: null,
        sentence: 'Calls are refused. This key expired Nov 15, 2026, 9:30 AM; create a new key to call the gateway.',
      },
    ],
    [
      'its own limit, daily',
      { blocked_by: 'key_budget_exceeded', blocked_until: '2026-11-16T00:00:00.000Z' },
      {
        label: 'Limit reached',
        until: 'until Nov 16, 2026',
        sentence: 'Calls are refused. This key has reached its spending limit; it resets Nov 16, 2026, 00:00 UTC.',
      },
    ],
    [
      'its own lifetime limit',
      { blocked_by: 'key_budget_exceeded', blocked_until: null },
      {
        label: 'Limit reached',
        until: 'does not reset',
        sentence: 'Calls are refused. This key has reached its spending limit; it does not reset.',
      },
    ],
    [
      "the creator's monthly cap",
      { blocked_by: 'member_budget_exceeded', blocked_until: '2026-12-01T00:00:00.000Z' },
      {
        label: 'Member cap reached',
        until: 'until Dec 1, 2026',
        sentence:
          "Calls are refused. Its creator's keys have reached the monthly cap the team owner set; it resets Dec 1, " +
          '2026, 00:00 UTC.',
      },
    ],
    [
      "the team's credit",
      { blocked_by: 'insufficient_credits', blocked_until: null },
      {
        label: 'Team credit used up',
        until: 'until credit is added',
        sentence: "Calls are refused. The team's credit is used up; calls resume once credit is added.",
      },
    ],
    [
      "the team's budget",
      { blocked_by: 'budget_exceeded', blocked_until: '2026-12-01T00:00:00.000Z' },
      {
        label: 'Team budget reached',
        until: 'until Dec 1, 2026',
        sentence:
          "Calls are refused. The team's monthly budget is reached; it resets Dec 1, 2026, 00:00 UTC, or sooner if " +
          'the owner raises the budget.',
      },
    ],
  ])('%s', (_case, changes, expected) => {
    expect(keyBlockText(key(changes))).toEqual(expected);
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

  it.each([
    [45, '45 seconds'],
    [60, '1 minute'],
    [5_400, '90 minutes'],
    [3_600, '1 hour'],
    [2_592_000, '30 days'],
  ])('%i seconds read %s', (seconds, expected) => {
    expect(secondsText(seconds)).toBe(expected);
  });

  it("says a key's cache setting in a sentence; a field an older server leaves out reads as unset", () => {
    expect(cacheText({})).toBe('Off: only requests that send x-gateway-cache: true are cached');
    expect(cacheText({ cache_enabled: true })).toBe(
      "On for every request, for this key only, kept for the gateway's default time",
    );
    expect(cacheText({ cache_enabled: true, cache_scope: 'team', cache_ttl_seconds: 600 })).toBe(
      "On for every request, shared with the team's keys that share theirs, kept for 10 minutes",
    );
  });
});
