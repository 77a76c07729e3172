import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { balanceCents, creditHistory, detailedBalance } from './ledger';
import { centsToDollars } from '../lib/money';
import { Pagination, errors } from '../../contract/schemas/common';
import { CreditBalance, CreditHistory, DetailedCreditBalance, TeamParams } from '../../contract/schemas/billing';

/** A team's credit ledger (/v1/teams/{teamId}/credits/...): its balance and history; members only. */
export function ledgerRoutes(app: FastifyInstance, { db, guards }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const member = { onRequest: guards.requireTeamAccess };

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
}
