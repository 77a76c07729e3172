import { screen, waitFor, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { axeViolations } from '../support/axe';
import { renderRoute, setViewportWidth } from '../support/render';

// Below the 768 px breakpoint the console's lists are cards (ConsoleCards): the grid's columns, a server page at a
// time, and a phone never downloads the grid.

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
  setViewportWidth(375);
});
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

function addTeams(count: number) {
  for (let i = 1; i <= count; i++) {
    fakeDb.state.teams.push({
      id: `team-${i}`,
      name: `Team ${String(i).padStart(2, '0')}`,
      budget_limit: 0,
      current_usage: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    });
  }
}

describe('the console on a phone', () => {
  it('lists every team as cards, turning the server’s pages', async () => {
    addTeams(30);
    const { user } = renderRoute('/admin/teams', { userOptions: { delay: null } });
    const list = await screen.findByRole('list', { name: 'Teams' }, { timeout: 5000 });
    expect(within(list).getByRole('link', { name: 'Acme AI' })).toHaveAttribute('href', '/admin/teams/team-acme');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByText('1–25 of 31')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(fakeDb.lastRequest('GET', '/v1/admin/teams')?.query.offset).toBe('25'));
    expect(await screen.findByText('26–31 of 31')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('disables a user from their card', async () => {
    const { user } = renderRoute('/admin/users', { userOptions: { delay: null } });
    const list = await screen.findByRole('list', { name: 'Users' }, { timeout: 5000 });
    await user.click(within(list).getByRole('button', { name: 'Disable bob' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable user' })).getByRole('button', { name: 'Disable' }),
    );
    await waitFor(() =>
      expect(fakeDb.lastRequest('PATCH', '/v1/admin/users/user-bob')?.body).toEqual({ disabled: true }),
    );
    expect(await within(list).findByRole('button', { name: 'Enable bob' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
