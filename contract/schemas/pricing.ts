import { Type, type Static } from '@sinclair/typebox';
import { BooleanQuery, DateTimeString, Limit, Nullable, Offset } from './common';

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
  created_at: Type.String(),
});
export type PricingTier = Static<typeof PricingTier>;

const price = (field: string) =>
  Type.Number({ minimum: 0, maximum: 1_000_000, errorMessage: `${field} must be a number >= 0` });
const optionalCount = (field: string) =>
  Type.Optional(
    Nullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: `${field} must be an integer >= 0` })),
  );

export const PricingTierBody = Type.Object({
  provider: Type.String({
    pattern: '^[a-z0-9][a-z0-9_.-]{0,49}$',
    errorMessage: 'provider is required (lower-case name)',
  }),
  model: Type.String({ pattern: '\\S', maxLength: 200, errorMessage: 'model is required' }),
  tier_name: Type.String({
    pattern: '\\S',
    maxLength: 100,
    default: 'standard',
    errorMessage: 'tier_name is required',
  }),
  tier_order: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 1,
    errorMessage: 'tier_order must be an integer >= 1',
  }),
  tier_description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  min_tokens: Type.Integer({ minimum: 0, maximum: 1e12, errorMessage: 'min_tokens must be an integer >= 0' }),
  max_tokens: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 1e12, errorMessage: 'max_tokens must be null or an integer >= 1' })),
  ),
  prompt_cost_per_1m: price('prompt_cost_per_1m'),
  completion_cost_per_1m: price('completion_cost_per_1m'),
  cache_create_cost_per_1m: Type.Optional(Nullable(price('cache_create_cost_per_1m'))),
  cache_read_cost_per_1m: Type.Optional(Nullable(price('cache_read_cost_per_1m'))),
  supports_caching: Type.Optional(Type.Boolean({ errorMessage: 'supports_caching must be true or false' })),
  cache_min_tokens: optionalCount('cache_min_tokens'),
  cache_ttl_minutes: optionalCount('cache_ttl_minutes'),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  effective_time: Type.Optional(DateTimeString('effective_time')),
  expiry_time: Type.Optional(Nullable(DateTimeString('expiry_time'))),
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
