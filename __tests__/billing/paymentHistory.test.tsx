import { screen, within } from '@testing-library/react';
import { fakeDb, FAKE_NOW } from '../support/fakeBackend';
import { renderWithProviders } from '../support/render';
import { PaymentHistory } from '../../src/features/billing/PaymentHistory';
import { axeViolations } from '../support/axe';

const HISTORY_PATH = '/v1/teams/team-acme/payments/history';

beforeEach(() => jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function renderPayments() {
  const rendered = renderWithProviders(<PaymentHistory teamId="team-acme" />, {
    userOptions: { advanceTimers: jest.advanceTimersByTime },
  });
  const region = screen.getByRole('region', { name: 'Payment History' });
  await within(region).findByRole('list', { name: 'Payments' });
  const row = (orderId: string) => within(region).getByRole('listitem', { name: `Order ${orderId}` });
  return { ...rendered, region, row };
}

describe('Payment History widget', () => {
  it('shows the first 10 of 12 with the count', async () => {
    const { region } = await renderPayments();
    expect(within(region).getAllByRole('listitem')).toHaveLength(10);
    expect(within(region).getByText('Showing 10 of 12 payments')).toBeInTheDocument();
    expect(within(region).queryByRole('listitem', { name: 'Order ord-002' })).not.toBeInTheDocument();
  });

  it('shows amount, status, dates and order for settled payments', async () => {
    const { row } = await renderPayments();
    const completed = row('ord-009');
    expect(completed).toHaveTextContent('$500.00');
    expect(within(completed).getByText('Completed')).toBeInTheDocument();
    expect(completed).toHaveTextContent('Order: ord-009');
    expect(completed).toHaveTextContent('Created: Nov 14, 2026');
    expect(completed).toHaveTextContent('Completed: Nov 14, 2026');
    const failed = row('ord-008');
    expect(failed).toHaveTextContent('Failed: Nov 13, 2026');
    // Disabled, as the spec has it, and saying why.
    const createNew = within(failed).getByRole('button', { name: 'Create New' });
    expect(createNew).toBeDisabled();
    expect(createNew).toHaveAccessibleDescription(
      'A failed payment cannot be retried. Buy $100.00 of credits instead.',
    );
    expect(within(failed).queryByRole('button', { name: 'Open Payment' })).not.toBeInTheDocument();
  });

  it("a failed payment offers Buy Credits with that payment's amount beside its disabled Create New", async () => {
    const { user, row } = await renderPayments();
    expect(row('ord-008')).toHaveTextContent('$100.00');
    await user.click(within(row('ord-008')).getByRole('button', { name: 'Buy $100.00 of credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    expect(await within(dialog).findByLabelText(/Amount \(USD\)/)).toHaveValue(100);
  });

  it('tells the three pending cases apart', async () => {
    const { row } = await renderPayments();
    expect(row('ord-012')).toHaveTextContent('Expires: Nov 15, 2026');
    expect(within(row('ord-012')).getByRole('button', { name: 'Open Payment' })).toBeEnabled();
    expect(row('ord-011')).toHaveTextContent('Payment link expired');
    expect(within(row('ord-011')).getByRole('button', { name: 'Open Payment' })).toBeDisabled();
    expect(row('ord-010')).toHaveTextContent('Payment link not available');
    expect(within(row('ord-010')).getByRole('button', { name: 'Open Payment' })).toBeDisabled();
  });

  it('opens a live link in the 800x600 window', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user, row } = await renderPayments();
    await user.click(within(row('ord-012')).getByRole('button', { name: 'Open Payment' }));
    expect(open).toHaveBeenCalledWith(
      fakeDb.payment('ord-012').payment_url,
      expect.any(String),
      'width=800,height=600',
    );
  });

  it('explains a blocked popup', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const { user, row, region } = await renderPayments();
    await user.click(within(row('ord-012')).getByRole('button', { name: 'Open Payment' }));
    expect(
      within(region).getByText('Popup blocked. Please allow popups for this site and try again.'),
    ).toBeInTheDocument();
  });

  it('alerts when the link expired while the list was on screen', async () => {
    const open = jest.spyOn(window, 'open');
    const { user, row, region } = await renderPayments();
    jest.setSystemTime(new Date(FAKE_NOW.getTime() + 21 * 60_000));
    await user.click(within(row('ord-012')).getByRole('button', { name: 'Open Payment' }));
    expect(within(region).getByText('Payment link has expired. Please create a new payment.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('offers the invoice of a paid payment and the credit notes of a refunded one as PDF links', async () => {
    const { row } = await renderPayments();
    const documentsPath = 'http://localhost/v1/teams/team-acme/documents';
    const invoice = within(row('ord-009')).getByRole('link', { name: 'Invoice INV-2026-000006 (PDF)' });
    expect(invoice).toHaveAttribute('href', `${documentsPath}/INV-2026-000006/pdf`);
    expect(invoice).toHaveAttribute('download', 'INV-2026-000006.pdf');
    expect(invoice).toHaveTextContent('Invoice INV-2026-000006');
    const refunded = row('ord-006');
    expect(refunded).toHaveTextContent('Refunded: $25.00');
    expect(
      within(refunded)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Invoice INV-2026-000005', `${documentsPath}/INV-2026-000005/pdf`],
      ['Credit note CN-2026-000001', `${documentsPath}/CN-2026-000001/pdf`],
    ]);
    for (const unpaid of ['ord-012', 'ord-008', 'ord-007']) {
      expect(within(row(unpaid)).queryByRole('link')).not.toBeInTheDocument();
      expect(row(unpaid)).not.toHaveTextContent('Refunded');
    }
  });

  it('has no axe violations with its rows, links and buttons', async () => {
    const { region } = await renderPayments();
    expect(await axeViolations(region)).toEqual([]);
  });

  it('re-checks a pending payment and reloads the list', async () => {
    fakeDb.setNow(new Date(FAKE_NOW.getTime() + 21 * 60_000));
    const { user, row, store } = await renderPayments();
    const loads = fakeDb.requestsTo('GET', HISTORY_PATH).length;
    await user.click(within(row('ord-012')).getByRole('button', { name: 'Refresh Status' }));
    expect(await within(row('ord-012')).findByText('Expired')).toBeInTheDocument();
    // The click answers even when nothing else on screen would change.
    expect(store.getState().toasts.queue.map((toast) => toast.message)).toContain('Order ord-012 is now expired.');
    expect(fakeDb.lastRequest('POST', '/v1/teams/team-acme/payments/ord-012/check')).toBeDefined();
    expect(fakeDb.requestsTo('GET', HISTORY_PATH).length).toBeGreaterThan(loads);
  });

  it('only logs a failed re-check', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeDb.failNext('POST', '/v1/teams/team-acme/payments/ord-012/check');
    const { user, row, region } = await renderPayments();
    await user.click(within(row('ord-012')).getByRole('button', { name: 'Refresh Status' }));
    await jest.advanceTimersByTimeAsync(50);
    expect(log).toHaveBeenCalledWith('Failed to refresh payment status', expect.anything());
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    fakeDb.state.payments = [];
    renderWithProviders(<PaymentHistory teamId="team-acme" />);
    expect(await screen.findByText('No payment history')).toBeInTheDocument();
    expect(screen.getByText('Your payment transactions will appear here')).toBeInTheDocument();
  });

  it('shows the error with Try Again, and recovers', async () => {
    fakeDb.failNext('GET', HISTORY_PATH, { status: 500, message: 'Payments service down' });
    const { user } = renderWithProviders(<PaymentHistory teamId="team-acme" />, {
      userOptions: { advanceTimers: jest.advanceTimersByTime },
    });
    expect(await screen.findByText('Payments service down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Showing 10 of 12 payments')).toBeInTheDocument();
  });
});
