import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { auditContext } from '../plugins/auth';
import {
  createCoupon,
  deactivateCoupon,
  generateCouponCode,
  getCoupon,
  listCoupons,
  updateCoupon,
} from '../services/coupons';
import { adjustCredits } from '../services/credits';
import { createTier, deactivateTier, listTiers } from '../services/pricing';
import { IdParams, MODEL_NAME_MESSAGE, errors } from '../../contract/schemas/common';
import {
  Coupon,
  CouponCreateBody,
  CouponList,
  CouponListQuery,
  CouponUpdateBody,
  GenerateCodeBody,
  GeneratedCode,
} from '../../contract/schemas/coupons';
import { PricingList, PricingListQuery, PricingTier, PricingTierBody } from '../../contract/schemas/pricing';
import { CreditAdjustmentBody, CreditAdjustmentReply, TeamParams } from '../../contract/schemas/billing';
import { ADMIN_TEAMS_PATH } from '../../contract/apiPaths';

/** Coupon and pricing administration; every route requires is_admin. */
export function adminRoutes(app: FastifyInstance, { db, guards, gateway }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };

  api.post(
    '/v1/admin/coupons',
    {
      ...admin,
      schema: {
        body: CouponCreateBody,
        response: { 201: Coupon, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await db.tx((q) => createCoupon(q, auditContext(request, { admin: true }), request.body))),
  );

  api.get(
    '/v1/admin/coupons',
    {
      ...admin,
      schema: {
        querystring: CouponListQuery,
        response: { 200: CouponList, ...errors(400, 401, 403) },
      },
    },
    async (request) => listCoupons(db, request.query),
  );

  api.post(
    '/v1/admin/coupons/generate-code',
    {
      ...admin,
      schema: {
        body: GenerateCodeBody,
        response: { 200: GeneratedCode, ...errors(400, 401, 403) },
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
        body: CouponUpdateBody,
        response: { 200: Coupon, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      db.tx((q) => updateCoupon(q, auditContext(request, { admin: true }), request.params.id, request.body)),
  );

  api.delete(
    '/v1/admin/coupons/:id',
    { ...admin, schema: { params: IdParams, response: { 200: Coupon, ...errors(401, 403, 404) } } },
    async (request) => db.tx((q) => deactivateCoupon(q, auditContext(request, { admin: true }), request.params.id)),
  );

  api.get(
    '/v1/admin/pricing',
    {
      ...admin,
      schema: {
        querystring: PricingListQuery,
        response: { 200: PricingList, ...errors(400, 401, 403) },
      },
    },
    async (request) => listTiers(db, request.query),
  );

  api.post(
    '/v1/admin/pricing/tiers',
    { ...admin, schema: { body: PricingTierBody, response: { 201: PricingTier, ...errors(400, 401, 403, 409) } } },
    async (request, reply) => {
      if (request.body.model.trim().length === 0) throw badRequest(MODEL_NAME_MESSAGE);
      const tier = await createTier(db, auditContext(request, { admin: true }), request.body);
      await gateway.changed('pricing');
      return reply.code(201).send(tier);
    },
  );

  api.delete(
    '/v1/admin/pricing/:id',
    { ...admin, schema: { params: IdParams, response: { 200: PricingTier, ...errors(401, 403, 404) } } },
    async (request) => {
      const tier = await deactivateTier(db, auditContext(request, { admin: true }), request.params.id);
      await gateway.changed('pricing');
      return tier;
    },
  );

  api.post(
    `${ADMIN_TEAMS_PATH}/:teamId/credits/adjustments`,
    {
      ...admin,
      schema: {
        params: TeamParams,
        body: CreditAdjustmentBody,
        response: { 201: CreditAdjustmentReply, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { amount_cents, reason } = request.body;
      const who = auditContext(request, { admin: true });
      return reply.code(201).send(await adjustCredits(db, request.params.teamId, who, amount_cents, reason));
    },
  );
}
