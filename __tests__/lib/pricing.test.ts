import {
  cacheHitPriceText,
  EMPTY_PRICING_FORM,
  deactivateTierTitle,
  formatPricePer1M,
  isTierActive,
  pricingFiltersFromParams,
  pricingFormErrors,
  pricingListQuery,
  pricingPayload,
  tierCachingLines,
  PROVIDERS,
  type PricingFormValues,
} from '../../src/features/pricing/pricing';
import type { PricingTierBody } from '../../contract/schemas/pricing';
import { PROVIDER_ORDER } from '../../server/gateway/models';

const NOW = new Date('2026-11-15T12:00:00.000Z');

describe('a pricing tier is active when effective_time has passed and expiry_time is absent or ahead', () => {
  it.each([
    ['started, no expiry', '2026-01-01T00:00:00Z', null, true],
    ['starts exactly now', '2026-11-15T12:00:00.000Z', null, true],
    ['started, expires later', '2026-01-01T00:00:00Z', '2026-12-01T00:00:00Z', true],
    ['started, expired', '2026-01-01T00:00:00Z', '2026-11-01T00:00:00Z', false],
    ['expires exactly now', '2026-01-01T00:00:00Z', '2026-11-15T12:00:00.000Z', false],
    ['starts in the future', '2026-11-22T00:00:00Z', null, false],
    ['unreadable effective time', 'not a date', null, false],
  ])('%s -> %p', (_case, effective_time, expiry_time, active) => {
    expect(isTierActive({ effective_time, expiry_time }, NOW)).toBe(active);
  });
});

describe('prices per 1M tokens show up to three decimals', () => {
  it.each([
    [0.075, '$0.075'],
    [3, '$3.00'],
    [22.5, '$22.50'],
    [0.3, '$0.30'],
    [1234.5, '$1,234.50'],
    [0.0755, '$0.076'],
    [null, '$0.00'],
    [Number.NaN, '$0.00'],
  ])('%p -> %s', (dollars, text) => {
    expect(formatPricePer1M(dollars)).toBe(text);
  });
});

describe('filters from the URL become the list query (only the set ones)', () => {
  it.each([
    ['', {}],
    ['provider=openai', { provider: 'openai' }],
    ['provider=nonsense', {}],
    ['model=%20gpt-4o%20', { model: 'gpt-4o' }],
    ['active=true', { active: true }],
    ['active=false', { active: false }],
    ['active=maybe', {}],
    ['provider=google&model=gemini&active=true', { provider: 'google', model: 'gemini', active: true }],
  ])('?%s -> %j', (search, query) => {
    expect(pricingListQuery(pricingFiltersFromParams(new URLSearchParams(search)))).toEqual(query);
  });
});

const filled: PricingFormValues = {
  ...EMPTY_PRICING_FORM,
  provider: 'openai',
  model: ' gpt-4o ',
  prompt_cost_per_1m: '2.5',
  completion_cost_per_1m: '10',
};

describe('pricing form rules', () => {
  it('defaults: tier name standard, order 1, min tokens 0, no caching', () => {
    expect(EMPTY_PRICING_FORM).toMatchObject({ tier_name: 'standard', tier_order: '1', min_tokens: '0' });
    expect(EMPTY_PRICING_FORM.supports_caching).toBe(false);
  });

  it.each<[string, Partial<PricingFormValues>, keyof PricingFormValues | null]>([
    ['a complete form', {}, null],
    ['no provider', { provider: '' }, 'provider'],
    ['an unknown provider', { provider: 'acme' }, 'provider'],
    ['no model', { model: '  ' }, 'model'],
    ['no tier name', { tier_name: '' }, 'tier_name'],
    ['tier order 0', { tier_order: '0' }, 'tier_order'],
    ['tier order 1.5', { tier_order: '1.5' }, 'tier_order'],
    ['no tier order', { tier_order: '' }, 'tier_order'],
    ['min tokens -1', { min_tokens: '-1' }, 'min_tokens'],
    ['no min tokens', { min_tokens: '' }, 'min_tokens'],
    ['max tokens empty (unlimited)', { max_tokens: '' }, null],
    ['max tokens 0', { max_tokens: '0' }, 'max_tokens'],
    ['max tokens not above min', { min_tokens: '100', max_tokens: '100' }, 'max_tokens'],
    ['no prompt price', { prompt_cost_per_1m: '' }, 'prompt_cost_per_1m'],
    ['negative completion price', { completion_cost_per_1m: '-1' }, 'completion_cost_per_1m'],
    ['free prices', { prompt_cost_per_1m: '0', completion_cost_per_1m: '0' }, null],
    ['bad cache price ignored without caching', { cache_read_cost_per_1m: '-1' }, null],
    [
      'bad cache price with caching',
      { supports_caching: true, cache_read_cost_per_1m: '-1' },
      'cache_read_cost_per_1m',
    ],
    ['negative cache TTL with caching', { supports_caching: true, cache_ttl_minutes: '-5' }, 'cache_ttl_minutes'],
    ['negative cache min tokens', { supports_caching: true, cache_min_tokens: '-1' }, 'cache_min_tokens'],
    ['a cache hit price of 100%', { cache_hit_percent: '100' }, null],
    ['a cache hit price over 100%', { cache_hit_percent: '101' }, 'cache_hit_percent'],
    ['a fractional cache hit price', { cache_hit_percent: '2.5' }, 'cache_hit_percent'],
    ['a batch price of 0% (batches free)', { batch_percent: '0' }, null],
    ['a batch price over 100%', { batch_percent: '101' }, 'batch_percent'],
    ['a fractional batch price', { batch_percent: '50.5' }, 'batch_percent'],
  ])('%s -> error on %p', (_case, changes, field) => {
    const errors = pricingFormErrors({ ...filled, ...changes });
    expect(Object.keys(errors)).toEqual(field ? [field] : []);
  });
});

describe('form -> POST body: numbers parsed, empty max_tokens is null, caching fields only when supported', () => {
  const base: PricingTierBody = {
    provider: 'openai',
    model: 'gpt-4o',
    tier_name: 'standard',
    tier_order: 1,
    tier_description: null,
    min_tokens: 0,
    max_tokens: null,
    prompt_cost_per_1m: 2.5,
    completion_cost_per_1m: 10,
    supports_caching: false,
    cache_create_cost_per_1m: null,
    cache_read_cost_per_1m: null,
    cache_min_tokens: null,
    cache_ttl_minutes: null,
    notes: null,
  };
  const caching = {
    cache_create_cost_per_1m: '3.75',
    cache_read_cost_per_1m: '0.3',
    cache_min_tokens: '1024',
    cache_ttl_minutes: '300',
  };

  it.each<[string, Partial<PricingFormValues>, Partial<PricingTierBody>]>([
    ['defaults', {}, {}],
    ['a token range', { min_tokens: '200001', max_tokens: '1000000' }, { min_tokens: 200001, max_tokens: 1000000 }],
    [
      'a tier',
      { tier_name: ' long ', tier_order: '2', tier_description: ' Big ' },
      { tier_name: 'long', tier_order: 2, tier_description: 'Big' },
    ],
    ['notes', { notes: ' Launch price ' }, { notes: 'Launch price' }],
    ['cache fields typed but caching off', caching, {}],
    [
      'caching on',
      { ...caching, supports_caching: true },
      {
        supports_caching: true,
        cache_create_cost_per_1m: 3.75,
        cache_read_cost_per_1m: 0.3,
        cache_min_tokens: 1024,
        cache_ttl_minutes: 300,
      },
    ],
    ['caching on, fields empty', { supports_caching: true }, { supports_caching: true }],
    ['a cache hit price', { cache_hit_percent: '25' }, { cache_hit_percent: 25 }],
    ['free cache hits, not sent', { cache_hit_percent: '0' }, {}],
    ['a batch price other than half', { batch_percent: '80' }, { batch_percent: 80 }],
    ['the default batch price, not sent', { batch_percent: '50' }, {}],
  ])('%s', (_case, changes, expected) => {
    expect(pricingPayload({ ...filled, ...changes })).toEqual({ ...base, ...expected });
  });
});

describe('the cache hit price in the details', () => {
  it.each([
    [undefined, 'Free'],
    [0, 'Free'],
    [25, "25% of the answer's cost"],
  ])('%p -> %s', (percent, text) => expect(cacheHitPriceText(percent)).toBe(text));
});

describe('the deactivate confirmation names the tier it acts on', () => {
  it.each([
    [
      { tier_name: 'standard', provider: 'anthropic', model: 'claude-sonnet-4' },
      'Deactivate the standard tier of anthropic/claude-sonnet-4?',
    ],
    [
      { tier_name: 'long-context', provider: 'openai', model: 'gpt-4o' },
      'Deactivate the long-context tier of openai/gpt-4o?',
    ],
  ])('%o -> %s', (tier, title) => {
    expect(deactivateTierTitle(tier)).toBe(title);
  });
});

describe("the Caching column: 'Supported' with create and read prices per 1M, or 'Not supported'", () => {
  it.each([
    [
      { supports_caching: true, cache_create_cost_per_1m: 3.75, cache_read_cost_per_1m: 0.3 },
      ['Supported', 'Create $3.75', 'Read $0.30'],
    ],
    [
      { supports_caching: true, cache_create_cost_per_1m: 0.075, cache_read_cost_per_1m: null },
      ['Supported', 'Create $0.075', 'Read $0.00'],
    ],
    [{ supports_caching: false, cache_create_cost_per_1m: 3.75, cache_read_cost_per_1m: 0.3 }, ['Not supported']],
  ])('%o -> %o', (tier, lines) => {
    expect(tierCachingLines(tier)).toEqual(lines);
  });
});

describe('providers', () => {
  it("lists every provider the server's gateway routes to, in its order, echo included", () => {
    expect([...PROVIDERS]).toEqual([...PROVIDER_ORDER]);
    expect(PROVIDERS).toContain('echo');
  });
});
