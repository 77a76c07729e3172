import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { server } from '../support/server';

describe('a user without a team (carol) on the team pages', () => {
  beforeEach(() => fakeDb.signInAs('carol'));

  it.each(['/dashboard', '/api-keys', '/usage-reports', '/billing'])(
    '%s invites them to create a team instead of showing an error with Retry',
    async (path) => {
      renderRoute(path);
      expect(await screen.findByText('Welcome to AI Model Gateway!', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(
        screen.getByText('Create a team to start using API keys, credits and usage tracking.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Create Your Team' })).toHaveAttribute('href', '/team');
      expect(screen.queryByText(/You are not a member of any team/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    },
  );
});

// The session's user says the user has no team (team_id null), so the team pages show their "create or join a team"
// state without asking for team data, whose 404 NO_TEAM every browser prints as a console error
// (docs/rules.md#owners-and-admins).
const FIRST_RENDER = { timeout: 5000 };
const WELCOME = 'Create a team to start using API keys, credits and usage tracking.';

/** Team-scoped reads the app made: anything under /v1/teams or /v1/api-keys. */
const teamReads = () => [...fakeDb.requestsTo('GET', '/v1/teams'), ...fakeDb.requestsTo('GET', '/v1/api-keys')];

describe('a user without a team asks for no team data', () => {
  beforeEach(() => fakeDb.signInAs('carol'));

  it.each([
    ['/dashboard', WELCOME],
    ['/api-keys', WELCOME],
    ['/api-keys/create', 'Team Setup Required'],
    ['/usage-reports', WELCOME],
    ['/billing', WELCOME],
  ])('%s shows its no-team state and asks for no team data', async (path, text) => {
    renderRoute(path);
    expect(await screen.findByText(text, {}, FIRST_RENDER)).toBeInTheDocument();
    expect(teamReads()).toEqual([]);
  });

  it('/team shows the create form and asks for no team data', async () => {
    renderRoute('/team');
    expect(await screen.findByRole('form', { name: 'Create Your Team' }, FIRST_RENDER)).toBeInTheDocument();
    expect(teamReads()).toEqual([]);
  });

  it('a team made elsewhere meanwhile: the 409 is said in a toast and the page shows that team', async () => {
    const { user } = renderRoute('/team');
    const form = await screen.findByRole('form', { name: 'Create Your Team' }, FIRST_RENDER);
    // Carol joins Acme AI in another tab while this form is open.
    fakeDb.state.memberships.push({
      team_id: fakeDb.team().id,
      user_id: fakeDb.user('carol').id,
      role: 'member',
      created_at: fakeDb.now().toISOString(),
    });
    await user.type(within(form).getByLabelText(/Team Name/), 'Carol Co');
    await user.type(within(form).getByLabelText(/Monthly Budget/), '100');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByRole('heading', { name: 'Acme AI' })).toBeInTheDocument();
    expect(await screen.findByText('You already belong to a team')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create Your Team' })).not.toBeInTheDocument();
  });
});

describe('a session user without team_id (a server before it was added)', () => {
  it('still reads no team from the 404 NO_TEAM answer', async () => {
    fakeDb.signInAs('carol');
    server.use(
      http.get('http://localhost/v1/auth/me', () =>
        HttpResponse.json({ id: 'user-carol', login: 'carol', name: 'Carol Chen', email: null, is_admin: false }),
      ),
    );
    renderRoute('/api-keys');
    expect(await screen.findByText(WELCOME, {}, FIRST_RENDER)).toBeInTheDocument();
    expect(fakeDb.requestsTo('GET', '/v1/api-keys')).toHaveLength(1);
  });
});
