import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import {
  advance,
  advanceQuietly,
  mockPaymentWindow,
  POLL_MS,
  renderActions,
  startPurchase,
  statusRequests,
  runOnFakeClock,
} from './buyCreditsHarness';

runOnFakeClock();

describe('Buy Credits dialog', () => {
  it('validates the amount: minimum message, disabled submit, preview only from 1.00', async () => {
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Buy Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    const submit = within(dialog).getByRole('button', { name: 'Proceed to Payment' });
    const amount = within(dialog).getByLabelText(/Amount \(USD\)/);
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(submit).toBeDisabled();
    await user.type(amount, '0.5');
    expect(within(dialog).getByText('Minimum amount is $1.00')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(within(dialog).queryByText(/New balance/)).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1');
    expect(within(dialog).queryByText('Minimum amount is $1.00')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    await within(dialog).findByText('$746.50');
    for (const quick of ['$5', '$10', '$25', '$50', '$100']) {
      expect(within(dialog).getByRole('button', { name: quick })).toBeInTheDocument();
    }
  });

  it('sends cents and the default description, opens the 800x600 window, and succeeds when the payment completes', async () => {
    const { open } = mockPaymentWindow();
    const { user } = renderActions();
    const dialog = await startPurchase(user, { typed: '12.345' });
    expect(fakeDb.lastRequest('POST', '/v1/teams/team-acme/payments/create-link')?.body).toEqual({
      amount_cents: 1235,
      description: 'Credit top-up for Acme AI',
    });
    expect(open).toHaveBeenCalledWith(expect.stringContaining('/ord-013'), expect.any(String), 'width=800,height=600');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Status: pending');

    await advance(POLL_MS);
    expect(statusRequests()).toBe(1);
    fakeDb.completePayment('ord-013');
    await advance(POLL_MS);
    expect(await within(dialog).findByText('Payment successful!')).toBeInTheDocument();
    expect(statusRequests()).toBe(2);
  });

  it('polls every 5 s and keeps waiting while the status is pending', async () => {
    mockPaymentWindow();
    const { user } = renderActions();
    await startPurchase(user);
    await advance(POLL_MS - 1);
    expect(statusRequests()).toBe(0);
    await advance(1);
    // The next poll is scheduled once the previous reply is in, so the clock moves one poll at a time.
    await advance(POLL_MS);
    await advance(POLL_MS);
    expect(statusRequests()).toBe(3);
    expect(screen.getByRole('status')).toHaveTextContent('Status: pending');
  });

  it.each([
    ['failed with a reason', (id: string) => fakeDb.failPayment(id, 'Card declined'), 'Card declined'],
    ['failed without a reason', (id: string) => fakeDb.failPayment(id, null), 'Your payment could not be processed.'],
    ['expired', (id: string) => fakeDb.expirePayment(id), 'Your payment could not be processed.'],
  ])('ends in the failed step when the payment %s; Try Again returns to amount', async (_name, settleAs, reason) => {
    mockPaymentWindow();
    const { user } = renderActions();
    const dialog = await startPurchase(user);
    settleAs('ord-013');
    await advance(POLL_MS);
    expect(await within(dialog).findByText('Payment failed')).toBeInTheDocument();
    expect(within(dialog).getByText(reason)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(within(dialog).getByLabelText(/Amount \(USD\)/)).toBeInTheDocument();
  });

  it('fails with "Failed to check payment status" when a status request errors', async () => {
    mockPaymentWindow();
    const { user } = renderActions();
    const dialog = await startPurchase(user);
    fakeDb.failNext('GET', '/v1/teams/team-acme/payments/ord-013/status');
    await advance(POLL_MS);
    expect(within(dialog).getByText('Failed to check payment status')).toBeInTheDocument();
  });

  it('shows the link to copy when the popup is blocked', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderActions();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    const dialog = await startPurchase(user);
    expect(
      within(dialog).getByText('Please allow popups to complete payment. You can also copy the payment link below.'),
    ).toBeInTheDocument();
    const link = within(dialog).getByLabelText('Payment link');
    expect(link).toHaveValue(fakeDb.payment('ord-013').payment_url);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(fakeDb.payment('ord-013').payment_url);
  });

  it('returns to the amount step with the message when the link cannot be created', async () => {
    const open = jest.spyOn(window, 'open');
    fakeDb.failNext('POST', '/v1/teams/team-acme/payments/create-link', { status: 400, message: 'Amount too large' });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Buy Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    await user.click(within(dialog).getByRole('button', { name: '$25' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await within(dialog).findByText('Amount too large')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Amount \(USD\)/)).toHaveValue(25);
    expect(open).not.toHaveBeenCalled();
  });

  it('stops polling and watching the window when closed mid-poll (no stray timers)', async () => {
    mockPaymentWindow();
    const { user } = renderActions();
    const dialog = await startPurchase(user);
    await advance(POLL_MS);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await advance(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(0);
    await advance(POLL_MS);
    await advance(POLL_MS);
    expect(statusRequests()).toBe(1);
  });

  it('closes the payment window itself after 30 minutes', async () => {
    const { paymentWindow } = mockPaymentWindow();
    const { user } = renderActions();
    const dialog = await startPurchase(user);
    fakeDb.failPayment('ord-013', 'Card declined');
    await advance(POLL_MS);
    await within(dialog).findByText('Card declined');
    advanceQuietly(30 * 60_000 - POLL_MS - 1000);
    expect(paymentWindow.close).not.toHaveBeenCalled();
    advanceQuietly(1000);
    expect(paymentWindow.close).toHaveBeenCalledTimes(1);
  });

  it('stops watching once a person closes the payment window', async () => {
    const { paymentWindow } = mockPaymentWindow();
    const { user } = renderActions();
    const dialog = await startPurchase(user);
    fakeDb.failPayment('ord-013', 'Card declined');
    await advance(POLL_MS);
    await within(dialog).findByText('Card declined');
    await advance(1000);
    const watching = jest.getTimerCount();
    paymentWindow.closed = true;
    await advance(1000);
    // The 1 s check and the 30-minute lifetime timer are gone.
    expect(jest.getTimerCount()).toBe(watching - 2);
  });
});
