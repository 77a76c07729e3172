import {
  ALERT_SETTINGS_PATH,
  billingDetailsPath,
  creditBalancePath,
  creditHistoryPath,
  DASHBOARD_ACTIVITY_PATH,
  DASHBOARD_STATS_PATH,
  NOTIFICATIONS_PATH,
  paymentHistoryPath,
  TEAM_DASHBOARD_PATH,
  TEAM_GUARDRAILS_PATH,
  TEAM_INVITES_PATH,
  TEAM_MEMBERS_PATH,
  TEAM_PATH,
  USAGE_STATS_PATH,
  WEBHOOK_ENDPOINTS_PATH,
  withParams,
} from './apiPaths';
import { defaultDateRange } from './dates';
import { TEAM_MCP_KEYS_PATH, TEAM_MCP_PATH } from './mcpPaths';
import { PAGE_ROUTES, type PageRoute } from './routes';

/**
 * The API queries a page makes on its first render, each as the app's RTK Query cache knows it (endpoint and
 * argument) and as the server answers it (the GET path the endpoint requests, from contract/apiPaths.ts).
 *
 * Why: when the server sends index.html to a signed-in user, it runs the page's plan and puts the answers in the page
 * (server/lib/pageData.ts); the app loads them into its cache before its first render (src/store/pageData.ts). A
 * page then renders whole in one go, without one or two round trips and a re-render per answer on a slow phone
 * (docs/performance.md). __tests__/app/firstQueries.test.tsx renders each page over the fake backend and checks its
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

const team: FirstQuery = { endpoint: 'getTeam', arg: undefined, path: TEAM_PATH };
const teamDashboard: FirstQuery = { endpoint: 'getTeamDashboard', arg: undefined, path: TEAM_DASHBOARD_PATH };
const creditBalance = (teamId: string): FirstQuery => ({
  endpoint: 'getCreditBalance',
  arg: teamId,
  path: creditBalancePath(teamId),
});

/** The id of a team answer (GET /v1/teams/ or the team dashboard's `team`), if it is one. */
function teamIdOf(answer: unknown): string | null {
  const id = (answer as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : null;
}

/** The dashboard's recent activity shows 5 items. */
export const DASHBOARD_ACTIVITY_ITEMS = 5;

/** The billing page's credit history: its last 10 entries (BillingPage's CreditHistory limit). */
export const BILLING_CREDIT_HISTORY_LIMIT = 10;

/**
 * What a page asks for first, by the plan name its route names (contract/routes.ts). No plan for pages whose first render makes no query, nor for the lists the
 * grids page through in the browser (API keys, coupons, pricing tiers): their answers grow with the data (10,000 keys
 * is megabytes), and the server would build one in full before it could tell it is too big for the page (see
 * MAX_ANSWER_BYTES in server/lib/pageData.ts), making the page wait for a list the app then fetches again.
 */
export const FIRST_QUERY_PLANS = {
  dashboard: async (load) => {
    const [teamAnswer] = await Promise.all([
      load(team),
      load({ endpoint: 'getDashboardStats', arg: undefined, path: DASHBOARD_STATS_PATH }),
      load(teamDashboard),
      load({
        endpoint: 'getActivity',
        arg: DASHBOARD_ACTIVITY_ITEMS,
        path: withParams(DASHBOARD_ACTIVITY_PATH, { limit: DASHBOARD_ACTIVITY_ITEMS }),
      }),
    ]);
    const teamId = teamIdOf(teamAnswer);
    if (teamId) await load(creditBalance(teamId));
  },
  billing: async (load) => {
    const dashboard = (await load(teamDashboard)) as { team?: unknown } | null;
    const teamId = teamIdOf(dashboard?.team);
    if (!teamId) return;
    await Promise.all([
      load(creditBalance(teamId)),
      load({ endpoint: 'getPaymentHistory', arg: teamId, path: paymentHistoryPath(teamId) }),
      load({ endpoint: 'getBillingDetails', arg: teamId, path: billingDetailsPath(teamId) }),
      load({
        endpoint: 'getCreditHistory',
        arg: { teamId, limit: BILLING_CREDIT_HISTORY_LIMIT },
        path: withParams(creditHistoryPath(teamId), { limit: BILLING_CREDIT_HISTORY_LIMIT, offset: 0 }),
      }),
    ]);
  },
  usageReports: async (load, { today }) => {
    // The server's calendar day: a browser in another time zone on another day asks for its own range itself.
    const range = defaultDateRange(today);
    await load({ endpoint: 'getUsageStats', arg: range, path: withParams(USAGE_STATS_PATH, { ...range }) });
  },
  createApiKey: async (load) => {
    await load(team);
  },
  team: async (load) => {
    const teamAnswer = await load(team);
    if (!teamIdOf(teamAnswer)) return;
    await load({ endpoint: 'getTeamMembers', arg: undefined, path: TEAM_MEMBERS_PATH });
    await load({ endpoint: 'getTeamInvites', arg: undefined, path: TEAM_INVITES_PATH });
    // The owner's Alerts section; a member is refused (403), which answers nothing and costs the page nothing. The
    // owner's Guardrails section: a member may read the policy, so it is a small answer the page does not show them.
    await Promise.all([
      load({ endpoint: 'getAlertSettings', arg: undefined, path: ALERT_SETTINGS_PATH }),
      load({ endpoint: 'getWebhookEndpoints', arg: undefined, path: WEBHOOK_ENDPOINTS_PATH }),
      load({ endpoint: 'getTeamGuardrails', arg: undefined, path: TEAM_GUARDRAILS_PATH }),
      // Every member's Tools section (docs/mcp.md): its endpoints join the slice with the section's chunk, so the app
      // keeps these answers until it asks (src/store/pageData.ts).
      load({ endpoint: 'getTeamTools', arg: undefined, path: TEAM_MCP_PATH }),
      load({ endpoint: 'getTeamKeyTools', arg: undefined, path: TEAM_MCP_KEYS_PATH }),
    ]);
  },
} satisfies Record<string, FirstQueryPlan>;

export type FirstQueryPlanName = keyof typeof FIRST_QUERY_PLANS;

/** What the signed-in layout asks for on every page: the bell's notifications. */
const LAYOUT_QUERIES: FirstQuery[] = [{ endpoint: 'getNotifications', arg: undefined, path: NOTIFICATIONS_PATH }];

/** The plan of the page at `path`, if its route names one, with the layout's own queries beside it. */
export function firstQueryPlan(path: string): FirstQueryPlan | undefined {
  const route: PageRoute | undefined = PAGE_ROUTES.find((page) => page.path === path);
  if (!route?.firstQueries) return undefined;
  const plan: FirstQueryPlan = FIRST_QUERY_PLANS[route.firstQueries];
  const inLayout = route.loader === 'requireUser';
  return (load, context) =>
    Promise.all([plan(load, context), ...(inLayout ? LAYOUT_QUERIES.map(load) : [])]).then(() => undefined);
}

/** The paths of the pages that have a plan. */
export function routesWithFirstQueries(): string[] {
  const routes: readonly PageRoute[] = PAGE_ROUTES;
  return routes.filter((page) => page.firstQueries).map((page) => page.path);
}
