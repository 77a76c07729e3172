import type { ActivityItem, DashboardStats } from '../../../contract/schemas/teams';
import type { Build } from '../tags';
import { DASHBOARD_ACTIVITY_PATH, DASHBOARD_STATS_PATH } from '../../../contract/apiPaths';
import { DASHBOARD_ACTIVITY_ITEMS } from '../../../contract/firstQueries';

export const dashboardEndpoints = (build: Build) => ({
  getDashboardStats: build.query<DashboardStats, void>({
    query: () => DASHBOARD_STATS_PATH,
    providesTags: ['DashboardStats'],
  }),
  getActivity: build.query<ActivityItem[], number | void>({
    query: (limit = DASHBOARD_ACTIVITY_ITEMS) => ({ url: DASHBOARD_ACTIVITY_PATH, params: { limit } }),
    transformResponse: (reply: { activities?: ActivityItem[] }) => reply.activities ?? [],
    providesTags: ['Activity'],
  }),
});
