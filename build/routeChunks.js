// Which lazy chunk groups (the webpackChunkName comments in src/app/routes.tsx and src/app/loaders.ts) a first visit
// of each route loads before it can render. Two readers: scripts/bundle-report.js measures each route's download
// from it, and the build writes dist/route-assets.json from it, which the server turns into <link rel="preload">
// tags so a route's chunks download alongside the main bundle instead of after it.
//
// kind: 'login', 'plain' (no grid or chart: must not load MUI X), 'data' (a DataGrid or a chart).
// guarded: the route needs a session; without one the app goes to /login, so /login's chunks are preloaded instead.
// later: chunk groups the page itself loads once it has rendered (a grid or a chart, the largest downloads): part of
// the route's budget, but not preloaded, so they do not take bandwidth from what the first paint needs.
const APP = ['layout', 'api'];

const ROUTE_CHUNKS = [
  { route: '/login', kind: 'login', guarded: false, groups: ['login'] },
  { route: '/debug', kind: 'plain', guarded: false, groups: ['api', 'debug'] },
  { route: '/dashboard', kind: 'plain', guarded: true, groups: [...APP, 'page-dashboard'] },
  { route: '/api-keys', kind: 'data', guarded: true, groups: [...APP, 'page-api-keys'], later: ['grid-api-keys'] },
  { route: '/api-keys/create', kind: 'plain', guarded: true, groups: [...APP, 'page-create-api-key'] },
  { route: '/team', kind: 'plain', guarded: true, groups: [...APP, 'page-team'] },
  {
    route: '/usage-reports',
    kind: 'data',
    guarded: true,
    groups: [...APP, 'page-usage-reports'],
    later: ['chart-daily-usage'],
  },
  { route: '/billing', kind: 'plain', guarded: true, groups: [...APP, 'page-billing'] },
  { route: '/admin', kind: 'plain', guarded: true, groups: [...APP, 'page-admin-dashboard'] },
  { route: '/admin/pricing', kind: 'data', guarded: true, groups: [...APP, 'page-pricing'], later: ['grid-pricing'] },
  { route: '/admin/coupons', kind: 'data', guarded: true, groups: [...APP, 'page-coupons'], later: ['grid-coupons'] },
  { route: '/admin/analytics', kind: 'plain', guarded: true, groups: [...APP, 'page-analytics'] },
];

/** Any other path renders the not-found page inside the guarded layout. */
const NOT_FOUND_CHUNKS = { route: '(not found)', kind: 'plain', guarded: true, groups: [...APP, 'page-not-found'] };

/** Paths that only redirect: the root goes to the dashboard. */
const ROUTE_ALIASES = { '/': '/dashboard' };

module.exports = { ROUTE_CHUNKS, NOT_FOUND_CHUNKS, ROUTE_ALIASES };
