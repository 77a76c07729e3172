import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { analytics } from '../analytics/analytics';
import type { Deps } from '../deps';
import { auditContext } from '../plugins/auth';
import { CHANGES_SPENDING } from '../plugins/spendingChanges';
import { listTeams, systemOverview, teamDetail } from './adminTeams';
import { listUsers, setUserDisabled } from './adminUsers';
import { adjustCredits } from '../ledger/ledger';
import {
  AdminTeamDetail,
  AdminTeamList,
  AdminTeamListQuery,
  AdminUserList,
  AdminUserListQuery,
  AdminUserParams,
  AdminUserRow,
  AdminUserUpdateBody,
  SystemOverview,
} from '../../contract/schemas/adminConsole';
import { Analytics, AnalyticsQuery } from '../../contract/schemas/analytics';
import { CreditAdjustmentBody, CreditAdjustmentReply, TeamParams } from '../../contract/schemas/billing';
import { errors } from '../../contract/schemas/common';
import { ADMIN_ANALYTICS_PATH, ADMIN_OVERVIEW_PATH, ADMIN_TEAMS_PATH, ADMIN_USERS_PATH } from '../../contract/apiPaths';

/** The operator's console (docs/api-contract.md): teams, users, analytics and the overview; administrators only. */
export function adminConsoleRoutes(app: FastifyInstance, { config, db, guards }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };

  api.get(
    ADMIN_OVERVIEW_PATH,
    { ...admin, schema: { response: { 200: SystemOverview, ...errors(401, 403) } } },
    async () => systemOverview(db),
  );

  api.get(
    ADMIN_TEAMS_PATH,
    {
      ...admin,
      schema: { querystring: AdminTeamListQuery, response: { 200: AdminTeamList, ...errors(400, 401, 403) } },
    },
    async (request) => listTeams(db, request.query),
  );

  api.get(
    `${ADMIN_TEAMS_PATH}/:teamId`,
    { ...admin, schema: { params: TeamParams, response: { 200: AdminTeamDetail, ...errors(401, 403, 404) } } },
    async (request) => teamDetail(db, request.params.teamId),
  );

  api.post(
    `${ADMIN_TEAMS_PATH}/:teamId/credits/adjustments`,
    {
      ...admin,
      schema: {
        params: TeamParams,
        body: CreditAdjustmentBody,
        response: { 201: CreditAdjustmentReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { amount_cents, reason } = request.body;
      const who = auditContext(request, { admin: true });
      const adjusted = await adjustCredits(db, request.params.teamId, who, amount_cents, reason);
      return reply.code(201).send(adjusted);
    },
  );

  api.get(
    ADMIN_USERS_PATH,
    {
      ...admin,
      schema: { querystring: AdminUserListQuery, response: { 200: AdminUserList, ...errors(400, 401, 403) } },
    },
    async (request) => listUsers(db, request.query, config.adminLogins),
  );

  // A user disabled or enabled changes whose keys work: every instance takes its credit leases again.
  api.patch(
    `${ADMIN_USERS_PATH}/:userId`,
    {
      ...admin,
      config: CHANGES_SPENDING,
      schema: {
        params: AdminUserParams,
        body: AdminUserUpdateBody,
        response: { 200: AdminUserRow, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setUserDisabled(
        db,
        auditContext(request, { admin: true }),
        request.params.userId,
        request.body.disabled,
        config.adminLogins,
      ),
  );

  api.get(
    ADMIN_ANALYTICS_PATH,
    { ...admin, schema: { querystring: AnalyticsQuery, response: { 200: Analytics, ...errors(400, 401, 403) } } },
    async (request) => analytics(db, request.query),
  );
}
