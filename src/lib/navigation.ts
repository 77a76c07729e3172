import { ROUTE_ALIASES, type NavMatch } from '../../contract/routes';
import type { AuthUser } from '../../contract/schemas/auth';

// Which sidebar entry is highlighted (docs/rules.md#layout-and-timings); each entry's rule is in its route
// (contract/routes.ts). API Keys is active on any path starting with /api-keys (so /api-keys/create too); the admin
// dashboard only on /admin itself, since pricing and coupons have their own entries, and Usage Reports only on
// /usage-reports itself, since its request log has one; the others on their own path and anything below it.

export function isNavActive(pathname: string, to: string, match: NavMatch): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (match) {
    case 'startsWith':
      return path.startsWith(to);
    case 'exact':
      return path === to;
    case 'section':
      return path === to || path.startsWith(`${to}/`);
  }
}

/**
 * Where the root, and so sign-in, lands: the admin dashboard for an administrator without a team, who has no team
 * pages to use (the dashboard would only say 'Team Setup Required'); the dashboard for everyone else.
 */
export function landingPath(user: Pick<AuthUser, 'is_admin' | 'team_id'> | undefined): string {
  return user?.is_admin && user.team_id === null ? '/admin' : ROUTE_ALIASES['/'];
}
