import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { fakeDb } from '../support/fakeBackend';
import { API_ORIGIN } from '../support/handlers';
import { renderRoute } from '../support/render';
import { recordRequests } from '../support/requests';
import { server } from '../support/server';

describe('the account dialog and "Sign out everywhere"', () => {
  it('opens from the name in the top bar and shows who is signed in', async () => {
    const { user } = renderRoute('/dashboard');
    const alice = fakeDb.state.users.find((entry) => entry.login === 'alice')!;
    await user.click(await screen.findByRole('button', { name: new RegExp(`^Account: ${alice.name}`) }));
    const dialog = await screen.findByRole('dialog', { name: 'Your account' });
    expect(within(dialog).getByText(alice.email!)).toBeInTheDocument();
    expect(within(dialog).getByText('Signed in as alice')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: new RegExp(`^Account: ${alice.name}`) })).toHaveFocus();
  });

  it('ends every session on the server and goes to /login with the session-ended notice', async () => {
    const requests = recordRequests();
    const { user, router } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: /^Account:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Your account' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.count('POST /v1/auth/logout-all')).toBe(1);
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server message when it fails', async () => {
    server.use(
      http.post(`${API_ORIGIN}/v1/auth/logout-all`, () =>
        HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }, { status: 500 }),
      ),
    );
    const { user, router } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: /^Account:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Your account' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(dialog).findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(within(dialog).getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
  });
});
