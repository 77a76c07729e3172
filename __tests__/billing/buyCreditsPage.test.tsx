import { screen, waitFor, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { advance, mockPaymentWindow, POLL_MS, runOnFakeClock } from './buyCreditsHarness';

runOnFakeClock();

describe('Buy Credits on the billing page: success closes after 3 s', () => {
  it('closes 3 s after success, resets, and the Credit Balance card shows the new balance', async () => {
    mockPaymentWindow();
    const { user } = renderRoute('/billing', { userOptions: { advanceTimers: jest.advanceTimersByTime } });
    const balance = await screen.findByRole('region', { name: 'Credit Balance' }, { timeout: 5000 });
    await within(balance).findByText('$745.50');
    await user.click(screen.getByRole('button', { name: 'Buy Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    await user.click(within(dialog).getByRole('button', { name: '$50' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await within(dialog).findByText(/Waiting for your payment/);
    fakeDb.completePayment('ord-013');
    await advance(POLL_MS);
    expect(within(dialog).getByText('Payment successful!')).toBeInTheDocument();
    expect(await within(balance).findByText('$795.50')).toBeInTheDocument();
    await advance(2900);
    expect(screen.getByRole('dialog', { name: 'Buy Credits' })).toBeInTheDocument();
    await advance(600);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy Credits' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Buy Credits' }));
    const reopened = await screen.findByRole('dialog', { name: 'Buy Credits' });
    expect(within(reopened).getByLabelText(/Amount \(USD\)/)).toHaveValue(null);
    expect(within(reopened).getByText(/Current balance/)).toHaveTextContent('$795.50');
  }, 20_000);

  it('on the dashboard, refreshes its figures at completion and again when the dialog closes itself', async () => {
    mockPaymentWindow();
    const { user } = renderRoute('/dashboard', { userOptions: { advanceTimers: jest.advanceTimersByTime } });
    const buy = await screen.findByRole('button', { name: 'Buy Credits' }, { timeout: 5000 });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    await user.click(within(dialog).getByRole('button', { name: '$50' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await within(dialog).findByText(/Waiting for your payment/);
    fakeDb.completePayment('ord-013');
    await advance(POLL_MS);
    expect(within(dialog).getByText('Payment successful!')).toBeInTheDocument();
    await advance(100);
    const calls = () => ({
      dashboard: fakeDb.requestsTo('GET', '/v1/teams/dashboard').length,
      stats: fakeDb.requestsTo('GET', '/v1/dashboard/stats').length,
      activity: fakeDb.requestsTo('GET', '/v1/dashboard/activity').length,
    });
    const atCompletion = calls();
    await advance(3000);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy Credits' })).not.toBeInTheDocument());
    await waitFor(() => {
      const after = calls();
      expect(after.dashboard).toBeGreaterThan(atCompletion.dashboard);
      expect(after.stats).toBeGreaterThan(atCompletion.stats);
      expect(after.activity).toBeGreaterThan(atCompletion.activity);
    });
  }, 20_000);
});
