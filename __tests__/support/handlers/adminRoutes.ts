// /v1/admin/… routes: coupon and pricing management, admins only (docs/api-contract.md, Calls).
import { unitPriceProblem } from '../../../contract/mediaUnits';
import { normaliseCouponCode } from '../../../contract/couponCode';
import {
  COUPON_SORTS,
  CouponCreateBody,
  CouponUpdateBody,
  type Coupon,
  type CouponSort,
} from '../../../contract/schemas/coupons';
import { PricingTierBody, TOKEN_RANGE_MESSAGE, type PricingTier } from '../../../contract/schemas/pricing';
import { DEFAULT_BATCH_PERCENT } from '../../../contract/batchPrice';
import { fakeDb } from '../fakeBackend';
import { dollars, isExpired, listCoupons, listPricing, windowsOverlap } from '../fakeBackend/views';
import {
  adminUser,
  bodyObject,
  checkBody,
  conflict,
  integerAtLeast,
  json,
  notFound,
  numberAtLeast,
  optionalBoolean,
  optionalString,
  optionalTime,
  page,
  queryBoolean,
  requiredString,
  route,
  validationError,
  type JsonObject,
  type RouteContext,
} from './http';

/** Generated codes avoid characters people confuse: no 0/O/1/I/L. */
export const COUPON_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

// ---- Coupons ----

function adminCoupon(context: RouteContext): Coupon {
  adminUser();
  const coupon = fakeDb.state.coupons.find((candidate) => candidate.id === context.params.id);
  if (!coupon) throw notFound('Coupon not found');
  return coupon;
}

/** The upper-cased code, unless another coupon already uses it. */
function uniqueCode(input: JsonObject, exceptId?: string): string {
  const code = normaliseCouponCode(requiredString(input, 'code'));
  const taken = fakeDb.state.coupons.some(
    (coupon) => normaliseCouponCode(coupon.code) === code && coupon.id !== exceptId,
  );
  if (taken) throw conflict('Coupon code already exists');
  return code;
}

const emptyToNull = (value: string | null | undefined): string | null => value?.trim() || null;

const createCoupon = route('post', '/v1/admin/coupons', ({ body }) => {
  adminUser();
  const input = checkBody(CouponCreateBody, body);
  const coupon: Coupon = {
    id: fakeDb.nextId('coupon'),
    code: uniqueCode(input),
    amount: dollars(numberAtLeast(input, 'amount_usd', 0.01)),
    description: emptyToNull(optionalString(input, 'description')),
    active: true,
    expires_at: optionalTime(input, 'expires_at') ?? null,
    max_uses: integerAtLeast(input, 'max_uses', 1),
    current_uses: 0,
    created_at: fakeDb.now().toISOString(),
  };
  fakeDb.state.coupons.push(coupon);
  return json(coupon, 201);
});

function couponSort(query: URLSearchParams): CouponSort {
  const value = query.get('sort_by') || 'created_at';
  const sort = COUPON_SORTS.find((candidate) => candidate === value);
  if (!sort) throw validationError(`sort_by must be one of ${COUPON_SORTS.join(', ')}`);
  return sort;
}

const listAdminCoupons = route('get', '/v1/admin/coupons', ({ query }) => {
  adminUser();
  const coupons = listCoupons(fakeDb.state.coupons, {
    active: queryBoolean(query, 'active'),
    hasUsesRemaining: queryBoolean(query, 'has_uses_remaining'),
    sortBy: couponSort(query),
  });
  return json({ coupons, total: coupons.length });
});

const getCoupon = route('get', '/v1/admin/coupons/:id', (context) => json(adminCoupon(context)));

/** Applies only the fields present in the body. */
function couponChanges(input: JsonObject, coupon: Coupon): Partial<Coupon> {
  const changes: Partial<Coupon> = {};
  if (input.code !== undefined) changes.code = uniqueCode(input, coupon.id);
  if (input.amount_usd !== undefined) changes.amount = dollars(numberAtLeast(input, 'amount_usd', 0.01));
  if (input.description !== undefined) changes.description = emptyToNull(optionalString(input, 'description'));
  if (input.max_uses !== undefined) changes.max_uses = integerAtLeast(input, 'max_uses', 1);
  if (input.expires_at !== undefined) changes.expires_at = optionalTime(input, 'expires_at') ?? null;
  const active = optionalBoolean(input, 'active');
  if (active !== undefined) changes.active = active;
  return changes;
}

const updateCoupon = route('put', '/v1/admin/coupons/:id', (context) => {
  const coupon = adminCoupon(context);
  return json(Object.assign(coupon, couponChanges(checkBody(CouponUpdateBody, context.body), coupon)));
});

const deactivateCoupon = route('delete', '/v1/admin/coupons/:id', (context) => {
  const coupon = adminCoupon(context);
  coupon.active = false;
  return json(coupon);
});

const generateCode = route('post', '/v1/admin/coupons/generate-code', ({ body }) => {
  adminUser();
  const input = body === null ? {} : bodyObject(body);
  const prefix = optionalString(input, 'prefix') ?? 'SAVE';
  const length = input.length === undefined ? 8 : integerAtLeast(input, 'length', 1);
  if (length > 32) throw validationError('length must be an integer between 1 and 32');
  return json({ code: `${prefix.toUpperCase()}${fakeDb.randomChars(COUPON_CODE_ALPHABET, length)}` });
});

// ---- Pricing ----

const listAdminPricing = route('get', '/v1/admin/pricing', ({ query }) => {
  adminUser();
  const filters = {
    provider: query.get('provider') || undefined,
    model: query.get('model') || undefined,
    active: queryBoolean(query, 'active'),
  };
  const { rows, total } = page(listPricing(fakeDb.state.pricing, filters, fakeDb.now()), query, 100);
  return json({ pricings: rows, total });
});

function optionalPrice(input: JsonObject, field: string): number | null {
  return input[field] === undefined || input[field] === null ? null : numberAtLeast(input, field, 0);
}

function optionalCount(input: JsonObject, field: string, min: number): number | null {
  return input[field] === undefined || input[field] === null ? null : integerAtLeast(input, field, min);
}

function tierFromBody(input: JsonObject): PricingTier {
  const minTokens = integerAtLeast(input, 'min_tokens', 0);
  const maxTokens = optionalCount(input, 'max_tokens', 1);
  if (maxTokens !== null && maxTokens <= minTokens) throw validationError(TOKEN_RANGE_MESSAGE);
  const supportsCaching = optionalBoolean(input, 'supports_caching') ?? false;
  const now = fakeDb.now().toISOString();
  return {
    id: fakeDb.nextId('pricing'),
    provider: requiredString(input, 'provider'),
    model: requiredString(input, 'model'),
    tier_name: optionalString(input, 'tier_name')?.trim() || 'standard',
    tier_order: input.tier_order === undefined ? 1 : integerAtLeast(input, 'tier_order', 1),
    tier_description: emptyToNull(optionalString(input, 'tier_description')),
    min_tokens: minTokens,
    max_tokens: maxTokens,
    prompt_cost_per_1m: numberAtLeast(input, 'prompt_cost_per_1m', 0),
    completion_cost_per_1m: numberAtLeast(input, 'completion_cost_per_1m', 0),
    cache_create_cost_per_1m: supportsCaching ? optionalPrice(input, 'cache_create_cost_per_1m') : null,
    cache_read_cost_per_1m: supportsCaching ? optionalPrice(input, 'cache_read_cost_per_1m') : null,
    supports_caching: supportsCaching,
    cache_min_tokens: supportsCaching ? optionalCount(input, 'cache_min_tokens', 0) : null,
    cache_ttl_minutes: supportsCaching ? optionalCount(input, 'cache_ttl_minutes', 0) : null,
    notes: emptyToNull(optionalString(input, 'notes')),
    effective_time: optionalTime(input, 'effective_time') ?? now,
    expiry_time: optionalTime(input, 'expiry_time') ?? null,
    created_at: now,
    cache_hit_percent: optionalCount(input, 'cache_hit_percent', 0) ?? 0,
    batch_percent: optionalCount(input, 'batch_percent', 0) ?? DEFAULT_BATCH_PERCENT,
    unit_prices: unitPricesOf(input.unit_prices),
  };
}

/** As the server checks them (contract/mediaUnits.ts unitPriceProblem); none when absent. */
function unitPricesOf(value: unknown): Record<string, number> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validationError('unit_prices must be an object of unit prices in dollars.');
  }
  for (const [key, dollars] of Object.entries(value)) {
    const problem = unitPriceProblem(key, dollars);
    if (problem) throw validationError(problem);
  }
  return value as Record<string, number>;
}

/** 409 when the same provider, model and tier order is already priced for an overlapping period. */
const createTier = route('post', '/v1/admin/pricing/tiers', ({ body }) => {
  adminUser();
  // The server's own schema, with its messages ("Enter a model name."), then the rules it checks past the schema.
  const tier = tierFromBody(checkBody(PricingTierBody, body));
  const clash = fakeDb.state.pricing.some(
    (other) =>
      other.provider === tier.provider &&
      other.model === tier.model &&
      other.tier_order === tier.tier_order &&
      windowsOverlap(other, tier),
  );
  if (clash) throw conflict('A pricing tier for this provider, model and tier order overlaps that period');
  fakeDb.state.pricing.push(tier);
  return json(tier, 201);
});

const deactivateTier = route('delete', '/v1/admin/pricing/:id', ({ params }) => {
  adminUser();
  const tier = fakeDb.state.pricing.find((candidate) => candidate.id === params.id);
  if (!tier) throw notFound('Pricing tier not found');
  const now = fakeDb.now();
  if (!isExpired(tier.expiry_time, now)) tier.expiry_time = now.toISOString();
  return json(tier);
});

export const adminRoutes = [
  createCoupon,
  listAdminCoupons,
  generateCode,
  getCoupon,
  updateCoupon,
  deactivateCoupon,
  listAdminPricing,
  createTier,
  deactivateTier,
];
