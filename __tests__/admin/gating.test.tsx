import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';

const ADMIN_ROUTES = [
  ['/admin', 'Admin Dashboard'],
  ['/admin/pricing', 'Pricing Tiers'],
  ['/admin/coupons', 'Coupons'],
  ['/admin/routing', 'Routing'],
  ['/admin/analytics', 'System Analytics'],
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

  it('offers the quick actions, the four sections and the System Overview placeholders', async () => {
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
    const users = section('User Management');
    expect(within(users).getByText('Coming soon')).toBeInTheDocument();
    expect(within(users).queryByRole('link')).not.toBeInTheDocument();
    expect(within(users).getByRole('button', { name: 'Open' })).toBeDisabled();

    const overview = section('System Overview');
    for (const title of ['Total Users', 'Total Teams', 'API Calls Today']) {
      expect(within(within(overview).getByRole('region', { name: title })).getByText('—')).toBeInTheDocument();
    }
    expect(within(overview).getByText('System-wide figures are coming soon.')).toBeInTheDocument();
  });

  it("'Create Coupon' opens the coupons page with the create dialog", async () => {
    const { user, router } = renderRoute('/admin');
    await user.click(await screen.findByRole('link', { name: 'Create Coupon' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Coupon' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/coupons');
  });

  it('the analytics page says it is coming soon and links back', async () => {
    renderRoute('/admin/analytics');
    expect(await screen.findByText(/Coming soon/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
  });
});
