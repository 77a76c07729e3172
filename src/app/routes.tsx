import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { AppStore } from '../store/store';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../pages/not-found/RouteErrorPage';
import { redirectIfAuthenticated, requireUser, withApi } from './loaders';
import { PAGE_ROUTES, type PageChunk } from '../../contract/routes';

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

const lazyPage = (chunk: PageChunk) => async () => ({ Component: await PAGES[chunk]() });

export function createRoutes(store: AppStore): RouteObject[] {
  const loaders = { redirectIfAuthenticated: redirectIfAuthenticated(store), withApi: withApi(store) };
  const outsideLayout = PAGE_ROUTES.flatMap((route): RouteObject[] =>
    route.loader === 'requireUser'
      ? []
      : [
          {
            path: route.path,
            loader: loaders[route.loader],
            hydrateFallbackElement: <PageLoader />,
            errorElement: <RouteErrorPage />,
            lazy: lazyPage(route.chunk),
          },
        ],
  );
  const inLayout = PAGE_ROUTES.flatMap((route): RouteObject[] =>
    route.loader === 'requireUser' ? [{ path: route.path.replace(/^\//, ''), lazy: lazyPage(route.chunk) }] : [],
  );
  return [
    ...outsideLayout,
    {
      path: '/',
      loader: requireUser(store),
      lazy: async () => ({
        Component: (await import(/* webpackChunkName: "layout" */ '../components/layout/AppLayout')).AppLayout,
      }),
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorPage />,
      children: [
        // In the layout's chunk: the layout has the signed-in user's query already.
        {
          index: true,
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "layout" */ './LandingRedirect')).LandingRedirect,
          }),
        },
        ...inLayout,
      ],
    },
  ];
}
