import { within } from '@testing-library/react';
import {
  advance,
  mockPaymentWindow,
  POLL_MS,
  renderActions,
  startPurchase,
  statusRequests,
  runOnFakeClock,
} from './buyCreditsHarness';

runOnFakeClock();

describe('Buy Credits polling limit: 60 attempts', () => {
  it('gives up after 60 pending replies with "Payment status polling timeout" and polls no more', async () => {
    mockPaymentWindow();
    const { user } = renderActions();
    const dialog = await startPurchase(user);
    for (let attempt = 1; attempt < 60; attempt += 1) await advance(POLL_MS);
    expect(statusRequests()).toBe(59);
    expect(within(dialog).queryByText('Payment failed')).not.toBeInTheDocument();
    await advance(POLL_MS);
    expect(within(dialog).getByText('Payment failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment status polling timeout')).toBeInTheDocument();
    await advance(POLL_MS);
    await advance(POLL_MS);
    expect(statusRequests()).toBe(60);
  }, 30_000);
});
