import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppStore } from '../store/store';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../pages/not-found/RouteErrorPage';
import { redirectIfAuthenticated, requireUser, withApi } from './loaders';

// Every page is its own chunk, so /login never downloads the grids or charts. The chunk names are what
// scripts/bundle-report.js measures per route.
export function createRoutes(store: AppStore): RouteObject[] {
  return [
    {
      path: '/login',
      loader: redirectIfAuthenticated(store),
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorPage />,
      lazy: async () => ({
        Component: (await import(/* webpackChunkName: "login" */ '../pages/login/LoginPage')).LoginPage,
      }),
    },
    {
      path: '/debug',
      loader: withApi(store),
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorPage />,
      lazy: async () => ({
        Component: (await import(/* webpackChunkName: "debug" */ '../pages/debug/DebugPage')).DebugPage,
      }),
    },
    {
      path: '/',
      loader: requireUser(store),
      lazy: async () => ({
        Component: (await import(/* webpackChunkName: "layout" */ '../components/layout/AppLayout')).AppLayout,
      }),
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        {
          path: 'dashboard',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-dashboard" */ '../pages/dashboard/DashboardPage'))
              .DashboardPage,
          }),
        },
        {
          path: 'api-keys',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-api-keys" */ '../pages/api-keys/ApiKeysPage'))
              .ApiKeysPage,
          }),
        },
        {
          path: 'api-keys/create',
          lazy: async () => ({
            Component: (
              await import(/* webpackChunkName: "page-create-api-key" */ '../pages/api-keys/CreateApiKeyPage')
            ).CreateApiKeyPage,
          }),
        },
        {
          path: 'team',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-team" */ '../pages/team/TeamPage')).TeamPage,
          }),
        },
        {
          path: 'usage-reports',
          lazy: async () => ({
            Component: (
              await import(/* webpackChunkName: "page-usage-reports" */ '../pages/usage-reports/UsageReportsPage')
            ).UsageReportsPage,
          }),
        },
        {
          path: 'billing',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-billing" */ '../pages/billing/BillingPage'))
              .BillingPage,
          }),
        },
        {
          path: 'admin',
          lazy: async () => ({
            Component: (
              await import(/* webpackChunkName: "page-admin-dashboard" */ '../pages/admin/AdminDashboardPage')
            ).AdminDashboardPage,
          }),
        },
        {
          path: 'admin/pricing',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-pricing" */ '../pages/admin/PricingPage')).PricingPage,
          }),
        },
        {
          path: 'admin/coupons',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-coupons" */ '../pages/admin/CouponsPage')).CouponsPage,
          }),
        },
        {
          path: 'admin/analytics',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-analytics" */ '../pages/admin/AnalyticsPage'))
              .AnalyticsPage,
          }),
        },
        {
          path: '*',
          lazy: async () => ({
            Component: (await import(/* webpackChunkName: "page-not-found" */ '../pages/not-found/NotFoundPage'))
              .NotFoundPage,
          }),
        },
      ],
    },
  ];
}
