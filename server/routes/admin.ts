import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import {
  COUPON_SORTS,
  createCoupon,
  deactivateCoupon,
  generateCouponCode,
  getCoupon,
  listCoupons,
  updateCoupon,
} from '../services/coupons';
import { createTier, deactivateTier, listTiers } from '../services/pricing';
import { BooleanQuery, Coupon, DateTimeString, Nullable, Offset, PricingTier, errors } from './schemas';

const Code = Type.String({
  pattern: '^\\s*[A-Za-z0-9_-]{3,32}\\s*$',
  errorMessage: 'code must be 3-32 letters, digits, - or _',
});
// At least a cent: a smaller amount would be stored as 0 cents.
const AmountUsd = Type.Number({
  minimum: 0.01,
  maximum: 1_000_000,
  errorMessage: 'amount_usd must be a number from 0.01 to 1000000',
});
const MaxUses = Type.Integer({ minimum: 1, maximum: 10_000_000, errorMessage: 'max_uses must be an integer >= 1' });
const Description = Nullable(
  Type.String({ maxLength: 500, errorMessage: 'description must be at most 500 characters' }),
);
const IdParams = Type.Object({ id: Type.String() });

const price = (field: string) =>
  Type.Number({ minimum: 0, maximum: 1_000_000, errorMessage: `${field} must be a number >= 0` });
const optionalCount = (field: string) =>
  Type.Optional(
    Nullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647, errorMessage: `${field} must be an integer >= 0` })),
  );

const TierBody = Type.Object({
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

/** Coupon and pricing administration; every route requires is_admin. */
export function adminRoutes(app: FastifyInstance, { db, guards, gateway }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };

  api.post(
    '/v1/admin/coupons',
    {
      ...admin,
      schema: {
        body: Type.Object({
          code: Code,
          amount_usd: AmountUsd,
          description: Type.Optional(Description),
          max_uses: MaxUses,
          expires_at: Type.Optional(Nullable(DateTimeString('expires_at'))),
        }),
        response: { 201: Coupon, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createCoupon(db, request.body)),
  );

  api.get(
    '/v1/admin/coupons',
    {
      ...admin,
      schema: {
        querystring: Type.Object({
          active: Type.Optional(BooleanQuery('active')),
          has_uses_remaining: Type.Optional(BooleanQuery('has_uses_remaining')),
          sort_by: Type.Optional(
            Type.Union(
              COUPON_SORTS.map((sort) => Type.Literal(sort)),
              {
                errorMessage: `sort_by must be one of ${COUPON_SORTS.join(', ')}`,
              },
            ),
          ),
        }),
        response: {
          200: Type.Object({ coupons: Type.Array(Coupon), total: Type.Integer() }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => listCoupons(db, request.query),
  );

  api.post(
    '/v1/admin/coupons/generate-code',
    {
      ...admin,
      schema: {
        body: Type.Object({
          prefix: Type.String({
            pattern: '^[A-Za-z0-9]{0,16}$',
            default: 'SAVE',
            errorMessage: 'prefix must be 0-16 letters or digits',
          }),
          length: Type.Integer({
            minimum: 4,
            maximum: 32,
            default: 8,
            errorMessage: 'length must be an integer from 4 to 32',
          }),
        }),
        response: { 200: Type.Object({ code: Type.String() }), ...errors(400, 401, 403) },
      },
    },
    async (request) => generateCouponCode(db, request.body.prefix, request.body.length),
  );

  api.get(
    '/v1/admin/coupons/:id',
    { ...admin, schema: { params: IdParams, response: { 200: Coupon, ...errors(401, 403, 404) } } },
    async (request) => getCoupon(db, request.params.id),
  );

  api.put(
    '/v1/admin/coupons/:id',
    {
      ...admin,
      schema: {
        params: IdParams,
        body: Type.Object({
          code: Type.Optional(Code),
          amount_usd: Type.Optional(AmountUsd),
          description: Type.Optional(Description),
          max_uses: Type.Optional(MaxUses),
          expires_at: Type.Optional(Nullable(DateTimeString('expires_at'))),
          active: Type.Optional(Type.Boolean({ errorMessage: 'active must be true or false' })),
        }),
        response: { 200: Coupon, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateCoupon(db, request.params.id, request.body),
  );

  api.delete(
    '/v1/admin/coupons/:id',
    { ...admin, schema: { params: IdParams, response: { 200: Coupon, ...errors(401, 403, 404) } } },
    async (request) => deactivateCoupon(db, request.params.id),
  );

  api.get(
    '/v1/admin/pricing',
    {
      ...admin,
      schema: {
        querystring: Type.Object({
          provider: Type.Optional(Type.String({ maxLength: 50 })),
          model: Type.Optional(Type.String({ maxLength: 200 })),
          active: Type.Optional(BooleanQuery('active')),
          limit: Type.Integer({
            minimum: 1,
            maximum: 500,
            default: 100,
            errorMessage: 'limit must be an integer from 1 to 500',
          }),
          offset: Offset,
        }),
        response: {
          200: Type.Object({ pricings: Type.Array(PricingTier), total: Type.Integer() }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => listTiers(db, request.query),
  );

  api.post(
    '/v1/admin/pricing/tiers',
    { ...admin, schema: { body: TierBody, response: { 201: PricingTier, ...errors(400, 401, 403, 409) } } },
    async (request, reply) => {
      if (request.body.model.trim().length === 0) throw badRequest('model is required');
      const tier = await createTier(db, request.body);
      gateway.pricingChanged();
      return reply.code(201).send(tier);
    },
  );

  api.delete(
    '/v1/admin/pricing/:id',
    { ...admin, schema: { params: IdParams, response: { 200: PricingTier, ...errors(401, 403, 404) } } },
    async (request) => {
      const tier = await deactivateTier(db, request.params.id);
      gateway.pricingChanged();
      return tier;
    },
  );
}
