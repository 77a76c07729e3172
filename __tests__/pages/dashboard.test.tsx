import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { pinClockToFakeNow } from '../support/clock';
import { renderRoute } from '../support/render';

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const section = (name: string) => screen.getByRole('region', { name });

/** The dashboard as alice: 'Welcome back' in her team, 'Welcome' without one (she is new here then). */
async function renderDashboard(greeting = 'Welcome back, Alice') {
  const rendered = renderRoute('/dashboard');
  await screen.findByRole('heading', { level: 1, name: greeting }, { timeout: 5000 });
  return rendered;
}

describe('a team whose every call the gateway refuses', () => {
  const alertTitled = async (title: string) =>
    (await screen.findByText(title, {}, { timeout: 5000 })).closest<HTMLElement>('[role="alert"]') as HTMLElement;

  it('tells every member when the monthly budget is reached, with the reset, and the owner where to raise it', async () => {
    Object.assign(fakeDb.team(), { budget_limit: 300, current_usage: 300 });
    renderRoute('/dashboard');
    const alert = await alertTitled("Your team's monthly budget is reached");
    expect(alert).toHaveTextContent(
      /The team has spent \$300\.00 of its \$300\.00 monthly budget, so the gateway refuses every call of the team's keys until the budget resets on [A-Z][a-z]{2} 1, \d{4}, 00:00 UTC, or sooner if you raise it\./,
    );
    expect(within(alert).getByRole('link', { name: 'Manage Budget' })).toHaveAttribute('href', '/billing');
  });

  it('tells a member to ask the owner', async () => {
    Object.assign(fakeDb.team(), { budget_limit: 300, current_usage: 450 });
    fakeDb.signInAs('bob');
    renderRoute('/dashboard');
    const alert = await alertTitled("Your team's monthly budget is reached");
    expect(alert).toHaveTextContent('or sooner if the team owner raises it.');
    expect(within(alert).getByRole('link', { name: 'See the budget' })).toHaveAttribute('href', '/billing');
  });

  it('tells when the credit is used up, and says nothing while calls are admitted', async () => {
    fakeDb.state.credits = fakeDb.state.credits.filter((entry) => entry.team_id !== fakeDb.team().id);
    const { unmount } = renderRoute('/dashboard');
    const alert = await alertTitled("Your team's credit is used up");
    expect(alert).toHaveTextContent('Buy credits or redeem a coupon on the Billing page.');
    expect(within(alert).getByRole('link', { name: 'Add credit' })).toHaveAttribute('href', '/billing');
    unmount();
    fakeDb.reset();
    await renderDashboard();
    await within(await screen.findByRole('region', { name: 'This Month' })).findByText('Total Requests');
    expect(screen.queryByText(/Your team's (credit is used up|monthly budget is reached)/)).not.toBeInTheDocument();
  });
});

describe("a member's monthly cap", () => {
  const capBob = (cents: number) =>
    Object.assign(fakeDb.state.memberships.find((membership) => membership.user_id === 'user-bob') ?? {}, {
      monthly_cap_cents: cents,
    });

  it('tells a member whose keys reached the cap, with the cap, their spend and the reset, and links to the keys', async () => {
    // Bob's usage rows hold $127.50 this month (15 days of $8.50).
    capBob(12_750);
    fakeDb.signInAs('bob');
    renderRoute('/dashboard');
    const alert = (await screen.findByText('Your monthly cap is reached', {}, { timeout: 5000 })).closest<HTMLElement>(
      '[role="alert"]',
    );
    expect(alert).toHaveTextContent(
      'Your keys have spent $127.50 of the $127.50 monthly cap the team owner set for you, so the gateway refuses ' +
        'their calls until the cap resets on Dec 1, 2026, 00:00 UTC.',
    );
    expect(within(alert as HTMLElement).getByRole('link', { name: 'See your keys' })).toHaveAttribute(
      'href',
      '/api-keys',
    );
  });

  it('says nothing below the cap, nor to a member without one', async () => {
    capBob(12_751);
    fakeDb.signInAs('bob');
    renderRoute('/dashboard');
    await within(await screen.findByRole('region', { name: 'This Month' }, { timeout: 5000 })).findByText(
      'Total Requests',
    );
    expect(screen.queryByText('Your monthly cap is reached')).not.toBeInTheDocument();
  });
});

describe('dashboard header and team check', () => {
  it("offers 'Create API Key' to a user with a team, and no team notice", async () => {
    await renderDashboard();
    expect(await screen.findByRole('link', { name: 'Create API Key' })).toHaveAttribute('href', '/api-keys/create');
    expect(screen.queryByRole('link', { name: 'Set Up Team' })).not.toBeInTheDocument();
    expect(screen.queryByText('Team Setup Required')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem Coupon' })).toBeInTheDocument();
  });

  it('greets by login when the user has no name', async () => {
    const alice = fakeDb.user('alice');
    alice.name = null;
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, alice' })).toBeInTheDocument();
  });

  it("without a team: 'Set Up Team', the orange notice and the welcome box, Manage API Keys disabled", async () => {
    fakeDb.setTeamless('alice');
    await renderDashboard('Welcome, Alice');

    expect(await screen.findByRole('link', { name: 'Set Up Team' })).toHaveAttribute('href', '/team');
    expect(screen.queryByRole('link', { name: 'Create API Key' })).not.toBeInTheDocument();
    const notice = screen.getByText('Team Setup Required').closest<HTMLElement>('[role="alert"]');
    expect(notice).toHaveClass('MuiAlert-standard', 'MuiAlert-colorWarning');
    expect(within(notice as HTMLElement).getByRole('link', { name: 'Go to Team Settings' })).toHaveAttribute(
      'href',
      '/team',
    );
    const summary = section('This Month');
    expect(await within(summary).findByRole('link', { name: 'Create Your Team' })).toHaveAttribute('href', '/team');
    expect(within(section('Quick Actions')).getByRole('button', { name: 'Manage API Keys' })).toBeDisabled();
  });

  it('shows the notice when only the team fetch fails', async () => {
    fakeDb.failNext('GET', '/v1/teams/', { status: 500, exact: true });
    await renderDashboard();
    expect(await screen.findByText('Team Setup Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set Up Team' })).toBeInTheDocument();
    expect(await within(section('This Month')).findByText('Total Requests')).toBeInTheDocument();
  });

  it('shows the welcome box when the team dashboard answers no team', async () => {
    fakeDb.failNext('GET', '/v1/teams/dashboard', { status: 404, code: 'NO_TEAM' });
    await renderDashboard();
    const summary = section('This Month');
    expect(await within(summary).findByRole('link', { name: 'Create Your Team' })).toBeInTheDocument();
    expect(screen.queryByText('Team Setup Required')).not.toBeInTheDocument();
  });

  it('shows the usage summary failure for any other team dashboard error', async () => {
    fakeDb.failNext('GET', '/v1/teams/dashboard', { status: 500, message: 'Database unavailable' });
    await renderDashboard();
    expect(
      await within(section('This Month')).findByText('Failed to load usage summary: Database unavailable'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Your Team' })).not.toBeInTheDocument();
  });
});

describe('usage stat cards', () => {
  it.each([
    ['Total API Keys', '3', '+1', 'good'],
    ['Requests Today', '245', '+12.5%', 'good'],
    ['Avg Response Time', '842ms', '-8.3%', 'good'],
    ['Active Models', '6', '+2', 'good'],
  ])('%s shows %s and its change %s', async (title, value, change, tone) => {
    await renderDashboard();
    const card = section(title);
    expect(await within(card).findByText(value)).toBeInTheDocument();
    expect(within(card).getByText(change)).toHaveAttribute('data-tone', tone);
  });

  it('shows a falling key count red and a rising response time red', async () => {
    Object.assign(fakeDb.state.dashboardStats, { api_keys_change: '-1', response_time_change: '+4.0%' });
    await renderDashboard();
    expect(await within(section('Total API Keys')).findByText('-1')).toHaveAttribute('data-tone', 'bad');
    expect(within(section('Avg Response Time')).getByText('+4.0%')).toHaveAttribute('data-tone', 'bad');
  });

  it("only logs a stats failure; the cards show '—' and the page still renders", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeDb.failNext('GET', '/v1/dashboard/stats', { status: 500, message: 'Stats offline' });
    await renderDashboard();

    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load dashboard stats:', 'Stats offline'));
    expect(within(section('Requests Today')).getByText('—')).toBeInTheDocument();
    expect(screen.queryByText(/Stats offline/)).not.toBeInTheDocument();
    expect(await within(section('Recent Activity')).findByText('API key "Staging" created')).toBeInTheDocument();
  });
});

describe('quick actions and top models', () => {
  it('links the quick actions, with Manage API Keys enabled for a team member', async () => {
    await renderDashboard();
    const actions = section('Quick Actions');
    expect(await within(actions).findByRole('link', { name: 'Manage API Keys' })).toHaveAttribute('href', '/api-keys');
    expect(within(actions).getByRole('link', { name: 'Team Settings' })).toHaveAttribute('href', '/team');
    expect(within(actions).getByRole('link', { name: 'Usage Reports' })).toHaveAttribute('href', '/usage-reports');
    expect(within(actions).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  });

  it('shows only the first 3 top models with requests and cost', async () => {
    await renderDashboard();
    const topModels = await within(section('This Month')).findByRole('list', { name: 'Top Models' });
    const items = within(topModels).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'claude-sonnet-4',
      'gpt-4o',
      'gemini-2.5-pro',
    ]);
    expect(items[0]).toHaveTextContent('600 requests');
    expect(items[0]).toHaveTextContent('$118.00');
    expect(screen.queryByText('claude-haiku-3.5')).not.toBeInTheDocument();
  });
});

describe('recent activity', () => {
  it('asks for 5 items and shows them with relative times and an icon per type', async () => {
    pinClockToFakeNow();
    await renderDashboard();
    const activity = section('Recent Activity');
    const list = await within(activity).findByRole('list', { name: 'Recent Activity' });
    const items = within(list).getAllByRole('listitem');

    expect(fakeDb.lastRequest('GET', '/v1/dashboard/activity')?.query).toEqual({ limit: '5' });
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.querySelector('.MuiListItemText-secondary')?.textContent)).toEqual([
      '5 minutes ago',
      '45 minutes ago',
      '3 hours ago',
      '20 hours ago',
      '2 days ago',
    ]);
    expect(within(items[0]).getByTestId('activity-icon-key-created')).toBeInTheDocument();
    expect(within(items[1]).getByTestId('activity-icon-request-failed')).toBeInTheDocument();
    expect(within(items[3]).getByText('Something unusual happened')).toBeInTheDocument();
    expect(within(items[3]).getByTestId('activity-icon-default')).toBeInTheDocument();
  });

  it("shows 'Failed to load activity' when the call fails", async () => {
    fakeDb.failNext('GET', '/v1/dashboard/activity');
    await renderDashboard();
    expect(await within(section('Recent Activity')).findByText('Failed to load activity')).toBeInTheDocument();
    expect(within(section('Total API Keys')).getByText('3')).toBeInTheDocument();
  });

  it('says so when there is no activity', async () => {
    fakeDb.state.activities = [];
    await renderDashboard();
    expect(await within(section('Recent Activity')).findByText('No recent activity yet.')).toBeInTheDocument();
  });
});

describe('getting started: the next steps for where the user stands', () => {
  const stepTitles = () =>
    within(section('Getting Started'))
      .getAllByRole('listitem')
      .map((step) => step.querySelector('strong')?.textContent);

  it('tells the owner to set the budget and invite, not to set up a team', async () => {
    await renderDashboard();
    expect(stepTitles()).toEqual([
      'Set your budget and invite your team:',
      'Create an API key:',
      'Buy credits:',
      'Call the API:',
    ]);
  });

  it('gives a member their own next steps and never tells them to create a team', async () => {
    fakeDb.signInAs('bob');
    renderRoute('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Bob' }, { timeout: 5000 });
    expect(stepTitles()).toEqual(['Create an API key:', 'Call the API:', 'Watch your spend:', 'Ask for more:']);
    expect(section('Getting Started')).not.toHaveTextContent(/create a team|set up your team/i);
  });

  it('tells a user without a team to set one up first', async () => {
    fakeDb.setTeamless('alice');
    await renderDashboard('Welcome, Alice');
    expect(stepTitles()).toEqual(['Set up your team:', 'Create an API key:', 'Buy credits:', 'Call the API:']);
    expect(
      within(section('Getting Started')).getByText(/Create a team and set its monthly budget/),
    ).toBeInTheDocument();
  });
});

describe('what the response cache saved this month', () => {
  it("shows the month's saving and how many answers the cache gave, and nothing before its first hit", async () => {
    pinClockToFakeNow();
    const { unmount } = renderRoute('/dashboard');
    const summary = await screen.findByRole('region', { name: 'This Month' }, { timeout: 5000 });
    expect(await within(summary).findByText('Saved by Cache')).toBeInTheDocument();
    expect(within(summary).getByText('$0.42')).toBeInTheDocument();
    expect(within(summary).getByText('1 cached answer')).toBeInTheDocument();
    unmount();
    for (const request of fakeDb.state.requests) delete request.cached_from;
    renderRoute('/dashboard');
    const plain = await screen.findByRole('region', { name: 'This Month' }, { timeout: 5000 });
    expect(await within(plain).findByText('Total Requests')).toBeInTheDocument();
    expect(within(plain).queryByText('Saved by Cache')).not.toBeInTheDocument();
  });
});

describe("clearing the team's cached answers", () => {
  it('the owner clears them from This Month after a confirmation; a member is not offered it', async () => {
    pinClockToFakeNow();
    const { user, unmount } = renderRoute('/dashboard');
    const summary = await screen.findByRole('region', { name: 'This Month' }, { timeout: 5000 });
    await user.click(await within(summary).findByRole('button', { name: 'Clear Team Cache' }));
    const confirm = await screen.findByRole('dialog', { name: "Clear the team's cached answers" });
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Cleared 4 cached answers')).toBeInTheDocument();
    expect(fakeDb.state.cacheEntries).toEqual([]);
    unmount();
    fakeDb.signInAs('bob');
    renderRoute('/dashboard');
    const theirs = await screen.findByRole('region', { name: 'This Month' }, { timeout: 5000 });
    expect(await within(theirs).findByText('Saved by Cache')).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Clear Team Cache' })).not.toBeInTheDocument();
  });
});
