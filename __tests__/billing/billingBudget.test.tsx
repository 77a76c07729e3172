import { screen, waitFor, within } from '@testing-library/react';
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

describe('Manage Budget: is_owner decides', () => {
  it('is offered to the owner, not to a member', async () => {
    fakeDb.signInAs('bob');
    renderBilling();
    await card('Budget Usage');
    expect(screen.queryByRole('button', { name: 'Manage Budget' })).not.toBeInTheDocument();
  });

  it('sends the new limit as a decimal and closes', async () => {
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Manage Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Budget Limit' });
    expect(within(dialog).getByText('Setting a budget limit helps prevent unexpected charges.')).toBeInTheDocument();
    expect(within(dialog).getByText('Current usage: $320.50')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Monthly Budget Limit (USD)');
    expect(input).toHaveAttribute('step', '0.01');
    expect(input).toHaveValue(500);
    await user.clear(input);
    await user.type(input, '750.25');
    await user.click(within(dialog).getByRole('button', { name: 'Update Budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('PUT', '/v1/teams/budget')?.body).toEqual({ budget_limit: 750.25 });
    expect(await within(await card('Budget Limit')).findByText('$750.25')).toBeInTheDocument();
  });

  it('shows the failure message and keeps the dialog open', async () => {
    fakeDb.failNext('PUT', '/v1/teams/budget', { status: 500, message: 'Database unavailable' });
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Manage Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Budget Limit' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Budget' }));
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Update Budget Limit: what the server would refuse is said under the field', () => {
  it.each([
    ['', 'Enter a monthly budget in dollars, or 0 for none.'],
    ['-5', 'The monthly budget cannot be negative.'],
    ['1000000000.01', 'The monthly budget can be at most $1,000,000,000.00.'],
  ])('%p: %s, and nothing is sent', async (typed, message) => {
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Manage Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Budget Limit' });
    const input = within(dialog).getByLabelText('Monthly Budget Limit (USD)');
    await user.clear(input);
    if (typed) await user.type(input, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Update Budget' }));
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fakeDb.requestsTo('PUT', '/v1/teams/budget')).toHaveLength(0);
    await user.type(input, '1');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe("Update Budget Limit: a budget under this month's spend asks first", () => {
  const lowerTo = async (amount: string) => {
    const rendered = renderBilling();
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: 'Manage Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Budget Limit' });
    const input = within(dialog).getByLabelText('Monthly Budget Limit (USD)');
    await user.clear(input);
    await user.type(input, amount);
    await user.click(within(dialog).getByRole('button', { name: 'Update Budget' }));
    return { user, dialog };
  };

  it('says calls are refused until next month or until the budget is raised; Cancel sends nothing', async () => {
    const { user, dialog } = await lowerTo('300');
    const question = await screen.findByRole('dialog', { name: "Lower the budget below this month's spend?" });
    expect(question).toHaveTextContent(
      'The team has spent $320.50 this month. With a monthly budget of $300.00, the gateway refuses the ' +
        "team's calls until next month (Dec 1, 2026, 00:00 UTC) or until the budget is raised.",
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(fakeDb.requestsTo('PUT', '/v1/teams/budget')).toHaveLength(0);
    expect(dialog).toBeInTheDocument();
  });

  it('sends the lower budget once confirmed', async () => {
    const { user } = await lowerTo('320.50');
    const question = await screen.findByRole('dialog', { name: "Lower the budget below this month's spend?" });
    await user.click(within(question).getByRole('button', { name: 'Lower budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('PUT', '/v1/teams/budget')?.body).toEqual({ budget_limit: 320.5 });
  });

  it('does not ask for 0, which is no budget', async () => {
    await lowerTo('0');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('PUT', '/v1/teams/budget')?.body).toEqual({ budget_limit: 0 });
  });
});

describe('Download Invoice', () => {
  it("is a link to this month's statement PDF (by the UTC calendar), saved under its month", async () => {
    renderBilling();
    await card('Budget Usage');
    const link = screen.getByRole('link', { name: 'Download Invoice' });
    expect(link).toHaveAttribute('href', 'http://localhost/v1/teams/team-acme/statements/2026-11/pdf');
    expect(link).toHaveAttribute('download', 'statement-2026-11.pdf');
  });
});
