import { screen, waitFor } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { servePageScript } from '../support/pageScript';
import { peekBootUser, takeBootUser } from '../../src/store/bootSession';

// The server writes the signed-in user into index.html (server/lib/appShell.ts); the first status check uses it.
const serveWithUser = (json: string) => servePageScript('session-user', json);

afterEach(() => document.getElementById('session-user')?.remove());

describe('the user sent with the page answers the first status check', () => {
  it('renders a guarded page without calling /v1/auth/me, greeting the user from the page', async () => {
    const alice = fakeDb.currentUser()!;
    serveWithUser(JSON.stringify(alice));
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome back/ })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome back, ${alice.name!.split(' ')[0]}` }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(fakeDb.requestsTo('GET', '/v1/auth/me')).toHaveLength(0);
    // Used once: it describes the moment the page was served.
    expect(document.getElementById('session-user')).toBeNull();
    // The suite's first whole-app render also loads every module: more than jest's 5 s default on a busy machine.
  }, 20_000);

  it('sends a visitor of /login on to /dashboard, still without the call', async () => {
    fakeDb.signInAs(null);
    document.cookie = 'signed_in=; max-age=0; path=/';
    serveWithUser(JSON.stringify({ id: 'u1', login: 'alice', name: 'Alice', email: null, is_admin: false }));
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fakeDb.requestsTo('GET', '/v1/auth/me')).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{'],
    ['not a user', '{"hello":1}'],
    ['empty', ''],
  ])('asks the API when the page’s user is %s', async (_case, json) => {
    serveWithUser(json);
    renderRoute('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', '/v1/auth/me').length).toBeGreaterThan(0);
  });

  it('peek leaves the user for the guard; take hands it out once', () => {
    expect(peekBootUser()).toBeNull();
    serveWithUser('{"id":"u1","login":"alice","name":null,"email":null,"is_admin":false}');
    expect(peekBootUser()?.login).toBe('alice');
    expect(takeBootUser()?.login).toBe('alice');
    expect(takeBootUser()).toBeNull();
  });
});
