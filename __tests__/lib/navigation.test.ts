import type { NavMatch } from '../../contract/routes';
import { isNavActive, landingPath } from '../../src/lib/navigation';

describe('sidebar active rules', () => {
  it.each<[string, string, NavMatch, boolean]>([
    ['/api-keys', '/api-keys', 'startsWith', true],
    ['/api-keys/create', '/api-keys', 'startsWith', true],
    ['/api-keys-archive', '/api-keys', 'startsWith', true],
    ['/dashboard', '/api-keys', 'startsWith', false],
    ['/dashboard', '/dashboard', 'section', true],
    ['/dashboard/', '/dashboard', 'section', true],
    ['/team', '/dashboard', 'section', false],
    ['/admin', '/admin', 'exact', true],
    ['/admin/pricing', '/admin', 'exact', false],
    ['/admin/pricing', '/admin/pricing', 'section', true],
    ['/admin/coupons', '/admin/pricing', 'section', false],
    ['/usage-reports/requests', '/usage-reports', 'exact', false],
    ['/usage-reports/requests', '/usage-reports/requests', 'section', true],
  ])('%s with %s (%s) -> %p', (pathname, to, match, expected) => {
    expect(isNavActive(pathname, to, match)).toBe(expected);
  });
});

describe('where sign-in lands: the admin dashboard for an administrator without a team, else the dashboard', () => {
  it.each([
    [{ is_admin: true, team_id: null }, '/admin'],
    [{ is_admin: true, team_id: 'team-acme' }, '/dashboard'],
    [{ is_admin: false, team_id: null }, '/dashboard'],
    [{ is_admin: false, team_id: 'team-acme' }, '/dashboard'],
    [undefined, '/dashboard'],
  ])('%p -> %s', (user, path) => {
    expect(landingPath(user)).toBe(path);
  });
});
