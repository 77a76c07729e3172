/** Every screen behind sign-in, by the demo user who sees it in full (alice owns Acme AI; admin administers). */
export const SIGNED_IN_ROUTES = {
  alice: [
    '/dashboard',
    '/api-keys',
    '/api-keys/create',
    '/models',
    '/playground',
    '/team',
    '/usage-reports',
    '/usage-reports/requests',
    '/billing',
    '/audit-log',
  ],
  admin: [
    '/admin',
    '/admin/pricing',
    '/admin/coupons',
    '/admin/routing',
    '/admin/analytics',
    '/admin/outbox',
    '/admin/tools',
    '/admin/teams',
    '/admin/users',
    '/audit-log',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * The screens with a table, and each table's accessible name: the DataGrids (role grid) and the usage tables (role
 * table). Each must fit a 1280 px screen beside the open sidebar.
 */
export interface TableRef {
  role: 'grid' | 'table';
  name: string;
}

export const TABLES_BY_ROUTE: Record<string, Record<string, TableRef[]>> = {
  alice: {
    '/api-keys': [{ role: 'grid', name: 'API keys' }],
    '/usage-reports': [
      { role: 'table', name: 'Top Team Members by Usage' },
      { role: 'table', name: 'Top Models by Usage' },
    ],
    '/usage-reports/requests': [{ role: 'grid', name: 'Requests' }],
    '/audit-log': [{ role: 'grid', name: 'Audit log entries' }],
  },
  admin: {
    '/admin/pricing': [{ role: 'grid', name: 'Pricing tiers' }],
    '/admin/coupons': [{ role: 'grid', name: 'Coupons' }],
    // The tables above the fold; Provider health sits below it, and Provider credentials is empty in the demo.
    '/admin/routing': [
      { role: 'grid', name: 'Model routes' },
      { role: 'grid', name: 'Deployments' },
    ],
    '/admin/teams': [{ role: 'grid', name: 'Teams' }],
    '/admin/users': [{ role: 'grid', name: 'Users' }],
  },
};

/**
 * The grids whose every value must be whole at 1280 px beside the open sidebar (issue 26): a column too narrow wraps
 * its text rather than cut it with an ellipsis or at its edge. By the demo user who sees each with its data.
 */
export const UNCUT_GRIDS_BY_ROUTE: Record<string, Record<string, string[]>> = {
  alice: { '/api-keys': ['API keys'], '/usage-reports/requests': ['Requests'] },
  bob: { '/api-keys': ['API keys'] },
  // Provider credentials is empty in the demo.
  admin: {
    '/admin/routing': ['Model routes', 'Deployments', 'Provider health'],
    '/admin/teams': ['Teams'],
    '/admin/users': ['Users'],
  },
};
