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
  it("writes this month's printable statement into a new window and prints it", async () => {
    const write = jest.fn();
    const statementWindow = {
      document: { write, open: jest.fn(), close: jest.fn() },
      focus: jest.fn(),
      print: jest.fn(),
      close: jest.fn(),
    };
    jest.spyOn(window, 'open').mockReturnValue(statementWindow as unknown as Window);
    const { user } = renderBilling();
    await card('Budget Usage');
    await user.click(screen.getByRole('button', { name: 'Download Invoice' }));
    await waitFor(() => expect(statementWindow.print).toHaveBeenCalled());
    expect(fakeDb.lastRequest('GET', '/v1/teams/team-acme/credits/usage-breakdown')?.query).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const html = write.mock.calls.at(-1)?.[0] as string;
    expect(html).toContain('<h1>Acme AI</h1>');
    expect(html).toContain('Statement 2026-11-01 to 2026-11-30');
    expect(html).toContain('ord-009');
    expect(html).toContain('claude-sonnet-4');
    expect(html).toContain('@media print');
  });
});
