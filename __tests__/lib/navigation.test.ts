import type { NavMatch } from '../../contract/routes';
import { isNavActive } from '../../src/lib/navigation';

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
