import type { Success } from '../../../contract/schemas/common';
import type {
  BudgetBody,
  InviteBody,
  InviteReply,
  MemberCapBody,
  Team,
  TeamCreateBody,
  TeamDashboard,
  TeamInvite,
  TeamMember,
} from '../../../contract/schemas/teams';
import type { UsageStats, UsageStatsQuery } from '../../../contract/schemas/usage';
import { listTags, TEAM_SCOPED_TAGS, type Build } from '../tags';
import {
  memberCapPath,
  TEAM_DASHBOARD_PATH,
  TEAM_INVITES_PATH,
  TEAM_MEMBERS_PATH,
  TEAM_PATH,
  USAGE_STATS_PATH,
} from '../../../contract/apiPaths';

export const teamEndpoints = (build: Build) => ({
  getTeam: build.query<Team, void>({ query: () => TEAM_PATH, providesTags: ['Team'] }),
  createTeam: build.mutation<Team, TeamCreateBody>({
    query: (body) => ({ url: TEAM_PATH, method: 'POST', body }),
    // A created team, or 409 because the user already belongs to one (made in another tab): either way the user has a
    // team now, so the session's user (its team_id) and the team-scoped answers refresh and the page shows the team.
    // Any other failure changes nothing: refetching would put the page's loader in place of the form, losing what was
    // typed and the failure message.
    invalidatesTags: (team, error) => (team || error?.status === 409 ? [...TEAM_SCOPED_TAGS, 'Me'] : []),
  }),
  getTeamMembers: build.query<TeamMember[], void>({
    query: () => TEAM_MEMBERS_PATH,
    providesTags: (members) => listTags('TeamMember', members, (member) => member.id),
  }),
  inviteMember: build.mutation<InviteReply, InviteBody>({
    query: (body) => ({ url: '/v1/teams/invite', method: 'POST', body }),
    invalidatesTags: [{ type: 'TeamMember', id: 'LIST' }, { type: 'TeamInvite', id: 'LIST' }, 'Activity'],
  }),
  getTeamInvites: build.query<TeamInvite[], void>({
    query: () => TEAM_INVITES_PATH,
    providesTags: (invites) => listTags('TeamInvite', invites, (invite) => invite.id),
  }),
  cancelInvite: build.mutation<Success, string>({
    query: (inviteId) => ({ url: `/v1/teams/invites/${encodeURIComponent(inviteId)}`, method: 'DELETE' }),
    invalidatesTags: (_result, _error, inviteId) => [{ type: 'TeamInvite', id: inviteId }, 'Activity'],
  }),
  removeMember: build.mutation<Success, string>({
    query: (memberId) => ({ url: `/v1/teams/members/${encodeURIComponent(memberId)}`, method: 'DELETE' }),
    invalidatesTags: (_result, _error, memberId) => [
      { type: 'TeamMember', id: memberId },
      'Team',
      'TeamDashboard',
      'Activity',
    ],
  }),
  setMemberCap: build.mutation<TeamMember, { userId: string } & MemberCapBody>({
    query: ({ userId, monthly_cap_cents }) => ({
      url: memberCapPath(userId),
      method: 'PATCH',
      body: { monthly_cap_cents },
    }),
    invalidatesTags: (_result, _error, { userId }) => [{ type: 'TeamMember', id: userId }],
  }),
  updateBudget: build.mutation<Team, BudgetBody>({
    query: (body) => ({ url: '/v1/teams/budget', method: 'PUT', body }),
    invalidatesTags: ['Team', 'TeamDashboard', 'UsageStats', 'Activity'],
  }),
  getTeamDashboard: build.query<TeamDashboard, void>({
    query: () => TEAM_DASHBOARD_PATH,
    providesTags: ['TeamDashboard'],
  }),
  getUsageStats: build.query<UsageStats, Required<UsageStatsQuery>>({
    query: (params) => ({ url: USAGE_STATS_PATH, params }),
    providesTags: ['UsageStats'],
  }),
});
