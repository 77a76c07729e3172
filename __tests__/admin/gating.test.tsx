import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';

const ADMIN_ROUTES = [
  ['/admin', 'Admin Dashboard'],
  ['/admin/pricing', 'Pricing Tiers'],
  ['/admin/coupons', 'Coupons'],
  ['/admin/routing', 'Routing'],
  ['/admin/analytics', 'System Analytics'],
  ['/admin/teams', 'Teams'],
  ['/admin/users', 'Users'],
] as const;

describe('admin pages are for admins only', () => {
  it.each(ADMIN_ROUTES)('%s shows Access Denied to bob and calls no admin endpoint', async (path, title) => {
    fakeDb.signInAs('bob');
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('heading', { level: 1, name: title })).not.toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(fakeDb.requests.filter((request) => request.path.startsWith('/v1/admin'))).toEqual([]);
  });

  it.each(ADMIN_ROUTES)('%s shows the page to an admin', async (path, title) => {
    fakeDb.signInAs('admin');
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it("'Go to Dashboard' leads to the dashboard", async () => {
    fakeDb.signInAs('bob');
    const { user, router } = renderRoute('/admin/coupons');
    await user.click(await screen.findByRole('link', { name: 'Go to Dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('/admin dashboard', () => {
  beforeEach(() => fakeDb.signInAs('admin'));

  it('offers the quick actions, the five sections and the System Overview figures', async () => {
    renderRoute('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });

    const quick = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(quick).getByRole('link', { name: 'Create Pricing Tier' })).toHaveAttribute(
      'href',
      '/admin/pricing?create=1',
    );
    expect(within(quick).getByRole('link', { name: 'Manage Pricing Tiers' })).toHaveAttribute('href', '/admin/pricing');
    expect(within(quick).getByRole('link', { name: 'Create Coupon' })).toHaveAttribute(
      'href',
      '/admin/coupons?create=1',
    );
    expect(within(quick).getByRole('link', { name: 'Manage Coupons' })).toHaveAttribute('href', '/admin/coupons');

    const section = (name: string) => screen.getByRole('region', { name });
    expect(within(section('Pricing Management')).getByRole('link')).toHaveAttribute('href', '/admin/pricing');
    expect(within(section('Coupon Management')).getByRole('link')).toHaveAttribute('href', '/admin/coupons');
    expect(within(section('System Analytics')).getByRole('link')).toHaveAttribute('href', '/admin/analytics');
    expect(within(section('Team Management')).getByRole('link')).toHaveAttribute('href', '/admin/teams');
    expect(within(section('User Management')).getByRole('link')).toHaveAttribute('href', '/admin/users');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();

    // The seed: four users, one team, and today's usage rows of Acme AI.
    const overview = section('System Overview');
    const figure = (title: string) => within(overview).getByRole('region', { name: title });
    expect(await within(figure('Total Users')).findByText('4')).toBeInTheDocument();
    expect(within(figure('Total Teams')).getByText('1')).toBeInTheDocument();
    const today = fakeDb.state.usage
      .filter((row) => row.date === '2026-11-15')
      .reduce((sum, row) => sum + row.request_count, 0);
    expect(within(figure('API Calls Today')).getByText(today.toLocaleString('en-US'))).toBeInTheDocument();
  });

  it("'Create Coupon' opens the coupons page with the create dialog", async () => {
    const { user, router } = renderRoute('/admin');
    await user.click(await screen.findByRole('link', { name: 'Create Coupon' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Coupon' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/coupons');
  });

  it('the analytics page links back', async () => {
    renderRoute('/admin/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'System Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
  });
});
