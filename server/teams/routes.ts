import type { FastifyInstance } from 'fastify';
import { CHANGES_SPENDING } from '../plugins/spendingChanges';
import { Type, type TObject, type TString, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest, isUuid, notFound } from '../lib/errors';
import { dollarsToCents } from '../lib/money';
import { auditContext, currentUser } from '../plugins/auth';
import { serverOrigin } from '../plugins/security';
import { listActivity } from './activity';
import {
  createTeam,
  inviteMember,
  listPendingInvites,
  cancelInvite,
  listMembers,
  myCap,
  removeMember,
  requireTeam,
  setMemberCap,
  teamView,
  updateBudget,
} from './teams';
import { currentMonthStats } from '../usage/usage';
import { Success, errors } from '../../contract/schemas/common';
import {
  ActivityList,
  ActivityQuery,
  BudgetBody,
  InviteBody,
  InviteParams,
  InviteReply,
  MemberCapBody,
  MemberParams,
  Team,
  TeamCreateBody,
  TeamDashboard,
  TeamInvite,
  TeamMember,
  TEAM_NAME_MESSAGE,
} from '../../contract/schemas/teams';
import { INVITE_ACCEPT_PATH } from '../../contract/apiPaths';

function teamName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > 100) throw badRequest(TEAM_NAME_MESSAGE);
  return name;
}

/** Routes about the signed-in user's own team (no team id in the path). */
export function teamRoutes(app: FastifyInstance, { db, guards, config, alerts }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };

  api.get('/v1/teams/', { ...auth, schema: { response: { 200: Team, ...errors(401, 404) } } }, async (request) => {
    return teamView(db, requireTeam(request.membership).teamId);
  });

  api.post(
    '/v1/teams/',
    {
      ...auth,
      schema: {
        body: TeamCreateBody,
        response: { 201: Team, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const team = await createTeam(
        db,
        auditContext(request),
        teamName(request.body.name),
        dollarsToCents(request.body.budget_limit),
      );
      return reply.code(201).send(team);
    },
  );

  api.get(
    '/v1/teams/members',
    {
      ...auth,
      schema: {
        response: {
          200: Type.Array(TeamMember),
          ...errors(401, 404),
        },
      },
    },
    async (request) => {
      return listMembers(db, requireTeam(request.membership).teamId);
    },
  );

  api.post(
    '/v1/teams/invite',
    {
      ...auth,
      schema: {
        body: InviteBody,
        response: { 201: InviteReply, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const origin = serverOrigin(config, request);
      const acceptUrl = (token: string) => `${origin}${INVITE_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
      const invite = await inviteMember(db, request.membership, auditContext(request), request.body.email, acceptUrl);
      return reply.code(201).send(invite);
    },
  );

  api.get(
    '/v1/teams/invites',
    {
      ...auth,
      schema: {
        response: {
          200: Type.Array(TeamInvite),
          ...errors(401, 404),
        },
      },
    },
    async (request) => listPendingInvites(db, request.membership),
  );

  /** The owner removes one invite or member; an id that is not a UUID cannot exist, so it is a 404 too. */
  function removeRoute<Key extends string>(
    path: string,
    params: TObject<Record<Key, TString>>,
    key: Key,
    missing: string,
    remove: typeof cancelInvite,
    config = {},
  ) {
    api.delete(
      path,
      {
        ...auth,
        config,
        schema: {
          params,
          response: { 200: Success, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const id = (request.params as Record<Key, string>)[key];
        if (!isUuid(id)) throw notFound(missing);
        return remove(db, request.membership, auditContext(request), id);
      },
    );
  }
  removeRoute('/v1/teams/invites/:inviteId', InviteParams, 'inviteId', 'Invite not found', cancelInvite);
  removeRoute(
    '/v1/teams/members/:userId',
    MemberParams,
    'userId',
    'Team member not found',
    removeMember,
    CHANGES_SPENDING,
  );

  api.patch(
    '/v1/teams/members/:userId/cap',
    {
      ...auth,
      config: CHANGES_SPENDING,
      schema: {
        params: MemberParams,
        body: MemberCapBody,
        response: { 200: TeamMember, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (!isUuid(userId)) throw notFound('Team member not found');
      return setMemberCap(db, request.membership, auditContext(request), userId, request.body.monthly_cap_cents);
    },
  );

  api.put(
    '/v1/teams/budget',
    {
      ...auth,
      config: CHANGES_SPENDING,
      schema: {
        body: BudgetBody,
        response: { 200: Team, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const team = await updateBudget(
        db,
        request.membership,
        auditContext(request),
        dollarsToCents(request.body.budget_limit),
      );
      // A lower budget may already be crossed.
      alerts.teamChanged(team.id);
      return team;
    },
  );

  api.get(
    '/v1/teams/dashboard',
    {
      ...auth,
      schema: {
        response: { 200: TeamDashboard, ...errors(401, 404) },
      },
    },
    async (request) => {
      const membership = requireTeam(request.membership);
      const [team, stats, cap] = await Promise.all([
        teamView(db, membership.teamId),
        currentMonthStats(db, membership.teamId),
        myCap(db, membership, currentUser(request).id),
      ]);
      return { is_owner: membership.role === 'owner', my_cap: cap, team, current_month_stats: stats };
    },
  );

  api.get(
    '/v1/dashboard/activity',
    {
      ...auth,
      schema: {
        querystring: ActivityQuery,
        response: { 200: ActivityList, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { membership } = request;
      return { activities: membership ? await listActivity(db, membership.teamId, request.query.limit) : [] };
    },
  );
}
