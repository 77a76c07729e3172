import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { utcDay } from '../lib/time';
import { usageBreakdown } from './usage';
import { errors } from '../../contract/schemas/common';
import { TeamParams } from '../../contract/schemas/billing';
import { UsageBreakdown, UsageBreakdownQuery } from '../../contract/schemas/usage';

/** A team's spending by model over days (/v1/teams/{teamId}/credits/usage-breakdown); members only. */
export function usageRoutes(app: FastifyInstance, { db, guards }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const member = { onRequest: guards.requireTeamAccess };

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
}
