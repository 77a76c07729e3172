import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { auditContext } from '../plugins/auth';
import { serverOrigin } from '../plugins/security';
import { checkPayment, createPaymentLink, paymentHistory, paymentStatus } from './payments';
import { errors } from '../../contract/schemas/common';
import {
  OrderParams,
  PaymentCheckReply,
  PaymentHistory,
  PaymentLink,
  PaymentLinkBody,
  PaymentStatusReply,
  TeamParams,
} from '../../contract/schemas/billing';

/** A team's top-ups (/v1/teams/{teamId}/payments/...): a payment link, its status and the history; members only. */
export function teamPaymentRoutes(app: FastifyInstance, { db, guards, config, paymentProvider }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const member = { onRequest: guards.requireTeamAccess };

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
}
