import { teamPath } from './apiPaths';
import { DASHBOARD_ACTIVITY_ITEMS } from './dashboard';
import { defaultDateRange } from './dates';

/**
 * The API queries a page makes on its first render, named twice: as the app's RTK Query cache knows them (endpoint
 * and argument) and as the server answers them (the GET path the endpoint requests).
 *
 * Why: when the server sends index.html to a signed-in user, it runs the page's plan and puts the answers in the page
 * (server/lib/pageData.ts); the app loads them into its cache before its first render (src/store/pageData.ts). A
 * page then renders whole in one go, without one or two round trips and a re-render per answer on a slow phone
 * (README, Performance). __tests__/app/firstQueries.test.tsx renders each page over the fake backend and checks its
 * plan names exactly the queries it makes, so a page that changes its queries fails there instead of silently losing
 * this.
 *
 * Shared with the server: keep this module free of browser APIs and of anything but plain functions.
 */
export interface FirstQuery {
  endpoint: string;
  arg: unknown;
  /** The path and query string the endpoint requests for `arg`. */
  path: string;
}

/** Answers one query as the signed-in user; null when it failed (the app then asks for it itself). */
export type LoadQuery = (query: FirstQuery) => Promise<unknown>;

/** Runs a page's queries with `load`, those that need an earlier answer (a team id) after it. */
export type FirstQueryPlan = (load: LoadQuery, context: { today: Date }) => Promise<unknown>;

/** A path with its query string as fetchBaseQuery builds it (URLSearchParams, undefined values left out). */
export function withParams(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const defined = Object.entries(params).flatMap(([key, value]): [string, string][] =>
    value === undefined ? [] : [[key, String(value)]],
  );
  const query = new URLSearchParams(defined).toString();
  return query ? `${path}?${query}` : path;
}

const team: FirstQuery = { endpoint: 'getTeam', arg: undefined, path: '/v1/teams/' };
const teamDashboard: FirstQuery = { endpoint: 'getTeamDashboard', arg: undefined, path: '/v1/teams/dashboard' };
const creditBalance = (teamId: string): FirstQuery => ({
  endpoint: 'getCreditBalance',
  arg: teamId,
  path: teamPath(teamId, '/credits/balance'),
});

/** The id of a team answer (GET /v1/teams/ or the team dashboard's `team`), if it is one. */
function teamIdOf(answer: unknown): string | null {
  const id = (answer as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : null;
}

/** The billing page's credit history: its last 10 entries (BillingPage's CreditHistory limit). */
export const BILLING_CREDIT_HISTORY_LIMIT = 10;

/**
 * Per route, what its page asks for first. No plan for pages whose first render makes no query, nor for the lists the
 * grids page through in the browser (API keys, coupons, pricing tiers): their answers grow with the data (10,000 keys
 * is megabytes), and the server would build one in full before it could tell it is too big for the page (see
 * MAX_ANSWER_BYTES in server/lib/pageData.ts), making the page wait for a list the app then fetches again.
 */
export const FIRST_QUERIES: Record<string, FirstQueryPlan> = {
  '/dashboard': async (load) => {
    const [teamAnswer] = await Promise.all([
      load(team),
      load({ endpoint: 'getDashboardStats', arg: undefined, path: '/v1/dashboard/stats' }),
      load(teamDashboard),
      load({
        endpoint: 'getActivity',
        arg: DASHBOARD_ACTIVITY_ITEMS,
        path: withParams('/v1/dashboard/activity', { limit: DASHBOARD_ACTIVITY_ITEMS }),
      }),
    ]);
    const teamId = teamIdOf(teamAnswer);
    if (teamId) await load(creditBalance(teamId));
  },
  '/billing': async (load) => {
    const dashboard = (await load(teamDashboard)) as { team?: unknown } | null;
    const teamId = teamIdOf(dashboard?.team);
    if (!teamId) return;
    await Promise.all([
      load(creditBalance(teamId)),
      load({ endpoint: 'getPaymentHistory', arg: teamId, path: teamPath(teamId, '/payments/history') }),
      load({
        endpoint: 'getCreditHistory',
        arg: { teamId, limit: BILLING_CREDIT_HISTORY_LIMIT },
        path: withParams(teamPath(teamId, '/credits/history'), { limit: BILLING_CREDIT_HISTORY_LIMIT, offset: 0 }),
      }),
    ]);
  },
  '/usage-reports': async (load, { today }) => {
    // The server's calendar day: a browser in another time zone on another day asks for its own range itself.
    const range = defaultDateRange(today);
    await load({ endpoint: 'getUsageStats', arg: range, path: withParams('/v1/teams/usage-stats', { ...range }) });
  },
  '/api-keys/create': async (load) => {
    await load(team);
  },
  '/team': async (load) => {
    const teamAnswer = await load(team);
    if (!teamIdOf(teamAnswer)) return;
    await load({ endpoint: 'getTeamMembers', arg: undefined, path: '/v1/teams/members' });
    await load({ endpoint: 'getTeamInvites', arg: undefined, path: '/v1/teams/invites' });
  },
};
