import { screen, waitFor, within } from '@testing-library/react';
import { ACME_TEAM_ID, FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { axeViolations } from '../support/axe';
import { renderRoute } from '../support/render';
import { creditBalance } from '../support/fakeBackend/views';
import { fill } from './adminGrid';
import { formatCents } from '../../contract/money';

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
});
afterEach(() => jest.useRealTimers());

const grid = (name: string) => screen.findByRole('grid', { name }, { timeout: 5000 });

async function rowIn(name: string, text: string) {
  const found = await within(await grid(name)).findByText(text);
  const row = found.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row of ${name} shows ${text}`);
  return row;
}

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

const acmeBalanceCents = () => Math.round(creditBalance(fakeDb.state, ACME_TEAM_ID) * 100);

describe('/admin/teams', () => {
  it('lists every team with owner, balance and spend; search, sort and paging are asked of the server', async () => {
    addTeams(30);
    const { user } = renderRoute('/admin/teams', { userOptions: { delay: null } });
    const acme = await rowIn('Teams', 'Acme AI');
    expect(within(acme).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(acme).getByText(formatCents(acmeBalanceCents()))).toBeInTheDocument();
    expect(fakeDb.lastRequest('GET', '/v1/admin/teams')?.query).toEqual({
      sort: 'month_spend_cents',
      order: 'desc',
      limit: '25',
      offset: '0',
    });
    expect(screen.getByText('1–25 of 31')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(fakeDb.lastRequest('GET', '/v1/admin/teams')?.query.offset).toBe('25'));
    expect(await screen.findByText('26–31 of 31')).toBeInTheDocument();

    await user.click(screen.getByRole('columnheader', { name: 'Team' }));
    await waitFor(() =>
      expect(fakeDb.lastRequest('GET', '/v1/admin/teams')?.query).toMatchObject({ sort: 'name', offset: '0' }),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'acme');
    await waitFor(() => expect(fakeDb.lastRequest('GET', '/v1/admin/teams')?.query.search).toBe('acme'));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("opens a team's page: figures, members, keys without secrets, credit history and usage", async () => {
    const { user, router } = renderRoute('/admin/teams', { userOptions: { delay: null } });
    await user.click(within(await rowIn('Teams', 'Acme AI')).getByRole('link', { name: 'Acme AI' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme AI' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/teams/${ACME_TEAM_ID}`);
    const members = screen.getByRole('region', { name: 'Team members' });
    expect(within(members).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(members).getByText('bob@example.com')).toBeInTheDocument();
    const keys = screen.getByRole('region', { name: 'API keys' });
    for (const key of fakeDb.state.apiKeys.filter((k) => k.team_id === ACME_TEAM_ID && k.key)) {
      expect(keys).not.toHaveTextContent(key.key!);
    }
    expect(screen.getByRole('region', { name: 'Credit history' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Usage by model, last 30 days' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('manual adjustments', () => {
  it('credits a team with a reason, showing the resulting balance before it is confirmed', async () => {
    const before = acmeBalanceCents();
    const { user } = renderRoute(`/admin/teams/${ACME_TEAM_ID}`, { userOptions: { delay: null } });
    await user.click(await screen.findByRole('button', { name: 'Adjust credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits of Acme AI' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm credit' });
    expect(confirm).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Amount/ }), '25.50');
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Resulting balance: ${formatCents(before + 2550)}`);
    expect(confirm).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Goodwill refund for the outage');
    expect(await axeViolations(dialog)).toEqual([]);
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('POST', `/v1/admin/teams/${ACME_TEAM_ID}/credits/adjustments`)?.body).toEqual({
      amount_cents: 2550,
      reason: 'Goodwill refund for the outage',
    });
    const history = screen.getByRole('region', { name: 'Credit history' });
    const entry = (await within(history).findByText('Goodwill refund for the outage')).closest('tr')!;
    expect(within(entry).getByText('Adjustment')).toBeInTheDocument();
    expect(within(entry).getByText('admin')).toBeInTheDocument();
    expect(within(entry).getByText('$25.50')).toBeInTheDocument();
    expect(await screen.findByText(formatCents(before + 2550))).toBeInTheDocument();
  });

  it('a debit larger than the balance is refused in the form; the server’s refusal is shown too', async () => {
    const balance = acmeBalanceCents();
    const { user } = renderRoute(`/admin/teams/${ACME_TEAM_ID}`, { userOptions: { delay: null } });
    await user.click(await screen.findByRole('button', { name: 'Adjust credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust credits of Acme AI' });
    await user.click(within(dialog).getByRole('radio', { name: 'Debit (take away)' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /^Amount/ }), String(balance / 100 + 1));
    await fill(user, within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Duplicate credit');
    expect(within(dialog).getByText('A debit cannot take the balance below zero.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm debit' })).toBeDisabled();

    fakeDb.failNext('POST', `/v1/admin/teams/${ACME_TEAM_ID}/credits/adjustments`, {
      status: 409,
      code: 'CONFLICT',
      message: 'Part of the balance is held for requests in flight.',
    });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Amount/ }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm debit' }));
    expect(await within(dialog).findByText('Failed to adjust credits')).toBeInTheDocument();
    expect(within(dialog).getByText('Part of the balance is held for requests in flight.')).toBeInTheDocument();
  });
});

describe('/admin/users', () => {
  it('lists every user with team, role and admin flag; disables bob after a confirmation, then enables him', async () => {
    const { user } = renderRoute('/admin/users', { userOptions: { delay: null } });
    const bob = await rowIn('Users', 'bob');
    expect(within(bob).getByText('Acme AI')).toBeInTheDocument();
    expect(within(bob).getByText('Member')).toBeInTheDocument();
    expect(within(bob).getByText('Active')).toBeInTheDocument();
    const self = await rowIn('Users', 'admin');
    expect(within(self).getByText('Admin')).toBeInTheDocument();
    // The signed-in administrator's own row offers no Disable: the server refuses it.
    expect(within(self).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowIn('Users', 'carol')).getByText('No team')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(bob).getByRole('button', { name: 'Disable bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable user' });
    expect(confirm).toHaveTextContent('Their sessions end and their API keys stop working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(fakeDb.lastRequest('PATCH', '/v1/admin/users/user-bob')?.body).toEqual({ disabled: true }),
    );
    expect(await screen.findByText('bob was disabled')).toBeInTheDocument();
    const disabled = await rowIn('Users', 'bob');
    expect(await within(disabled).findByText('Disabled')).toBeInTheDocument();

    await user.click(within(disabled).getByRole('button', { name: 'Enable bob' }));
    await waitFor(() =>
      expect(fakeDb.lastRequest('PATCH', '/v1/admin/users/user-bob')?.body).toEqual({ disabled: false }),
    );
    expect(await within(await rowIn('Users', 'bob')).findByText('Active')).toBeInTheDocument();
  });

  it('searches by team name on the server', async () => {
    const { user } = renderRoute('/admin/users', { userOptions: { delay: null } });
    await rowIn('Users', 'bob');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'acme');
    await waitFor(() => expect(fakeDb.lastRequest('GET', '/v1/admin/users')?.query.search).toBe('acme'));
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'Users' })).queryByText('carol')).toBeNull());
  });
});

describe('/admin/analytics', () => {
  it('shows the totals, the tables by provider, model and team, and exports them as CSV', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:analytics';
    });
    URL.revokeObjectURL = jest.fn();
    const { user } = renderRoute('/admin/analytics', { userOptions: { delay: null } });
    expect(await screen.findByRole('region', { name: 'Requests' })).toBeInTheDocument();
    expect(fakeDb.lastRequest('GET', '/v1/admin/analytics')?.query).toEqual({
      start_date: '2026-10-16',
      end_date: '2026-11-15',
    });
    // The tables come in a turn after the totals and the chart (docs/performance.md, "Sections in turn").
    const teams = await screen.findByRole('region', { name: 'Top teams (1 active)' });
    expect(within(teams).getByText('Acme AI')).toBeInTheDocument();
    const models = screen.getByRole('region', { name: 'By model' });
    expect(within(models).getByText('anthropic/claude-sonnet-4')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Credits sold against usage' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(created).toHaveLength(1);
    const csv = await created[0].text();
    expect(csv.split('\n')[0]).toBe(
      'Date,Requests,Errors,Prompt Tokens,Completion Tokens,Cost (USD),p50 Latency (ms),p95 Latency (ms)',
    );
    expect(csv).toContain('Team,Team ID,Requests');
    expect(await axeViolations()).toEqual([]);
  });
});
