import type { FirstQueryPlanName } from './firstQueries';

/**
 * The page routes, written once for the app (src/app/routes.tsx, the sidebar's src/components/layout/navItems.ts),
 * its build (build/RouteAssetsPlugin.js, scripts/bundle-report.js) and the server (the first queries it answers in
 * the page, server/lib/pageData.ts). Every page is a lazy chunk of its own, so /login never downloads the grids or
 * charts.
 *
 * - chunk: the page's webpackChunkName in src/app/routes.tsx.
 * - kind: 'login', 'plain' (no grid or chart: must not load MUI X) or 'data' (a DataGrid or a chart); it picks the
 *   route's bundle budget (docs/performance.md, Bundle budget).
 * - loader: 'requireUser' renders the page inside the signed-in layout, whose loader sends a visitor without a
 *   session to /login; the others are the loaders of the pages outside it (src/app/loaders.ts).
 * - later: chunk groups the page itself loads once it has rendered (a grid or a chart, the largest downloads): part
 *   of the route's budget, but not preloaded, so they do not take bandwidth from what the first paint needs.
 * - nav: the sidebar entry (its icon stays in the browser, in navItems.ts); match says on which paths it is active.
 * - firstQueries: the plan of the API queries the page makes on its first render (contract/firstQueries.ts).
 * - heading: the title and subtitle the page starts with, when they are the same for everyone who sees the page; the
 *   page draws them from here (src/components/RouteHeader.tsx), and so does the frame the server sends before the
 *   app has started, so a first visit paints them at once (docs/performance.md, "The signed-in shell").
 */
export type RouteKind = 'login' | 'plain' | 'data';
export type RouteLoader = 'requireUser' | 'redirectIfAuthenticated' | 'withApi';

/** 'startsWith': any path starting with `path`; 'section': the path and anything below it; 'exact': itself only. */
export type NavMatch = 'startsWith' | 'section' | 'exact';

export interface NavEntry {
  label: string;
  match: NavMatch;
  section: 'main' | 'admin';
  /** The path of the entry this one sits under, indented, in the sidebar (Requests under Usage Reports). */
  parent?: string;
  /** Shown only to team owners and administrators (the audit log); everyone signed in by default. */
  ownersAndAdmins?: true;
}

/** A page's heading (see `heading` above). */
export interface PageHeading {
  title: string;
  subtitle: string;
  /** What an administrator reads instead, where the page shows them more than their own team. */
  adminSubtitle?: string;
  /** Words of the subtitle that link to another page (their first occurrence in it). */
  subtitleLink?: { text: string; path: string };
  /** An administrator's page below /admin: the link back to it stands above the title. */
  backToAdmin?: true;
}

export interface PageRoute {
  /** The URL path; '*' is any other path, which renders the not-found page inside the layout. */
  path: string;
  chunk: string;
  kind: RouteKind;
  loader: RouteLoader;
  later?: readonly string[];
  nav?: NavEntry;
  firstQueries?: FirstQueryPlanName;
  heading?: PageHeading;
}

/** The signed-in layout's chunk, and the API slice's, which the loaders load (src/app/loaders.ts). */
export const LAYOUT_CHUNK = 'layout';
export const API_CHUNK = 'api';

export const PAGE_ROUTES = [
  { path: '/login', chunk: 'login', kind: 'login', loader: 'redirectIfAuthenticated' },
  { path: '/debug', chunk: 'debug', kind: 'plain', loader: 'withApi' },
  {
    path: '/dashboard',
    chunk: 'page-dashboard',
    kind: 'plain',
    loader: 'requireUser',
    nav: { label: 'Dashboard', match: 'section', section: 'main' },
    firstQueries: 'dashboard',
  },
  {
    path: '/api-keys',
    chunk: 'page-api-keys',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-api-keys'],
    // Active on any path starting with /api-keys, the create page's included.
    nav: { label: 'API Keys', match: 'startsWith', section: 'main' },
    heading: { title: 'API Keys', subtitle: 'Keys your team uses to call the models through the gateway' },
  },
  {
    path: '/api-keys/create',
    chunk: 'page-create-api-key',
    kind: 'plain',
    loader: 'requireUser',
    firstQueries: 'createApiKey',
  },
  {
    path: '/models',
    chunk: 'page-models',
    kind: 'plain',
    loader: 'requireUser',
    nav: { label: 'Models', match: 'section', section: 'main' },
    heading: {
      title: 'Models',
      subtitle: 'What your team can call through the gateway, and what it costs per 1M tokens',
    },
  },
  {
    path: '/playground',
    chunk: 'page-playground',
    kind: 'plain',
    loader: 'requireUser',
    nav: { label: 'Playground', match: 'section', section: 'main' },
    heading: { title: 'Playground', subtitle: 'Try a model with one of your keys: billed and logged like any call' },
  },
  {
    path: '/team',
    chunk: 'page-team',
    kind: 'plain',
    loader: 'requireUser',
    nav: { label: 'Team Settings', match: 'section', section: 'main' },
    firstQueries: 'team',
    heading: {
      title: 'Team Settings',
      subtitle: 'Manage your team, its monthly budget, its members, its alerts, its guardrails and its tools',
    },
  },
  {
    path: '/usage-reports',
    chunk: 'page-usage-reports',
    kind: 'data',
    loader: 'requireUser',
    later: ['chart-daily-usage'],
    // Its page only: the request log below it has an entry of its own.
    nav: { label: 'Usage Reports', match: 'exact', section: 'main' },
    firstQueries: 'usageReports',
    heading: { title: 'Usage Reports', subtitle: 'Team usage analytics and insights' },
  },
  {
    // No first queries: the log's pages grow with the data and are paged by the browser (see FIRST_QUERY_PLANS).
    path: '/usage-reports/requests',
    chunk: 'page-request-log',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-request-log'],
    nav: { label: 'Requests', match: 'section', section: 'main', parent: '/usage-reports' },
    heading: {
      title: 'Requests',
      subtitle:
        'Every gateway request of your team, one row each. Totals by day, member and model are on Usage Reports.',
      subtitleLink: { text: 'Usage Reports', path: '/usage-reports' },
    },
  },
  {
    path: '/billing',
    chunk: 'page-billing',
    kind: 'plain',
    loader: 'requireUser',
    nav: { label: 'Billing', match: 'section', section: 'main' },
    firstQueries: 'billing',
    heading: { title: 'Billing & Usage', subtitle: "Manage your team's budget and monitor spending" },
  },
  {
    // No first queries: its pages grow with the changes made, and are paged by the browser.
    path: '/audit-log',
    chunk: 'page-audit-log',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-audit-log'],
    nav: { label: 'Audit Log', match: 'section', section: 'main', ownersAndAdmins: true },
    heading: {
      title: 'Audit Log',
      subtitle: "Every change made to your team's keys, budget, members, billing and alerts, newest first",
      adminSubtitle: 'Every change made by owners and administrators, on every team and the site, newest first',
    },
  },
  {
    path: '/admin',
    chunk: 'page-admin-dashboard',
    kind: 'plain',
    loader: 'requireUser',
    // Pricing, coupons and routing have entries of their own.
    nav: { label: 'Admin Dashboard', match: 'exact', section: 'admin' },
    heading: { title: 'Admin Dashboard', subtitle: 'Manage pricing, coupons, teams, users and the gateway' },
  },
  {
    path: '/admin/pricing',
    chunk: 'page-pricing',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-pricing'],
    nav: { label: 'Pricing', match: 'section', section: 'admin' },
    heading: {
      title: 'Pricing Tiers',
      subtitle: 'Model prices per 1M tokens, by provider, model and token range',
      backToAdmin: true,
    },
  },
  {
    path: '/admin/coupons',
    chunk: 'page-coupons',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-coupons'],
    nav: { label: 'Coupons', match: 'section', section: 'admin' },
    heading: { title: 'Coupons', subtitle: 'Credit coupons teams can redeem', backToAdmin: true },
  },
  {
    path: '/admin/routing',
    chunk: 'page-routing',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-routing'],
    nav: { label: 'Routing', match: 'section', section: 'admin' },
    heading: {
      title: 'Routing',
      subtitle: 'Model routes with fallbacks, the provider keys they use, and how each deployment is answering',
      backToAdmin: true,
    },
  },
  {
    path: '/admin/tools',
    chunk: 'page-admin-tools',
    kind: 'plain',
    loader: 'requireUser',
    nav: { label: 'Tools', match: 'section', section: 'admin' },
    heading: {
      title: 'Tools',
      subtitle: 'MCP servers offered through the gateway, and the price of their calls',
      backToAdmin: true,
    },
  },
  {
    path: '/admin/outbox',
    chunk: 'page-outbox',
    kind: 'plain',
    loader: 'requireUser',
    nav: { label: 'Outbox', match: 'section', section: 'admin' },
    heading: { title: 'Outbox', subtitle: 'Alert emails and invitations, newest first', backToAdmin: true },
  },
  {
    path: '/admin/teams',
    chunk: 'page-admin-teams',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-admin-console'],
    // A team's page below it keeps the entry active.
    nav: { label: 'Teams', match: 'section', section: 'admin' },
    heading: {
      title: 'Teams',
      subtitle: "Every team's balance, spend and budget; open one to adjust its credits",
      backToAdmin: true,
    },
  },
  { path: '/admin/teams/:teamId', chunk: 'page-admin-team', kind: 'plain', loader: 'requireUser' },
  {
    path: '/admin/users',
    chunk: 'page-admin-users',
    kind: 'data',
    loader: 'requireUser',
    later: ['grid-admin-console'],
    nav: { label: 'Users', match: 'section', section: 'admin' },
    heading: {
      title: 'Users',
      subtitle: 'Every user, their team, keys and spend; disable or enable an account',
      backToAdmin: true,
    },
  },
  {
    path: '/admin/analytics',
    chunk: 'page-analytics',
    kind: 'data',
    loader: 'requireUser',
    later: ['chart-analytics'],
    nav: { label: 'Analytics', match: 'section', section: 'admin' },
    heading: {
      title: 'System Analytics',
      subtitle: "Every team's gateway traffic, cost and latency by UTC day",
      backToAdmin: true,
    },
  },
  { path: '*', chunk: 'page-not-found', kind: 'plain', loader: 'requireUser' },
] as const satisfies readonly PageRoute[];

export type PageChunk = (typeof PAGE_ROUTES)[number]['chunk'];
export type NavPath = Extract<(typeof PAGE_ROUTES)[number], { nav: NavEntry }>['path'];
/** The paths of the pages with a heading of their own in the route table. */
export type HeadedPath = Extract<(typeof PAGE_ROUTES)[number], { heading: PageHeading }>['path'];

const HEADINGS = new Map<string, PageHeading>(
  (PAGE_ROUTES as readonly PageRoute[]).flatMap((route) => (route.heading ? [[route.path, route.heading]] : [])),
);

/** The heading of the page at `path` (a route's path, as the table writes it), if it has one. */
export function pageHeading(path: string): PageHeading | undefined {
  return HEADINGS.get(path);
}

/** Paths that only redirect: the root goes to the dashboard. */
export const ROUTE_ALIASES = { '/': '/dashboard' } as const;

/** What the build needs of a route: the chunk groups its first visit loads, and whether it needs a session. */
export interface RouteChunks {
  /** The path, or '(not found)' for any other path. */
  route: string;
  kind: RouteKind;
  /** Without a session the app goes to /login, so the server preloads /login's chunks instead. */
  guarded: boolean;
  /**
   * The lazy chunk groups the route loads before it can render: the layout's and the API's when it is inside the
   * layout, the API's when its loader loads it, then its own.
   */
  groups: string[];
  later: readonly string[];
}

const GROUPS_BEFORE_PAGE: Record<RouteLoader, string[]> = {
  requireUser: [LAYOUT_CHUNK, API_CHUNK],
  withApi: [API_CHUNK],
  redirectIfAuthenticated: [],
};

/** The routes' chunks, read by the build (build/RouteAssetsPlugin.js) and the bundle report. */
export function routeChunks(): { routes: RouteChunks[]; notFound: RouteChunks } {
  const chunksOf = (route: PageRoute): RouteChunks => ({
    route: route.path === '*' ? '(not found)' : route.path,
    kind: route.kind,
    guarded: route.loader === 'requireUser',
    groups: [...GROUPS_BEFORE_PAGE[route.loader], route.chunk],
    later: route.later ?? [],
  });
  const routes: readonly PageRoute[] = PAGE_ROUTES;
  return {
    routes: routes.filter((route) => route.path !== '*').map(chunksOf),
    notFound: chunksOf(routes.find((route) => route.path === '*')!),
  };
}
