import { NO_KEY_CONTROLS, type ApiKeyControls } from '../../contract/schemas/apiKeys';
import {
  changedControls,
  controlsFormValues,
  controlsToCreate,
  EMPTY_CONTROLS_FORM,
  parseControls,
  type ControlsFormValues,
} from '../../src/features/apiKeys/keyControls';

// jest.config.js runs with TZ=UTC, so datetime-local values read as UTC here.
const NOW = new Date('2026-11-15T12:00:00.000Z');
const form = (changes: Partial<ControlsFormValues>): ControlsFormValues => ({ ...EMPTY_CONTROLS_FORM, ...changes });
const LIMITED: ApiKeyControls = {
  spend_limit_cents: 5000,
  limit_period: 'monthly',
  rpm_limit: 60,
  tpm_limit: 100_000,
  expires_at: '2026-12-31T23:59:00.000Z',
  allowed_models: ['openai/gpt-4o'],
  note: 'CI',
  cache_enabled: true,
  cache_scope: 'team',
  cache_ttl_seconds: 600,
};

describe('the controls form reads a key and back', () => {
  it('shows no controls as empty inputs with no reset', () => {
    expect(EMPTY_CONTROLS_FORM).toEqual({
      spendLimit: '',
      limitPeriod: 'none',
      rpmLimit: '',
      tpmLimit: '',
      expiresAt: '',
      allowedModels: [],
      note: '',
      cacheEnabled: false,
      cacheScope: 'key',
      cacheTtl: '',
    });
  });

  it('shows cents as dollars and the expiry as local datetime-local text', () => {
    expect(controlsFormValues(LIMITED)).toEqual({
      spendLimit: '50',
      limitPeriod: 'monthly',
      rpmLimit: '60',
      tpmLimit: '100000',
      expiresAt: '2026-12-31T23:59',
      allowedModels: ['openai/gpt-4o'],
      note: 'CI',
      cacheEnabled: true,
      cacheScope: 'team',
      cacheTtl: '600',
    });
  });

  it('parses what it shows back to the same controls', () => {
    expect(parseControls(controlsFormValues(LIMITED), NOW, LIMITED)).toEqual({ controls: LIMITED, errors: null });
  });
});

describe('validation mirrors the contract', () => {
  it.each<[string, Partial<ControlsFormValues>, keyof ControlsFormValues, string]>([
    ['a spending limit under a cent', { spendLimit: '0.001' }, 'spendLimit', 'Spending limit must be from $0.01'],
    ['a negative spending limit', { spendLimit: '-5' }, 'spendLimit', 'Spending limit must be from $0.01'],
    ['a spending limit over the maximum', { spendLimit: '1000000001' }, 'spendLimit', 'to $1,000,000,000.00'],
    [
      'a fractional rpm',
      { rpmLimit: '1.5' },
      'rpmLimit',
      'Requests per minute must be a whole number from 1 to 1,000,000',
    ],
    ['an rpm of 0', { rpmLimit: '0' }, 'rpmLimit', 'Requests per minute must be a whole number'],
    ['a tpm over the maximum', { tpmLimit: '1000000001' }, 'tpmLimit', 'from 1 to 1,000,000,000'],
    ['an expiry now', { expiresAt: '2026-11-15T12:00' }, 'expiresAt', 'Expiry must be in the future'],
    ['an expiry in the past', { expiresAt: '2026-01-01T00:00' }, 'expiresAt', 'Expiry must be in the future'],
    ['a note over 500 characters', { note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
    [
      '101 allowed models',
      { allowedModels: Array.from({ length: 101 }, (_, i) => `m${i}`) },
      'allowedModels',
      'At most 100',
    ],
    ['a 201-character model', { allowedModels: ['m'.repeat(201)] }, 'allowedModels', 'at most 200 characters'],
    [
      'a cache TTL of 0',
      { cacheEnabled: true, cacheTtl: '0' },
      'cacheTtl',
      "Keep answers for must be a whole number from 1 to 2,592,000, or empty for the gateway's default",
    ],
    ['a cache TTL over 30 days', { cacheEnabled: true, cacheTtl: '2592001' }, 'cacheTtl', 'from 1 to 2,592,000'],
  ])('refuses %s', (_case, changes, field, message) => {
    const { errors } = parseControls(form(changes), NOW);
    expect(errors?.[field]).toContain(message);
  });

  it.each<[string, Partial<ControlsFormValues>, Partial<ApiKeyControls>]>([
    ['a cent', { spendLimit: '0.01', limitPeriod: 'daily' }, { spend_limit_cents: 1, limit_period: 'daily' }],
    ['dollars rounded as the money rule does', { spendLimit: '1.005' }, { spend_limit_cents: 101 }],
    ['the largest rpm', { rpmLimit: '1000000' }, { rpm_limit: 1_000_000 }],
    ['a minute ahead', { expiresAt: '2026-11-15T12:01' }, { expires_at: '2026-11-15T12:01:00.000Z' }],
    ['a period without a limit as no reset', { limitPeriod: 'weekly' }, { limit_period: 'none' }],
    [
      'models trimmed, blanks and repeats dropped',
      { allowedModels: [' a ', '', 'a', 'b'] },
      { allowed_models: ['a', 'b'] },
    ],
    ['a note of exactly 500 characters', { note: 'x'.repeat(500) }, { note: 'x'.repeat(500) }],
    [
      'the cache on for the team, kept an hour',
      { cacheEnabled: true, cacheScope: 'team', cacheTtl: '3600' },
      { cache_enabled: true, cache_scope: 'team', cache_ttl_seconds: 3600 },
    ],
    ["the cache on with the gateway's default TTL", { cacheEnabled: true }, { cache_ttl_seconds: null }],
    ['a TTL left behind while the cache is off, not judged', { cacheTtl: 'x' }, { cache_enabled: false }],
  ])('accepts %s', (_case, changes, expected) => {
    expect(parseControls(form(changes), NOW).controls).toMatchObject(expected);
  });

  it('keeps an expiry that has passed when an edit leaves it alone', () => {
    const expired = { ...LIMITED, expires_at: '2026-11-01T00:00:00.000Z' };
    const { controls } = parseControls(controlsFormValues(expired), NOW, expired);
    expect(controls?.expires_at).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('only what changed is sent', () => {
  it('a create sends only the controls set (the server defaults the rest)', () => {
    const { controls } = parseControls(form({ spendLimit: '25', limitPeriod: 'weekly', rpmLimit: '10' }), NOW);
    expect(controlsToCreate(controls as ApiKeyControls)).toEqual({
      spend_limit_cents: 2500,
      limit_period: 'weekly',
      rpm_limit: 10,
    });
    expect(controlsToCreate(NO_KEY_CONTROLS)).toEqual({});
  });

  it('turning the cache on for a key sends that and nothing else', () => {
    const { controls } = parseControls(form({ cacheEnabled: true }), NOW);
    expect(controlsToCreate(controls as ApiKeyControls)).toEqual({ cache_enabled: true });
  });

  it('an edit sends the changed fields, null to lift a limit', () => {
    const after = { ...LIMITED, rpm_limit: null, allowed_models: [], note: 'CI runners' };
    expect(changedControls(LIMITED, after)).toEqual({ rpm_limit: null, allowed_models: [], note: 'CI runners' });
  });

  it('an expiry read back at the minute is the same expiry', () => {
    const precise = { ...LIMITED, expires_at: '2026-12-31T23:59:30.123Z' };
    expect(changedControls(precise, { ...precise, expires_at: '2026-12-31T23:59:00.000Z' })).toEqual({});
  });
});
