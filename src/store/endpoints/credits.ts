import type { CreditBalance, CreditHistory, DetailedCreditBalance } from '../../../contract/schemas/billing';
import type { PageQuery } from '../../../contract/schemas/common';
import type { UsageBreakdown, UsageBreakdownQuery } from '../../../contract/schemas/usage';
import type { Build } from '../tags';
import { creditBalancePath, creditHistoryPath, teamPath } from '../../../contract/apiPaths';

/**
 * The balance moves with every gateway call, which this app never sees: a page showing it asks again on mount when its
 * copy is older than this (seconds), so a call made since shows when the user comes back (README, "Calling the gateway").
 */
export const BALANCE_MAX_AGE_SECONDS = 5;

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
