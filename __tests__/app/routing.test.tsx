import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { ACCOUNT_DISABLED } from '../../contract/accountStatus';

const expectLoginPage = async () =>
  expect(
    await screen.findByRole('heading', { name: 'Welcome to AI Model Gateway' }, { timeout: 5000 }),
  ).toBeInTheDocument();

describe('routing and the auth guard', () => {
  it('sends a signed-out visitor of / to /login', async () => {
    fakeDb.signInAs(null);
    const { router } = renderRoute('/');
    await expectLoginPage();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  it('tells a visitor sent back by a sign-in of a disabled account why', async () => {
    fakeDb.signInAs(null);
    renderRoute('/login?error=account_disabled');
    await expectLoginPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_DISABLED.message);
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  it('shows no notice for an error it does not know', async () => {
    fakeDb.signInAs(null);
    renderRoute('/login?error=something_else');
    await expectLoginPage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/api-keys/create', '/admin/coupons', '/billing'])(
    'guards %s when signed out',
    async (path) => {
      fakeDb.signInAs(null);
      const { router } = renderRoute(path);
      await expectLoginPage();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('redirects the root index to /dashboard inside the layout', async () => {
    const { router } = renderRoute('/');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("lands an administrator without a team on the admin dashboard, not on 'Team Setup Required'", async () => {
    fakeDb.signInAs('admin');
    const { router } = renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByText('Team Setup Required')).not.toBeInTheDocument();
  });

  it('lands an administrator with a team on the dashboard', async () => {
    fakeDb.signInAs('admin');
    fakeDb.state.memberships.push({
      team_id: fakeDb.team().id,
      user_id: fakeDb.user('admin').id,
      role: 'member',
      created_at: fakeDb.now().toISOString(),
    });
    const { router } = renderRoute('/');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends an authenticated visitor of /login to /dashboard', async () => {
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows /login at once when the session hint cookie is absent, then asks the optional check (204, no 401)', async () => {
    fakeDb.signInAs(null);
    const { router } = renderRoute('/login');
    await expectLoginPage();
    await waitFor(() => expect(fakeDb.requestsTo('GET', '/v1/auth/me')).toHaveLength(1));
    expect(fakeDb.requestsTo('GET', '/v1/auth/me')[0]?.query).toEqual({ optional: 'true' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a visitor with a live session but no hint cookie from /login to /dashboard once the page has painted', async () => {
    document.cookie = 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const { router } = renderRoute('/login');
    await expectLoginPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks /v1/auth/me when the hint is there, and shows /login when the session behind it is gone', async () => {
    fakeDb.signInAs(null);
    document.cookie = 'signed_in=1; path=/';
    const { router } = renderRoute('/login');
    await expectLoginPage();
    expect(router.state.location.pathname).toBe('/login');
    expect(fakeDb.requestsTo('GET', '/v1/auth/me')).toHaveLength(1);
  });

  it('shows the login page when the status check fails with a server error', async () => {
    server.use(http.get('http://localhost/v1/auth/me', () => new HttpResponse('down', { status: 500 })));
    const { router } = renderRoute('/login');
    await expectLoginPage();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('links "Login with GitHub" to the OAuth endpoint with the current origin as redirect', async () => {
    fakeDb.signInAs(null);
    renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Login with GitHub' })).toHaveAttribute(
      'href',
      'http://localhost/v1/oauth/github/login?redirect=http%3A%2F%2Flocalhost',
    );
  });

  it('registers every child route', async () => {
    for (const [login, path, title] of [
      ['alice', '/api-keys', 'API Keys'],
      ['alice', '/team', 'Team Settings'],
      ['alice', '/usage-reports', 'Usage Reports'],
      ['alice', '/billing', 'Billing & Usage'],
      ['admin', '/admin', 'Admin Dashboard'],
      ['admin', '/admin/pricing', 'Pricing Tiers'],
      ['admin', '/admin/coupons', 'Coupons'],
      ['admin', '/admin/routing', 'Routing'],
      ['admin', '/admin/analytics', 'System Analytics'],
    ]) {
      fakeDb.signInAs(login);
      const { unmount } = renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
      unmount();
    }
    // Nine whole-app renders in one test: more than jest's 5 s default on a busy machine.
  }, 30_000);

  it('shows a not-found page for unknown paths', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('sends the user to /login once when a call reports an expired session, without bouncing back', async () => {
    let meCalls = 0;
    server.use(
      // /auth/me still answers, but the team call says the token expired: the login page must stay put.
      http.get('http://localhost/v1/auth/me', () => {
        meCalls += 1;
        return HttpResponse.json({ id: 'u', login: 'alice', name: 'Alice', email: null, is_admin: false });
      }),
    );
    const { router, store } = renderRoute('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    server.use(
      http.get('http://localhost/v1/teams/', () =>
        HttpResponse.json({ code: 'TOKEN_EXPIRED', message: 'Token expired' }, { status: 401 }),
      ),
    );
    const { api } = await import('../../src/store/api');
    store.dispatch(api.endpoints.getTeam.initiate(undefined, { forceRefetch: true }));
    await expectLoginPage();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    const callsAtLogin = meCalls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/login');
    expect(meCalls).toBe(callsAtLogin);
  });
});

describe('/debug', () => {
  it('is reachable signed out and shows the diagnostics JSON, test cookie and test login', async () => {
    fakeDb.signInAs(null);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = renderRoute('/debug');
    expect(await screen.findByRole('heading', { name: 'Cookie Debug Page' })).toBeInTheDocument();
    const diagnostics = screen.getByLabelText('Diagnostics');
    await waitFor(() => expect(diagnostics).toHaveTextContent('"backend_url": "http://localhost"'));
    for (const field of ['origin', 'browser_cookies', 'api_view', 'auth_status', 'user_agent', 'timestamp']) {
      expect(diagnostics).toHaveTextContent(`"${field}"`);
    }
    expect(diagnostics).toHaveTextContent('"authenticated": false');
    expect(screen.getByRole('link', { name: 'Test Login' })).toHaveAttribute(
      'href',
      'http://localhost/v1/oauth/github/login?redirect=http%3A%2F%2Flocalhost%2Fdebug',
    );
    await user.click(screen.getByRole('button', { name: 'Set Test Cookie' }));
    expect(alert).toHaveBeenCalledWith(expect.stringContaining('Test cookie set'));
    expect(screen.getByRole('heading', { name: 'Troubleshooting tips' })).toBeInTheDocument();
    expect(screen.getByText(/third-party cookies/)).toBeInTheDocument();
  });

  it('re-checks on "Check Cookies" and shows the signed-in user', async () => {
    const { user } = renderRoute('/debug');
    const diagnostics = await screen.findByLabelText('Diagnostics');
    await waitFor(() => expect(diagnostics).toHaveTextContent('"authenticated": true'));
    const before = diagnostics.textContent;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await user.click(screen.getByRole('button', { name: 'Check Cookies' }));
    await waitFor(() => expect(diagnostics.textContent).not.toBe(before));
  });
});

describe('src/index.tsx', () => {
  it("throws 'App element not found' without a root element", async () => {
    document.body.innerHTML = '';
    await expect(
      jest.isolateModulesAsync(async () => {
        await import('../../src/index');
      }),
    ).rejects.toThrow('App element not found');
  });

  // Each step is a task of its own on a phone: a start-up in one or a few tasks blocked input for hundreds of
  // milliseconds (docs/performance.md, "Start-up in small steps").
  it('starts in eight steps, yielding to the browser between them, before React renders', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    let yields = 0;
    let yieldsBeforeRoot = -1;
    const render = jest.fn();
    await jest.isolateModulesAsync(async () => {
      jest.doMock('../../src/lib/yieldToBrowser', () => ({
        yieldToBrowser: async () => {
          yields += 1;
        },
      }));
      jest.doMock('react-dom/client', () => ({
        createRoot: () => {
          yieldsBeforeRoot = yields;
          return { render };
        },
      }));
      await import('../../src/index');
    });
    await waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    expect(yieldsBeforeRoot).toBe(7);
    expect(yields).toBe(7);
  });
});
