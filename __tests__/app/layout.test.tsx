import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute, setViewportWidth } from '../support/render';

afterEach(() => setViewportWidth(1024));

describe('layout on desktop', () => {
  beforeEach(() => setViewportWidth(1280));

  it('shows the sidebar open at 256px and collapses it to 64px', async () => {
    const { user } = renderRoute('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const paper = screen.getByTestId('sidebar-paper');
    expect(getComputedStyle(paper).width).toBe('256px');
    expect(within(nav).getByText('Dashboard')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(getComputedStyle(paper).width).toBe('64px');
    expect(within(nav).queryByText('Dashboard')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(getComputedStyle(paper).width).toBe('256px');
  });

  it('lists the entries, links the brand to / and marks API Keys active under /api-keys', async () => {
    renderRoute('/api-keys/create');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    // Alice owns her team: the audit log is hers to read.
    expect(links).toEqual([
      'Dashboard',
      'API Keys',
      'Models',
      'Playground',
      'Team Settings',
      'Usage Reports',
      'Requests',
      'Billing',
      'Audit Log',
    ]);
    expect(within(nav).getByRole('link', { name: 'API Keys' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'AI Model Gateway home' })).toHaveAttribute('href', '/');
  });

  it('shows the name and email in the top bar, and Sign out in sidebar and header', async () => {
    renderRoute('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    const banner = screen.getByRole('banner');
    const alice = fakeDb.state.users.find((user) => user.login === 'alice');
    expect(within(banner).getByText(alice?.name ?? '')).toBeInTheDocument();
    expect(within(banner).getByText(alice?.email ?? '')).toBeInTheDocument();
    const signOuts = screen.getAllByRole('link', { name: 'Sign out' });
    expect(signOuts).toHaveLength(2);
    signOuts.forEach((link) => expect(link).toHaveAttribute('href', 'http://localhost/v1/auth/logout'));
  });

  it("shows 'Guest' when the user has no name", async () => {
    const alice = fakeDb.state.users.find((user) => user.login === 'alice');
    if (alice) alice.name = null;
    renderRoute('/dashboard');
    expect(await within(await screen.findByRole('banner')).findByText('Guest')).toBeInTheDocument();
  });

  it('keeps the brand link and Sign out inside the Sidebar landmark, next to the Main navigation', async () => {
    renderRoute('/dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'AI Model Gateway home' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('collapsed, keeps the rule above the Admin list out of the list (a list holds list items only)', async () => {
    fakeDb.signInAs('admin');
    const { user } = renderRoute('/admin');
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    const admin = screen.getByRole('list', { name: 'Admin' });
    expect(within(admin).queryByRole('separator')).not.toBeInTheDocument();
    expect(within(admin).getAllByRole('listitem')).toHaveLength(9);
  });

  it('offers the Audit Log to owners and administrators, not to members', async () => {
    fakeDb.signInAs('bob');
    const { unmount } = renderRoute('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
    unmount();
    fakeDb.signInAs('admin');
    renderRoute('/admin');
    expect(
      within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Audit Log' }),
    ).toHaveAttribute('href', '/audit-log');
  });

  it('shows the Admin section only to admins', async () => {
    const { unmount } = renderRoute('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('list', { name: 'Admin' })).not.toBeInTheDocument();
    unmount();

    fakeDb.signInAs('admin');
    renderRoute('/admin/pricing');
    const admin = await screen.findByRole('list', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Admin Dashboard', 'Pricing', 'Coupons', 'Routing', 'Tools', 'Outbox', 'Teams', 'Users', 'Analytics']);
    expect(within(admin).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(within(admin).getByRole('link', { name: 'Admin Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it("puts a teamless administrator's Admin list first, and an administrator's entries are 34 px without padding of their own (both lists fit 800 px)", async () => {
    const { unmount } = renderRoute('/dashboard');
    const aliceNav = await screen.findByRole('navigation', { name: 'Main' });
    expect(getComputedStyle(within(aliceNav).getByRole('link', { name: 'Models' })).minHeight).toBe('44px');
    unmount();

    fakeDb.signInAs('admin');
    renderRoute('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const [first] = within(nav).getAllByRole('list');
    expect(first).toHaveAccessibleName('Admin');
    expect(within(nav).getAllByRole('link')[0]).toHaveTextContent('Admin Dashboard');
    const models = getComputedStyle(within(nav).getByRole('link', { name: 'Models' }));
    expect(models.minHeight).toBe('34px');
    expect([models.paddingTop, models.paddingBottom]).toEqual(['0px', '0px']);
  });
});

describe('the request log entry under Usage Reports', () => {
  it('sits in a list of its own inside Usage Reports, and only it is current on its page', async () => {
    setViewportWidth(1280);
    const { user, router } = renderRoute('/usage-reports/requests');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const nested = within(nav).getByRole('list', { name: 'Usage Reports' });
    const requests = within(nested).getByRole('link', { name: 'Requests' });
    expect(requests).toHaveAttribute('href', '/usage-reports/requests');
    expect(requests).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Usage Reports' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav).getByRole('link', { name: 'Usage Reports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usage-reports'));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Usage Reports' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(nav).getByRole('link', { name: 'Requests' })).not.toHaveAttribute('aria-current');
  });

  it('is in the phone drawer too', async () => {
    setViewportWidth(375);
    const { user, router } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usage-reports/requests'));
  });

  it('collapsed, keeps its name as the icon link’s', async () => {
    setViewportWidth(1280);
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Requests' })).toHaveAttribute('href', '/usage-reports/requests');
  });
});

describe('layout on a phone (under 768px)', () => {
  beforeEach(() => setViewportWidth(375));

  it('keeps the overlay drawer closed until the menu button opens it, and closes it on navigation', async () => {
    const { user, router } = renderRoute('/dashboard');
    const menu = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(menu);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Billing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument());
  });

  it('opens the drawer as a named dialog and gives focus back to the menu button when Escape closes it', async () => {
    const { user } = renderRoute('/dashboard');
    const menu = await screen.findByRole('button', { name: 'Open navigation' });
    for (let presses = 0; presses < 20 && document.activeElement !== menu; presses++) await user.tab();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Navigation menu' });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation menu' })).not.toBeInTheDocument());
    expect(menu).toHaveFocus();
  });
});
