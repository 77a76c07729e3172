import { Type, type Static } from 'typebox';
import { BooleanQuery, DateTimeString, formatCount, Limit, MODEL_NAME_MESSAGE, Nullable, Offset } from './common';
import { Extension } from './extension';
import { BATCH_PERCENT_MESSAGE, MAX_BATCH_PERCENT } from '../batchPrice';
import { MAX_UNIT_PRICE_DOLLARS } from '../mediaUnits';

/** Pricing tiers: administration under /v1/admin/pricing (docs/api-contract.md). Prices are dollars per 1M tokens. */
export const PricingTier = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  model: Type.String(),
  tier_name: Type.String(),
  tier_order: Type.Integer(),
  tier_description: Nullable(Type.String()),
  min_tokens: Type.Integer(),
  max_tokens: Nullable(Type.Integer()),
  prompt_cost_per_1m: Type.Number(),
  completion_cost_per_1m: Type.Number(),
  cache_create_cost_per_1m: Nullable(Type.Number()),
  cache_read_cost_per_1m: Nullable(Type.Number()),
  supports_caching: Type.Boolean(),
  cache_min_tokens: Nullable(Type.Integer()),
  cache_ttl_minutes: Nullable(Type.Integer()),
  notes: Nullable(Type.String()),
  effective_time: Type.String(),
  expiry_time: Nullable(Type.String()),
  created_at: Extension(Type.String()),
  /** What a cache hit costs, in percent of the stored answer's cost (docs/gateway.md#caching); 0: free. */
  cache_hit_percent: Extension(Type.Integer()),
  /** What a batch's line costs, in percent of this tier's price (docs/batches.md#price); 50 unless set. */
  batch_percent: Extension(Type.Integer()),
  /** Dollars per unit of a media request, by unit key (contract/mediaUnits.ts, docs/media.md#prices); {}: none. */
  unit_prices: Extension(Type.Record(Type.String(), Type.Number())),
});
export type PricingTier = Static<typeof PricingTier>;

/** The most a cache hit may cost: what the answer cost. */
export const MAX_CACHE_HIT_PERCENT = 100;
export const CACHE_HIT_PERCENT_MESSAGE = `The price of a cache hit must be a whole percent from 0 to ${MAX_CACHE_HIT_PERCENT}.`;

/** `label` is what the form calls the field ('The prompt price'). */
const price = (label: string) =>
  Type.Number({
    minimum: 0,
    maximum: 1_000_000,
    errorMessage: `${label} must be a number of dollars per 1M tokens from 0 to ${formatCount(1_000_000)}.`,
  });
const optionalCount = (label: string) =>
  Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        maximum: 2_147_483_647,
        errorMessage: `${label} must be a whole number of at least 0.`,
      }),
    ),
  );

/** What the server says of a tier whose token range or time window is the wrong way round (pricing/pricing.ts). */
export const TOKEN_RANGE_MESSAGE = 'Max tokens must be greater than min tokens.';
export const TIME_WINDOW_MESSAGE = 'The expiry time must be after the effective time.';

export const PricingTierBody = Type.Object({
  provider: Type.String({
    pattern: '^[a-z0-9][a-z0-9_.-]{0,49}$',
    errorMessage: 'Choose a provider (its lower-case name).',
  }),
  model: Type.String({ pattern: '\\S', maxLength: 200, errorMessage: MODEL_NAME_MESSAGE }),
  tier_name: Type.String({
    pattern: '\\S',
    maxLength: 100,
    default: 'standard',
    errorMessage: 'Enter a tier name of at most 100 characters.',
  }),
  tier_order: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 1,
    errorMessage: 'The tier order must be a whole number from 1 to 1,000.',
  }),
  tier_description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  min_tokens: Type.Integer({
    minimum: 0,
    maximum: 1e12,
    errorMessage: 'Min tokens must be a whole number of at least 0.',
  }),
  max_tokens: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 1e12,
        errorMessage: 'Max tokens must be empty or a whole number of at least 1.',
      }),
    ),
  ),
  prompt_cost_per_1m: price('The prompt price'),
  completion_cost_per_1m: price('The completion price'),
  cache_create_cost_per_1m: Type.Optional(Nullable(price('The cache write price'))),
  cache_read_cost_per_1m: Type.Optional(Nullable(price('The cache read price'))),
  supports_caching: Type.Optional(Type.Boolean({ errorMessage: 'Caching support must be true or false.' })),
  cache_min_tokens: optionalCount('The cache minimum'),
  cache_ttl_minutes: optionalCount('The cache TTL'),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  effective_time: Type.Optional(DateTimeString('The effective time')),
  expiry_time: Type.Optional(Nullable(DateTimeString('The expiry time'))),
  cache_hit_percent: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_CACHE_HIT_PERCENT, errorMessage: CACHE_HIT_PERCENT_MESSAGE }),
  ),
  batch_percent: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_BATCH_PERCENT, errorMessage: BATCH_PERCENT_MESSAGE }),
  ),
  /** Each key and price is checked by unitPriceProblem, which says what is wrong with it. */
  unit_prices: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 40 }),
      Type.Number({
        minimum: 0,
        maximum: MAX_UNIT_PRICE_DOLLARS,
        errorMessage: `A unit price must be a number of dollars per unit from 0 to ${MAX_UNIT_PRICE_DOLLARS}.`,
      }),
      {
        maxProperties: 50,
        errorMessage: 'unit_prices must be an object of at most 50 unit prices in dollars, as { "image": 0.04 }.',
      },
    ),
  ),
});
export type PricingTierBody = Static<typeof PricingTierBody>;

export const PricingListQuery = Type.Object({
  provider: Type.Optional(Type.String({ maxLength: 50 })),
  model: Type.Optional(Type.String({ maxLength: 200 })),
  active: Type.Optional(BooleanQuery('active')),
  limit: Limit(500, 100),
  offset: Offset,
});
/** What a caller sends: limit and offset have server defaults. */
export type PricingListQuery = Partial<Static<typeof PricingListQuery>>;

export const PricingList = Type.Object({ pricings: Type.Array(PricingTier), total: Type.Integer() });
export type PricingList = Static<typeof PricingList>;
