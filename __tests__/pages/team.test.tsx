import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { fakeDb } from '../support/fakeBackend';
import { server } from '../support/server';
import { renderRoute } from '../support/render';
import { formatDate } from '../../src/lib/time';

const REMOVE_CONFIRMATION = 'Are you sure you want to remove this team member?';

// The first render also loads the lazy page chunk; on a busy machine that takes a while.
const FIRST_RENDER = { timeout: 5000 };

async function openTeam(options: Parameters<typeof renderRoute>[1] = {}) {
  const rendered = renderRoute('/team', options);
  await screen.findByRole('heading', { name: 'Acme AI' }, FIRST_RENDER);
  await screen.findByRole('list', { name: 'Team members' });
  // The last of the sections that come in turns (docs/performance.md, "Sections in turn"): all of them are there.
  await screen.findByRole('region', { name: 'Tools' }, FIRST_RENDER);
  return rendered;
}

// One test moves a fake clock; the others keep real timers.
afterEach(() => jest.useRealTimers());

const membersSection = () => screen.getByRole('region', { name: 'Team Members' });
const memberItems = () => within(screen.getByRole('list', { name: 'Team members' })).getAllByRole('listitem');

describe('/team without a team', () => {
  beforeEach(() => fakeDb.signInAs('carol'));

  it('validates, sends the trimmed team and shows the new team without a reload', async () => {
    const { user } = renderRoute('/team');
    const form = await screen.findByRole('form', { name: 'Create Your Team' }, FIRST_RENDER);
    expect(screen.getByRole('heading', { name: 'Create Your Team' })).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Team Name/), '   ');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));
    expect(within(form).getByText('Team name is required')).toBeInTheDocument();
    expect(within(form).getByText('Enter a monthly budget in dollars, or 0 for none.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Team Name/), '  Carol Co  ');
    await user.type(within(form).getByLabelText(/Monthly Budget/), '-5');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));
    expect(within(form).getByText('The monthly budget cannot be negative.')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/teams/')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Monthly Budget/));
    await user.type(within(form).getByLabelText(/Monthly Budget/), '250.5');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByRole('heading', { name: 'Carol Co' })).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', '/v1/teams/')?.body).toEqual({ name: 'Carol Co', budget_limit: 250.5 });
    expect(screen.queryByRole('form', { name: 'Create Your Team' })).not.toBeInTheDocument();
    expect(screen.getByText('$0.00 / $250.50')).toBeInTheDocument();
    const items = await within(await screen.findByRole('list', { name: 'Team members' })).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0]).getByText('Carol Chen')).toBeInTheDocument();
    expect(within(items[0]).getByText('owner')).toBeInTheDocument();
    // Carol now owns the team, so the owner controls appear.
    expect(screen.getByRole('form', { name: 'Invite Member' })).toBeInTheDocument();
  });

  it("shows the server's message when creating fails", async () => {
    fakeDb.failNext('POST', '/v1/teams/', { status: 409, message: 'Team name already taken', exact: true });
    const { user } = renderRoute('/team');
    const form = await screen.findByRole('form', { name: 'Create Your Team' }, FIRST_RENDER);
    await user.type(within(form).getByLabelText(/Team Name/), 'Carol Co');
    await user.type(within(form).getByLabelText(/Monthly Budget/), '0');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));
    expect(await within(form).findByText('Team name already taken')).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', '/v1/teams/')?.body).toEqual({ name: 'Carol Co', budget_limit: 0 });
  });

  it('keeps what was typed and names the failure, even when the team call is slow', async () => {
    fakeDb.failNext('POST', '/v1/teams/', { status: 500, message: 'Failed to create team', exact: true });
    // A real network: a refetch of the team in flight would replace the form by the page's loader.
    const teamCalls = { started: 0, answered: 0 };
    server.use(
      http.get('http://localhost/v1/teams/', async () => {
        teamCalls.started += 1;
        await delay(100);
        teamCalls.answered += 1;
        return HttpResponse.json({ code: 'NO_TEAM', message: 'You are not a member of any team' }, { status: 404 });
      }),
    );
    const { user } = renderRoute('/team');
    const form = await screen.findByRole('form', { name: 'Create Your Team' }, FIRST_RENDER);
    await user.type(within(form).getByLabelText(/Team Name/), 'Carol Co');
    await user.type(within(form).getByLabelText(/Monthly Budget/), '120');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));

    // Asked afresh: the form on screen after the failure, not the one the test held before it.
    const after = await screen.findByRole('form', { name: 'Create Your Team' });
    expect(await within(after).findByText('Failed to create team')).toBeInTheDocument();
    // No fixed wait: every team call made by then has been answered (a refetch would have replaced the form).
    await waitFor(() => expect(teamCalls.answered).toBe(teamCalls.started));
    expect(
      within(screen.getByRole('form', { name: 'Create Your Team' })).getByText('Failed to create team'),
    ).toBeVisible();
    expect(within(screen.getByRole('form', { name: 'Create Your Team' })).getByLabelText(/Team Name/)).toHaveValue(
      'Carol Co',
    );
    expect(within(screen.getByRole('form', { name: 'Create Your Team' })).getByLabelText(/Monthly Budget/)).toHaveValue(
      120,
    );
  });
});

describe('/team with a team', () => {
  it('shows the team, its budget and its members', async () => {
    await openTeam();
    const team = fakeDb.team();
    expect(screen.getByText(`Created ${formatDate(team.created_at)}`)).toBeInTheDocument();
    expect(screen.getByText('$320.50 / $500.00')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Budget used' })).toHaveAttribute('aria-valuenow', '64.1');
    expect(screen.queryByText('Warning: Approaching budget limit')).not.toBeInTheDocument();

    const [alice, bob] = memberItems();
    expect(within(alice).getByText('Alice Anderson')).toBeInTheDocument();
    expect(within(alice).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(alice).getByText('owner').closest('.MuiChip-root')).toHaveClass('MuiChip-colorPrimary');
    expect(within(alice).getByText(`Joined ${formatDate(fakeDb.state.memberships[0].created_at)}`)).toBeInTheDocument();
    expect(within(bob).getByText('Bob Brown')).toBeInTheDocument();
    expect(within(bob).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(bob).getByText('member').closest('.MuiChip-root')).toHaveClass('MuiChip-colorPrimary');
  });

  it('hides the budget bar without a budget', async () => {
    fakeDb.team().budget_limit = 0;
    await openTeam();
    expect(screen.getByText('$320.50 / $0.00')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Budget used' })).not.toBeInTheDocument();
  });

  it("keeps the spec's warning past 100 percent, says Budget exceeded beside it, and caps the bar at 100", async () => {
    fakeDb.team().current_usage = 600;
    await openTeam();
    expect(screen.getByRole('progressbar', { name: 'Budget used' })).toHaveAttribute('aria-valuenow', '100');
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Warning: Approaching budget limit')).toBeInTheDocument();
    expect(within(notice).getByText('Budget exceeded')).toBeInTheDocument();
  });

  it('warns between 90 and 100 percent, without Budget exceeded', async () => {
    fakeDb.team().current_usage = 460;
    await openTeam();
    expect(screen.getByText('Warning: Approaching budget limit')).toBeInTheDocument();
    expect(screen.queryByText('Budget exceeded')).not.toBeInTheDocument();
  });

  it('updates the budget, and sends nothing for a negative or empty value', async () => {
    const { user } = await openTeam();
    // The owner's form comes in a turn of its own once the role is known (docs/performance.md, "Sections in turn").
    const form = await screen.findByRole('form', { name: 'Update Budget' });
    const input = within(form).getByLabelText(/Monthly Budget/);
    const submit = within(form).getByRole('button', { name: 'Update Budget' });

    await user.clear(input);
    await user.type(input, '-10');
    await user.click(submit);
    await user.clear(input);
    await user.click(submit);
    expect(fakeDb.requestsTo('PUT', '/v1/teams/budget')).toHaveLength(0);
    expect(screen.queryByText(/The monthly budget/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Enter a monthly budget/)).not.toBeInTheDocument();

    await user.type(input, '750.25');
    await user.click(submit);
    expect(await screen.findByText('$320.50 / $750.25')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', '/v1/teams/budget')?.body).toEqual({ budget_limit: 750.25 });
    expect(await screen.findByText('Budget updated')).toBeInTheDocument();
  });

  it('says, as the server would, that a budget above the maximum is too large, and sends nothing', async () => {
    const { user } = await openTeam();
    // The owner's form comes in a turn of its own once the role is known (docs/performance.md, "Sections in turn").
    const form = await screen.findByRole('form', { name: 'Update Budget' });
    const input = within(form).getByLabelText(/Monthly Budget/);
    await user.clear(input);
    await user.type(input, '2000000000');
    await user.click(within(form).getByRole('button', { name: 'Update Budget' }));
    expect(await screen.findByText('The monthly budget can be at most $1,000,000,000.00.')).toBeInTheDocument();
    expect(fakeDb.requestsTo('PUT', '/v1/teams/budget')).toHaveLength(0);
  });

  it("shows the server's message when the budget update fails", async () => {
    fakeDb.failNext('PUT', '/v1/teams/budget', { status: 500, message: 'Budget service down' });
    const { user } = await openTeam();
    await user.click(await screen.findByRole('button', { name: 'Update Budget' }));
    expect(await screen.findByText('Budget service down')).toBeInTheDocument();
  });

  it('lists pending invites, refuses the same address twice with a clear message, and cancels one', async () => {
    // The cancel toast waits for the invite's toast to hide (one at a time): a fake clock lets waitFor move time on.
    jest.useFakeTimers({ advanceTimers: true });
    const { user } = await openTeam({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    expect(screen.queryByRole('list', { name: 'Pending invites' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite Member' });
    await user.type(within(form).getByLabelText(/Email/), 'dana@example.com');
    await user.click(within(form).getByRole('button', { name: /Invite/ }));
    const pending = await screen.findByRole('list', { name: 'Pending invites' });
    expect(within(pending).getByText('dana@example.com')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/Email/));
    await user.type(within(form).getByLabelText(/Email/), 'Dana@example.com');
    await user.click(within(form).getByRole('button', { name: /Invite/ }));
    expect(await screen.findByText('dana@example.com has already been invited to this team')).toBeInTheDocument();
    expect(within(pending).getAllByRole('listitem')).toHaveLength(1);

    await user.click(within(pending).getByRole('button', { name: 'Cancel invite to dana@example.com' }));
    expect(await screen.findByText('Invite to dana@example.com cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Pending invites' })).not.toBeInTheDocument());
    expect(fakeDb.state.invites).toHaveLength(0);
  });

  it('validates the invite, sends the trimmed email and refreshes the member list', async () => {
    const { user } = await openTeam();
    const form = screen.getByRole('form', { name: 'Invite Member' });
    const email = within(form).getByLabelText(/Email/);
    const invite = within(form).getByRole('button', { name: 'Invite Member' });

    await user.click(invite);
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'not-an-email');
    await user.click(invite);
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/teams/invite')).toHaveLength(0);

    const listLoads = fakeDb.requestsTo('GET', '/v1/teams/members').length;
    await user.clear(email);
    await user.type(email, '  dave@example.com  ');
    await user.click(invite);
    expect(await screen.findByText('Invitation sent to dave@example.com')).toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', '/v1/teams/invite')?.body).toEqual({ email: 'dave@example.com' });
    await waitFor(() => expect(fakeDb.requestsTo('GET', '/v1/teams/members').length).toBeGreaterThan(listLoads));
    expect(email).toHaveValue('');
  });

  it("shows the server's message when the invite fails", async () => {
    fakeDb.failNext('POST', '/v1/teams/invite', { status: 500, message: 'Mailer unavailable' });
    const { user } = await openTeam();
    const form = screen.getByRole('form', { name: 'Invite Member' });
    await user.type(within(form).getByLabelText(/Email/), 'dave@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite Member' }));
    expect(await within(form).findByText('Mailer unavailable')).toBeInTheDocument();
  });

  it('removes a member only after the exact confirmation', async () => {
    const { user } = await openTeam();
    expect(screen.queryByRole('button', { name: 'Remove Alice Anderson' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Bob Brown' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(REMOVE_CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(fakeDb.requestsTo('DELETE', '/v1/teams/members')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Bob Brown' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(membersSection()).queryByText('Bob Brown')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('DELETE', '/v1/teams/members')?.path).toBe('/v1/teams/members/user-bob');
    expect(memberItems()).toHaveLength(1);
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
  });

  it("shows the server's message when removing fails", async () => {
    fakeDb.failNext('DELETE', '/v1/teams/members', { status: 500, message: 'Could not remove' });
    const { user } = await openTeam();
    await user.click(screen.getByRole('button', { name: 'Remove Bob Brown' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(await within(membersSection()).findByText('Could not remove')).toBeInTheDocument();
    expect(within(membersSection()).getByText('Bob Brown')).toBeInTheDocument();
  });

  it('gives the owner controls to the signed-in owner only, not to a member of an owned team', async () => {
    fakeDb.signInAs('bob');
    await openTeam();
    expect(within(memberItems()[0]).getByText('owner')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Update Budget' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.getByText('$320.50 / $500.00')).toBeInTheDocument();
  });

  it('offers Retry when the team fails to load', async () => {
    fakeDb.failNext('GET', '/v1/teams/', { status: 500, message: 'Database unavailable', exact: true });
    const { user } = renderRoute('/team');
    expect(await screen.findByText('Database unavailable', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create Your Team' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Acme AI' })).toBeInTheDocument();
  });

  it('offers Retry when the members fail to load', async () => {
    fakeDb.failNext('GET', '/v1/teams/members', { status: 500, message: 'Members unavailable' });
    const { user } = renderRoute('/team');
    expect(await screen.findByText('Members unavailable', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.click(within(membersSection()).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Team members' })).toBeInTheDocument();
    expect(memberItems()).toHaveLength(2);
  });
});

describe("members' monthly caps", () => {
  const itemOf = (name: string) => {
    const item = memberItems().find((candidate) => within(candidate).queryByText(name));
    if (!item) throw new Error(`no member ${name}`);
    return item;
  };

  it("shows each member's month against their cap; the owner edits and lifts a cap", async () => {
    const { user } = await openTeam();
    // This month's seeded usage: Bob $8.50 a day for 15 days, Alice $193.00 with no cap.
    expect(within(itemOf('Bob Brown')).getByText('$127.50 of $150.00')).toBeInTheDocument();
    expect(within(itemOf('Bob Brown')).getByText('This month')).toBeInTheDocument();
    expect(within(itemOf('Alice Anderson')).getByText('No cap · $193.00 this month')).toBeInTheDocument();

    await user.click(within(itemOf('Bob Brown')).getByRole('button', { name: 'Edit cap for Bob Brown' }));
    let dialog = await screen.findByRole('dialog', { name: 'Monthly cap for Bob Brown' });
    const cap = within(dialog).getByRole('spinbutton', { name: 'Monthly cap (USD)' });
    expect(cap).toHaveValue(150);
    await user.clear(cap);
    await user.type(cap, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Cap' }));
    expect(
      within(dialog).getByText('Enter an amount from $0.00 to $1,000,000,000.00, or leave it empty for no cap'),
    ).toBeInTheDocument();
    expect(fakeDb.requestsTo('PATCH', '/v1/teams/members')).toHaveLength(0);

    await user.clear(cap);
    await user.type(cap, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save Cap' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('PATCH', '/v1/teams/members')).toMatchObject({
      path: '/v1/teams/members/user-bob/cap',
      body: { monthly_cap_cents: 10_000 },
    });
    expect(await within(itemOf('Bob Brown')).findByText('$127.50 of $100.00')).toBeInTheDocument();
    expect(within(itemOf('Bob Brown')).getByText('Cap reached this month')).toBeInTheDocument();

    await user.click(within(itemOf('Bob Brown')).getByRole('button', { name: 'Edit cap for Bob Brown' }));
    dialog = await screen.findByRole('dialog', { name: 'Monthly cap for Bob Brown' });
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Monthly cap (USD)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Cap' }));
    expect(await within(itemOf('Bob Brown')).findByText('No cap · $127.50 this month')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PATCH', '/v1/teams/members')?.body).toEqual({ monthly_cap_cents: null });
  });

  it("shows the server's refusal in the dialog", async () => {
    fakeDb.failNext('PATCH', '/v1/teams/members/user-bob/cap', {
      status: 403,
      message: 'Only the team owner can do this',
    });
    const { user } = await openTeam();
    await user.click(within(itemOf('Bob Brown')).getByRole('button', { name: 'Edit cap for Bob Brown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monthly cap for Bob Brown' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Cap' }));
    expect(await within(dialog).findByText('Failed to set the monthly cap')).toBeInTheDocument();
    expect(within(dialog).getByText('Only the team owner can do this')).toBeInTheDocument();
  });

  it('shows a member the figures without Edit cap', async () => {
    fakeDb.signInAs('bob');
    await openTeam();
    expect(within(itemOf('Bob Brown')).getByText('$127.50 of $150.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit cap/ })).not.toBeInTheDocument();
  });
});
