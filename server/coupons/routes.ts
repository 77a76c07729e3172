import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { auditContext } from '../plugins/auth';
import {
  createCoupon,
  deactivateCoupon,
  generateCouponCode,
  getCoupon,
  listCoupons,
  listRedemptions,
  redeemCoupon,
  updateCoupon,
  validateCoupon,
} from './coupons';
import { IdParams, Pagination, errors } from '../../contract/schemas/common';
import { TeamParams } from '../../contract/schemas/billing';
import {
  Coupon,
  CouponCodeBody,
  CouponCreateBody,
  CouponList,
  CouponListQuery,
  CouponUpdateBody,
  CouponValidation,
  GenerateCodeBody,
  GeneratedCode,
  RedeemReply,
  Redemptions,
} from '../../contract/schemas/coupons';

/**
 * The coupons room's routes (docs/architecture.md): administration (/v1/admin/coupons, administrators only) and a
 * team's redemption (/v1/teams/{teamId}/coupons, members only, rate limited).
 */
export function couponRoutes(app: FastifyInstance, { db, guards, rateLimit }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const member = { onRequest: guards.requireTeamAccess };
  const limited = rateLimit ? { rateLimit } : undefined;

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

  api.post(
    '/v1/teams/:teamId/coupons/validate',
    {
      ...member,
      config: limited,
      schema: {
        params: TeamParams,
        body: CouponCodeBody,
        response: { 200: CouponValidation, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => validateCoupon(db, request.params.teamId, request.body.code),
  );

  api.post(
    '/v1/teams/:teamId/coupons/redeem',
    {
      ...member,
      config: limited,
      schema: {
        params: TeamParams,
        body: CouponCodeBody,
        response: { 200: RedeemReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => redeemCoupon(db, request.params.teamId, auditContext(request), request.body.code),
  );

  api.get(
    '/v1/teams/:teamId/coupons/redemptions',
    {
      ...member,
      schema: { params: TeamParams, querystring: Pagination, response: { 200: Redemptions, ...errors(400, 401, 403) } },
    },
    async (request) => listRedemptions(db, request.params.teamId, request.query.limit, request.query.offset),
  );
}
