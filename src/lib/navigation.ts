import { ROUTE_ALIASES } from '../../contract/routes';
import type { AuthUser } from '../../contract/schemas/auth';

export { isNavActive } from '../../contract/navigation';

/**
 * Where the root, and so sign-in, lands: the admin dashboard for an administrator without a team, who has no team
 * pages to use (the dashboard would only say 'Team Setup Required'); the dashboard for everyone else.
 */
export function landingPath(user: Pick<AuthUser, 'is_admin' | 'team_id'> | undefined): string {
  return user?.is_admin && user.team_id === null ? '/admin' : ROUTE_ALIASES['/'];
}
