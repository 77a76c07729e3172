import type { CreditBalance, CreditHistory, DetailedCreditBalance } from '../../../contract/schemas/billing';
import type { PageQuery } from '../../../contract/schemas/common';
import type { UsageBreakdown, UsageBreakdownQuery } from '../../../contract/schemas/usage';
import type { Build } from '../tags';
import { creditBalancePath, creditHistoryPath, teamPath } from '../../../contract/apiPaths';

export const DEFAULT_PAGE = { limit: 50, offset: 0 } as const;

export const creditEndpoints = (build: Build) => ({
  getCreditBalance: build.query<CreditBalance, string>({
    query: creditBalancePath,
    providesTags: ['CreditBalance'],
  }),
  getDetailedCreditBalance: build.query<DetailedCreditBalance, string>({
    query: (teamId) => teamPath(teamId, '/credits/balance/detailed'),
    providesTags: ['CreditBalance'],
  }),
  getCreditHistory: build.query<CreditHistory, { teamId: string } & PageQuery>({
    query: ({ teamId, limit = DEFAULT_PAGE.limit, offset = DEFAULT_PAGE.offset }) => ({
      url: creditHistoryPath(teamId),
      params: { limit, offset },
    }),
    providesTags: ['CreditHistory'],
  }),
  getUsageBreakdown: build.query<UsageBreakdown, { teamId: string } & UsageBreakdownQuery>({
    query: ({ teamId, from, to }) => ({
      url: teamPath(teamId, '/credits/usage-breakdown'),
      params: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
    }),
    providesTags: ['UsageBreakdown'],
  }),
});
