import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { auditContext } from '../plugins/auth';
import { createTier, deactivateTier, listTiers } from './pricing';
import { IdParams, MODEL_NAME_MESSAGE, errors } from '../../contract/schemas/common';
import { PricingList, PricingListQuery, PricingTier, PricingTierBody } from '../../contract/schemas/pricing';

/** Pricing tiers' administration (/v1/admin/pricing); administrators only. An edit is heard by every instance. */
export function pricingRoutes(app: FastifyInstance, { db, guards, gateway }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };

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
}
