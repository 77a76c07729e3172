import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppStore } from '../store/store';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../pages/not-found/RouteErrorPage';
import { redirectIfAuthenticated, requireUser } from './loaders';

// Every page is its own chunk, so /login never downloads the grids or charts.
export function createRoutes(store: AppStore): RouteObject[] {
  return [
    {
      path: '/login',
      loader: redirectIfAuthenticated(store),
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorPage />,
      lazy: async () => ({ Component: (await import('../pages/login/LoginPage')).LoginPage }),
    },
    {
      path: '/debug',
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorPage />,
      lazy: async () => ({ Component: (await import('../pages/debug/DebugPage')).DebugPage }),
    },
    {
      path: '/',
      loader: requireUser(store),
      lazy: async () => ({ Component: (await import('../components/layout/AppLayout')).AppLayout }),
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        {
          path: 'dashboard',
          lazy: async () => ({ Component: (await import('../pages/dashboard/DashboardPage')).DashboardPage }),
        },
        {
          path: 'api-keys',
          lazy: async () => ({ Component: (await import('../pages/api-keys/ApiKeysPage')).ApiKeysPage }),
        },
        {
          path: 'api-keys/create',
          lazy: async () => ({ Component: (await import('../pages/api-keys/CreateApiKeyPage')).CreateApiKeyPage }),
        },
        { path: 'team', lazy: async () => ({ Component: (await import('../pages/team/TeamPage')).TeamPage }) },
        {
          path: 'usage-reports',
          lazy: async () => ({ Component: (await import('../pages/usage-reports/UsageReportsPage')).UsageReportsPage }),
        },
        {
          path: 'billing',
          lazy: async () => ({ Component: (await import('../pages/billing/BillingPage')).BillingPage }),
        },
        {
          path: 'admin',
          lazy: async () => ({ Component: (await import('../pages/admin/AdminDashboardPage')).AdminDashboardPage }),
        },
        {
          path: 'admin/pricing',
          lazy: async () => ({ Component: (await import('../pages/admin/PricingPage')).PricingPage }),
        },
        {
          path: 'admin/coupons',
          lazy: async () => ({ Component: (await import('../pages/admin/CouponsPage')).CouponsPage }),
        },
        {
          path: 'admin/analytics',
          lazy: async () => ({ Component: (await import('../pages/admin/AnalyticsPage')).AnalyticsPage }),
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('../pages/not-found/NotFoundPage')).NotFoundPage }),
        },
      ],
    },
  ];
}
