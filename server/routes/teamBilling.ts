import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { utcDay } from '../lib/time';
import { auditContext } from '../plugins/auth';
import { serverOrigin } from '../plugins/security';
import { listRedemptions, redeemCoupon, validateCoupon } from '../services/coupons';
import { balanceCents, creditHistory, detailedBalance } from '../services/credits';
import { checkPayment, createPaymentLink, paymentHistory, paymentStatus } from '../payments/payments';
import { usageBreakdown } from '../services/usage';
import { centsToDollars } from '../lib/money';
import { Pagination, errors } from '../../contract/schemas/common';
import {
  CreditBalance,
  CreditHistory,
  DetailedCreditBalance,
  OrderParams,
  PaymentCheckReply,
  PaymentHistory,
  PaymentLink,
  PaymentLinkBody,
  PaymentStatusReply,
  TeamParams,
} from '../../contract/schemas/billing';
import { CouponCodeBody, CouponValidation, RedeemReply, Redemptions } from '../../contract/schemas/coupons';
import { UsageBreakdown, UsageBreakdownQuery } from '../../contract/schemas/usage';

/** Credits, payments and coupon redemption of one team: /v1/teams/{teamId}/..., members only. */
export function teamBillingRoutes(app: FastifyInstance, deps: Deps) {
  const { db, guards, config, paymentProvider } = deps;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const member = { onRequest: guards.requireTeamAccess };
  const limited = deps.rateLimit ? { rateLimit: deps.rateLimit } : undefined;

  api.get(
    '/v1/teams/:teamId/credits/balance',
    {
      ...member,
      schema: {
        params: TeamParams,
        response: { 200: CreditBalance, ...errors(401, 403) },
      },
    },
    async (request) => ({
      team_id: request.params.teamId,
      current_balance: centsToDollars(await balanceCents(db, request.params.teamId)),
    }),
  );

  api.get(
    '/v1/teams/:teamId/credits/balance/detailed',
    { ...member, schema: { params: TeamParams, response: { 200: DetailedCreditBalance, ...errors(401, 403) } } },
    async (request) => detailedBalance(db, request.params.teamId),
  );

  api.get(
    '/v1/teams/:teamId/credits/history',
    {
      ...member,
      schema: {
        params: TeamParams,
        querystring: Pagination,
        response: { 200: CreditHistory, ...errors(400, 401, 403) },
      },
    },
    async (request) => creditHistory(db, request.params.teamId, request.query.limit, request.query.offset),
  );

  api.get(
    '/v1/teams/:teamId/credits/usage-breakdown',
    {
      ...member,
      schema: {
        params: TeamParams,
        querystring: UsageBreakdownQuery,
        response: { 200: UsageBreakdown, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const today = new Date();
      const to = request.query.to ?? utcDay(today);
      const from = request.query.from ?? `${to.slice(0, 8)}01`;
      if (from > to) throw badRequest('from must not be after to');
      return usageBreakdown(db, request.params.teamId, from, to);
    },
  );

  api.post(
    '/v1/teams/:teamId/payments/create-link',
    {
      ...member,
      schema: {
        params: TeamParams,
        body: PaymentLinkBody,
        response: { 201: PaymentLink, ...errors(400, 401, 403, 502) },
      },
    },
    async (request, reply) => {
      const description = request.body.description?.trim() || 'Credit top-up';
      const link = await createPaymentLink(db, paymentProvider, auditContext(request), {
        teamId: request.params.teamId,
        amountCents: request.body.amount_cents,
        description,
        baseUrl: serverOrigin(config, request),
      });
      return reply.code(201).send(link);
    },
  );

  api.get(
    '/v1/teams/:teamId/payments/:orderId/status',
    {
      ...member,
      schema: {
        params: OrderParams,
        response: { 200: PaymentStatusReply, ...errors(401, 403, 404) },
      },
    },
    async (request) => paymentStatus(db, request.params.teamId, request.params.orderId),
  );

  api.get(
    '/v1/teams/:teamId/payments/history',
    { ...member, schema: { params: TeamParams, response: { 200: PaymentHistory, ...errors(401, 403) } } },
    async (request) => paymentHistory(db, request.params.teamId),
  );

  api.post(
    '/v1/teams/:teamId/payments/:orderId/check',
    {
      ...member,
      schema: {
        params: OrderParams,
        response: { 200: PaymentCheckReply, ...errors(401, 403, 404, 502) },
      },
    },
    async (request) =>
      checkPayment(db, paymentProvider, config.operator, request.params.teamId, request.params.orderId),
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
