import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { utcDay } from '../lib/time';
import { usageBreakdown, usageStats } from './usage';
import { EMPTY_STATS, dashboardStats } from './dashboard';
import { requireTeam } from '../teams/teams';
import { errors } from '../../contract/schemas/common';
import { TeamParams } from '../../contract/schemas/billing';
import { UsageBreakdown, UsageBreakdownQuery, UsageStats, UsageStatsQuery } from '../../contract/schemas/usage';
import { DashboardStats } from '../../contract/schemas/teams';

const MAX_RANGE_DAYS = 400;

/**
 * A team's usage: its spending by model over days (/v1/teams/{teamId}/credits/usage-breakdown, members only), the
 * signed-in member's team's daily usage (/v1/teams/usage-stats) and the dashboard's headline numbers
 * (/v1/dashboard/stats).
 */
export function usageRoutes(app: FastifyInstance, { db, guards }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const member = { onRequest: guards.requireTeamAccess };
  const auth = { onRequest: guards.authenticate };

  api.get(
    '/v1/teams/usage-stats',
    {
      ...auth,
      schema: {
        querystring: UsageStatsQuery,
        response: { 200: UsageStats, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { teamId } = requireTeam(request.membership);
      const end = request.query.end_date ?? utcDay(new Date());
      const start = request.query.start_date ?? utcDay(new Date(Date.parse(end) - 29 * 86_400_000));
      if (start > end) throw badRequest('start_date must not be after end_date');
      if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > MAX_RANGE_DAYS) {
        throw badRequest(`the date range must be at most ${MAX_RANGE_DAYS} days`);
      }
      return usageStats(db, teamId, start, end);
    },
  );

  api.get(
    '/v1/dashboard/stats',
    { ...auth, schema: { response: { 200: DashboardStats, ...errors(401) } } },
    async (request) => (request.membership ? dashboardStats(db, request.membership.teamId) : EMPTY_STATS),
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
}
