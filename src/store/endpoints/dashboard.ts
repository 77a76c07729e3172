import type { ActivityItem, DashboardStats } from '../../../contract/schemas/teams';
import type { Build } from '../tags';

export const RECENT_ACTIVITY_LIMIT = 5;

export const dashboardEndpoints = (build: Build) => ({
  getDashboardStats: build.query<DashboardStats, void>({
    query: () => '/v1/dashboard/stats',
    providesTags: ['DashboardStats'],
  }),
  getActivity: build.query<ActivityItem[], number | void>({
    query: (limit = RECENT_ACTIVITY_LIMIT) => ({ url: '/v1/dashboard/activity', params: { limit } }),
    transformResponse: (reply: { activities?: ActivityItem[] }) => reply.activities ?? [],
    providesTags: ['Activity'],
  }),
});
