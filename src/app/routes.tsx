import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppStore } from '../store/store';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../pages/not-found/RouteErrorPage';
import { redirectIfAuthenticated, requireUser } from './loaders';

// Every page is its own chunk, so /login never downloads the grids or charts.
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../pages/placeholder/PlaceholderPage');
  return { Component: () => <PlaceholderPage title={title} /> };
};

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
        { path: 'billing', lazy: placeholder('Billing & Usage') },
        { path: 'admin', lazy: placeholder('Admin Dashboard') },
        { path: 'admin/pricing', lazy: placeholder('Pricing Tiers') },
        { path: 'admin/coupons', lazy: placeholder('Coupons') },
        { path: 'admin/analytics', lazy: placeholder('System Analytics') },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('../pages/not-found/NotFoundPage')).NotFoundPage }),
        },
      ],
    },
  ];
}
