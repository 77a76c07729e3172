import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server';
import { fakeDb, FAKE_NOW } from '../support/fakeBackend';
import { renderRoute } from '../support/render';

beforeEach(() => jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderBilling() {
  return renderRoute('/billing', { userOptions: { advanceTimers: jest.advanceTimersByTime } });
}

const card = (title: string) => screen.findByRole('region', { name: title });

describe('/billing', () => {
  it('shows the header, the five cards and the sections for the seeded team', async () => {
    renderBilling();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing & Usage' })).toBeInTheDocument();
    expect(screen.getByText("Manage your team's budget and monitor spending")).toBeInTheDocument();
    expect(await within(await card('Credit Balance')).findByText('$745.50')).toBeInTheDocument();
    expect(within(await card('Credit Balance')).queryByText('Low balance')).not.toBeInTheDocument();
    expect(within(await card('Current Month')).getByText('$320.50')).toBeInTheDocument();
    // 320.50 over 15 days of a 30-day November.
    expect(within(await card('Estimated Monthly')).getByText('$641.00')).toBeInTheDocument();
    expect(within(await card('Budget Limit')).getByText('$500.00')).toBeInTheDocument();
    expect(within(await card('API Requests')).getByText('3,675')).toBeInTheDocument();

    const budget = await card('Budget Usage');
    expect(within(budget).getByRole('progressbar', { name: 'Budget used' })).toHaveAttribute('aria-valuetext', '64.1%');
    expect(within(budget).getByText('Used: $320.50')).toBeInTheDocument();
    expect(within(budget).getByText('Remaining: $179.50')).toBeInTheDocument();

    const models = await card('Top Models This Month');
    expect(within(models).getByText('claude-sonnet-4')).toBeInTheDocument();
    expect(within(models).getByText('600 requests')).toBeInTheDocument();

    const info = await card('Team Information');
    expect(within(info).getByText('Acme AI')).toBeInTheDocument();
    expect(within(info).getByText('Team Members').nextSibling).toHaveTextContent('2');
    expect(within(info).getByText('Models Used').nextSibling).toHaveTextContent('6');

    expect(await card('Credit History')).toBeInTheDocument();
    expect(fakeDb.lastRequest('GET', '/v1/teams/team-acme/credits/history')?.query.limit).toBe('10');
    expect(await card('Payment History')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Loading...' until the balance arrives, then 'Low balance' under 500 dollars", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeDb.state.credits = fakeDb.state.credits.filter((entry) => entry.id !== 'credit-7'); // 245.50 left
    server.use(
      http.get('http://localhost/v1/teams/team-acme/credits/balance', async () => {
        await gate;
        return HttpResponse.json({ team_id: 'team-acme', current_balance: 245.5 });
      }),
    );
    renderBilling();
    const balance = await card('Credit Balance');
    expect(within(balance).getByText('Loading...')).toBeInTheDocument();
    release();
    expect(await within(balance).findByText('$245.50')).toBeInTheDocument();
    expect(within(balance).getByText('Low balance')).toBeInTheDocument();
  });

  it.each([
    [500, 300, 'Within budget', '60.0%', null],
    [500, 400, 'Monitoring usage', '80.0%', null],
    [500, 460, 'Approaching limit', '92.0%', 'Warning: Approaching budget limit'],
    [500, 520, 'Budget exceeded', '104.0%', 'Budget exceeded'],
    [150, 500.85, 'Budget exceeded', '333.9%', 'Budget exceeded'],
    [0, 320.5, 'Within budget', '0.0%', null],
  ])('limit %p, usage %p: health %p (%s) and the budget card agrees', async (limit, usage, label, percent, notice) => {
    fakeDb.team().budget_limit = limit;
    fakeDb.team().current_usage = usage;
    renderBilling();
    const budget = await card('Budget Usage');
    const health = screen.getByRole('status', { name: 'Budget health' });
    expect(within(health).getByText(label)).toBeInTheDocument();
    expect(within(health).getByText(`Your team has used ${percent} of its monthly budget.`)).toBeInTheDocument();
    if (notice) expect(within(budget).getByRole('alert')).toHaveTextContent(notice);
    else expect(within(budget).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives every action button its icon (BillingActionIcons, shared with the dashboard)', async () => {
    renderBilling();
    await card('Budget Usage');
    for (const [name, icon] of [
      ['Buy Credits', 'AddCardOutlinedIcon'],
      ['Redeem Coupon', 'RedeemOutlinedIcon'],
      ['Manage Budget', 'SavingsOutlinedIcon'],
    ]) {
      expect(within(screen.getByRole('button', { name })).getByTestId(icon)).toBeInTheDocument();
    }
    // Download Invoice is a link to the statement PDF, with the same icon as a button.
    const download = screen.getByRole('link', { name: 'Download Invoice' });
    expect(within(download).getByTestId('ReceiptLongOutlinedIcon')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    fakeDb.failNext('GET', '/v1/teams/dashboard', { status: 500, message: 'Dashboard unavailable' });
    const { user } = renderBilling();
    expect(await screen.findByText('Dashboard unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Budget Usage')).toBeInTheDocument();
  });
});
