import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import type { AppStore } from '../store/store';
import { PageLoader } from '../components/PageLoader';
import { useReleaseStaticShell } from '../lib/staticShell';
import { redirectIfAuthenticated, requireUser, withApi } from './loaders';
import { Gated, RouteErrorBoundary, startGate, type RouteGate } from './RouteGate';
import { PAGE_ROUTES, type PageChunk, type RouteLoader } from '../../contract/routes';

// The routes, their paths and chunks are contract/routes.ts's. Each page is loaded here under its chunk's name: webpack
// reads the names from these literal comments, and scripts/bundle-report.js measures each route by them.
const PAGES: Record<PageChunk, () => Promise<ComponentType>> = {
  login: async () => (await import(/* webpackChunkName: "login" */ '../pages/login/LoginPage')).LoginPage,
  debug: async () => (await import(/* webpackChunkName: "debug" */ '../pages/debug/DebugPage')).DebugPage,
  'page-dashboard': async () =>
    (await import(/* webpackChunkName: "page-dashboard" */ '../pages/dashboard/DashboardPage')).DashboardPage,
  'page-api-keys': async () =>
    (await import(/* webpackChunkName: "page-api-keys" */ '../pages/api-keys/ApiKeysPage')).ApiKeysPage,
  'page-create-api-key': async () =>
    (await import(/* webpackChunkName: "page-create-api-key" */ '../pages/api-keys/CreateApiKeyPage')).CreateApiKeyPage,
  'page-models': async () =>
    (await import(/* webpackChunkName: "page-models" */ '../pages/models/ModelsPage')).ModelsPage,
  'page-playground': async () =>
    (await import(/* webpackChunkName: "page-playground" */ '../pages/playground/PlaygroundPage')).PlaygroundPage,
  'page-team': async () => (await import(/* webpackChunkName: "page-team" */ '../pages/team/TeamPage')).TeamPage,
  'page-usage-reports': async () =>
    (await import(/* webpackChunkName: "page-usage-reports" */ '../pages/usage-reports/UsageReportsPage'))
      .UsageReportsPage,
  'page-request-log': async () =>
    (await import(/* webpackChunkName: "page-request-log" */ '../pages/usage-reports/RequestsPage')).RequestsPage,
  'page-billing': async () =>
    (await import(/* webpackChunkName: "page-billing" */ '../pages/billing/BillingPage')).BillingPage,
  'page-audit-log': async () =>
    (await import(/* webpackChunkName: "page-audit-log" */ '../pages/audit-log/AuditLogPage')).AuditLogPage,
  'page-admin-tools': async () =>
    (await import(/* webpackChunkName: "page-admin-tools" */ '../pages/admin/ToolsPage')).ToolsPage,
  'page-outbox': async () =>
    (await import(/* webpackChunkName: "page-outbox" */ '../pages/admin/OutboxPage')).OutboxPage,
  'page-admin-dashboard': async () =>
    (await import(/* webpackChunkName: "page-admin-dashboard" */ '../pages/admin/AdminDashboardPage'))
      .AdminDashboardPage,
  'page-pricing': async () =>
    (await import(/* webpackChunkName: "page-pricing" */ '../pages/admin/PricingPage')).PricingPage,
  'page-coupons': async () =>
    (await import(/* webpackChunkName: "page-coupons" */ '../pages/admin/CouponsPage')).CouponsPage,
  'page-routing': async () =>
    (await import(/* webpackChunkName: "page-routing" */ '../pages/admin/RoutingPage')).RoutingPage,
  'page-admin-teams': async () =>
    (await import(/* webpackChunkName: "page-admin-teams" */ '../pages/admin/TeamsPage')).TeamsPage,
  'page-admin-team': async () =>
    (await import(/* webpackChunkName: "page-admin-team" */ '../pages/admin/TeamPage')).AdminTeamPage,
  'page-admin-users': async () =>
    (await import(/* webpackChunkName: "page-admin-users" */ '../pages/admin/UsersPage')).UsersPage,
  'page-analytics': async () =>
    (await import(/* webpackChunkName: "page-analytics" */ '../pages/admin/AnalyticsPage')).AnalyticsPage,
  'page-not-found': async () =>
    (await import(/* webpackChunkName: "page-not-found" */ '../pages/not-found/NotFoundPage')).NotFoundPage,
};

const loadLayout = async () =>
  (await import(/* webpackChunkName: "layout" */ '../components/layout/AppLayout')).AppLayout;
const loadLanding = async () => (await import(/* webpackChunkName: "layout" */ './LandingRedirect')).LandingRedirect;

/**
 * A lazy component that renders at once when its chunk has already arrived: React.lazy takes a thenable that answers
 * synchronously, so a page loaded while its gate ran (startRoute, Gated's `load`) shows with the layout around it in
 * one paint, not after a loading ring.
 */
function lazyComponent(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  const preload = async () => (loaded ??= await load());
  const component = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: loaded! }) } as never)
      : preload().then((found) => ({ default: found })),
  );
  return { component, preload };
}

const PAGE_COMPONENTS = new Map<PageChunk, ReturnType<typeof lazyComponent>>();
/** The page's lazy component, one per chunk for the app's lifetime (React.lazy keeps what it loaded). */
function page(chunk: PageChunk) {
  let found = PAGE_COMPONENTS.get(chunk);
  if (!found) {
    found = lazyComponent(PAGES[chunk]);
    PAGE_COMPONENTS.set(chunk, found);
  }
  return found;
}
const layout = lazyComponent(loadLayout);
const landing = lazyComponent(loadLanding);

/** The route at `pathname`: its entry of contract/routes.ts; the not-found page's for a path none has. */
function routeAt(pathname: string) {
  const known = PAGE_ROUTES.find(({ path }) => path !== '*' && matchPath(path, pathname));
  return known ?? PAGE_ROUTES.find(({ path }) => path === '*')!;
}

/** Downloads what the signed-in layout shows at `pathname`: the layout, and its page (the landing redirect at /). */
const loadInLayout = (pathname: string) =>
  Promise.all([layout.preload(), pathname === '/' ? landing.preload() : page(routeAt(pathname).chunk).preload()]);

export type RouteGates = Record<RouteLoader, RouteGate>;

/** The gates of one store's routes, made once per store (RouteGate.tsx keys each gate's run by the gate). */
export const createGates = (store: AppStore): RouteGates => ({
  requireUser: requireUser(store),
  redirectIfAuthenticated: redirectIfAuthenticated(store),
  withApi: withApi(store),
});

/**
 * Starts what the route at `pathname` needs before React has started: its gate (the session check) and the download
 * of what it shows. The route's first render then waits on these same runs.
 */
export function startRoute(pathname: string, gates: RouteGates) {
  const route = pathname === '/' ? undefined : routeAt(pathname);
  const loader = route?.loader ?? 'requireUser';
  void startGate(gates[loader]).catch(() => undefined);
  void (loader === 'requireUser' ? loadInLayout(pathname) : page(route!.chunk).preload()).catch(() => undefined);
}

/**
 * A page outside the signed-in layout (/login, /debug), shown in place of the frame the server drew when the visitor
 * had a session (a session that ended since, say): the layout releases the frame itself (AppLayout.tsx).
 */
function OutsideLayout({ children }: { children: ReactNode }) {
  useReleaseStaticShell();
  return children;
}

/** The signed-in layout, once its gate has answered and it and the page it opens on have arrived. */
function GatedLayout({ gate }: { gate: RouteGate }) {
  const { pathname } = useLocation();
  // The page the layout first opens on: later navigations inside it load their pages themselves.
  const [load] = useState(() => () => loadInLayout(pathname));
  const Layout = layout.component;
  return (
    <Gated gate={gate} load={load}>
      <Layout />
    </Gated>
  );
}

/**
 * The app's routes: the pages outside the signed-in layout, each behind its gate, and the layout (behind
 * requireUser) with its pages. Declarative routes rather than a data router: the gates do what its loaders did, and
 * a first visit downloads 16 KB of gzip less (docs/performance.md, Bundle budget).
 */
export function AppRoutes({ gates }: { gates: RouteGates }) {
  const Landing = landing.component;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          {PAGE_ROUTES.filter((route) => route.loader !== 'requireUser').map((route) => {
            const { component: Page, preload } = page(route.chunk);
            return (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <Gated gate={gates[route.loader]} load={preload}>
                    <OutsideLayout>
                      <Page />
                    </OutsideLayout>
                  </Gated>
                }
              />
            );
          })}
          <Route path="/" element={<GatedLayout gate={gates.requireUser} />}>
            <Route index element={<Landing />} />
            {PAGE_ROUTES.filter((route) => route.loader === 'requireUser').map((route) => {
              const Page = page(route.chunk).component;
              return <Route key={route.path} path={route.path.replace(/^\//, '')} element={<Page />} />;
            })}
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
