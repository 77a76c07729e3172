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
    fakeDb.failNext('PUT', '/v1/teams/budget', { status: 400, message: 'budget_limit must be at least 0' });
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Manage Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Budget Limit' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Budget' }));
    expect(await within(dialog).findByText('budget_limit must be at least 0')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
