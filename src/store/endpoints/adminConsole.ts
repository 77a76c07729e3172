import type {
  AdminTeamDetail,
  AdminTeamList,
  AdminTeamListQuery,
  AdminUserList,
  AdminUserListQuery,
  AdminUserRow,
  SystemOverview,
} from '../../../contract/schemas/adminConsole';
import type { Analytics, AnalyticsQuery } from '../../../contract/schemas/analytics';
import type { CreditAdjustmentBody, CreditAdjustmentReply } from '../../../contract/schemas/billing';
import {
  ADMIN_ANALYTICS_PATH,
  ADMIN_OVERVIEW_PATH,
  ADMIN_TEAMS_PATH,
  ADMIN_USERS_PATH,
  adminCreditAdjustmentsPath,
  adminTeamPath,
  adminUserPath,
} from '../../../contract/apiPaths';
import { listTags, type Build } from '../tags';

/** The operator's console (docs/governance.md#the-operators-console): every team and user, analytics, the overview. */
export const adminConsoleEndpoints = (build: Build) => ({
  getSystemOverview: build.query<SystemOverview, void>({
    query: () => ADMIN_OVERVIEW_PATH,
    providesTags: ['SystemOverview'],
  }),
  getAdminTeams: build.query<AdminTeamList, AdminTeamListQuery>({
    query: (params) => ({ url: ADMIN_TEAMS_PATH, params }),
    providesTags: (list) => listTags('AdminTeam', list?.rows, (row) => row.id),
  }),
  getAdminTeam: build.query<AdminTeamDetail, string>({
    query: adminTeamPath,
    providesTags: (_detail, _error, id) => [{ type: 'AdminTeam', id }],
  }),
  adjustTeamCredits: build.mutation<CreditAdjustmentReply, { teamId: string } & CreditAdjustmentBody>({
    query: ({ teamId, ...body }) => ({ url: adminCreditAdjustmentsPath(teamId), method: 'POST', body }),
    // The team's row and page, and the sums that read the ledger (analytics' credits); the team's own balance too
    // when the administrator belongs to it.
    invalidatesTags: (_reply, _error, { teamId }) => [
      { type: 'AdminTeam', id: teamId },
      { type: 'AdminTeam', id: 'LIST' },
      'Analytics',
      'CreditBalance',
      'CreditHistory',
    ],
  }),
  getAdminUsers: build.query<AdminUserList, AdminUserListQuery>({
    query: (params) => ({ url: ADMIN_USERS_PATH, params }),
    providesTags: (list) => listTags('AdminUser', list?.rows, (row) => row.id),
  }),
  setUserDisabled: build.mutation<AdminUserRow, { userId: string; disabled: boolean }>({
    query: ({ userId, disabled }) => ({ url: adminUserPath(userId), method: 'PATCH', body: { disabled } }),
    // A status filter can move the row out of the list; a team's page lists its members' status.
    invalidatesTags: (_row, _error, { userId }) => [
      { type: 'AdminUser', id: userId },
      { type: 'AdminUser', id: 'LIST' },
      'AdminTeam',
    ],
  }),
  getAnalytics: build.query<Analytics, AnalyticsQuery>({
    query: (params) => ({ url: ADMIN_ANALYTICS_PATH, params }),
    providesTags: ['Analytics'],
  }),
});
