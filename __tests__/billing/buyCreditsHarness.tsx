// Shared set-up for the Buy Credits tests: fake timers at the fake backend's clock and a stand-in payment window.
import { act, screen, within } from '@testing-library/react';
import { fakeDb, FAKE_NOW } from '../support/fakeBackend';
import { renderWithProviders } from '../support/render';
import { BillingActions } from '../../src/features/billing/BillingActions';

export const POLL_MS = 5000;
export const STATUS_PATH = '/v1/teams/team-acme/payments/ord-013/status';

export interface FakePaymentWindow {
  closed: boolean;
  close: jest.Mock;
}

export function mockPaymentWindow() {
  const paymentWindow: FakePaymentWindow = { closed: false, close: jest.fn() };
  paymentWindow.close.mockImplementation(() => {
    paymentWindow.closed = true;
  });
  const open = jest.spyOn(window, 'open').mockReturnValue(paymentWindow as unknown as Window);
  return { open, paymentWindow };
}

export function runOnFakeClock() {
  beforeEach(() => jest.useFakeTimers({ now: FAKE_NOW }));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}

export function renderActions() {
  return renderWithProviders(<BillingActions teamId="team-acme" teamName="Acme AI" />, {
    userOptions: { advanceTimers: jest.advanceTimersByTime },
  });
}

/**
 * Moves the clock and lets replies and renders settle. The next poll is scheduled once the previous reply is in,
 * so move the clock one poll at a time.
 *
 * The open dialog's focus trap checks focus every 50 ms, and the async advance waits a real macrotask after every
 * timer it fires: 100 waits per poll made the 60-poll test take 9 s of idle time. So the clock moves synchronously
 * to just before the window's end (the focus checks, and any timer whose callback is synchronous) and asynchronously
 * over its last millisecond, where the poll or timer a step is about fires and its reply settles. A step that expects
 * a reply in the middle of its window must be split where the reply comes.
 */
export const advance = (ms: number) =>
  act(async () => {
    if (ms > 1) jest.advanceTimersByTime(ms - 1);
    await jest.advanceTimersByTimeAsync(Math.min(ms, 1));
  });

/** Moves the clock a long way when no request is expected (e.g. the 30-minute window lifetime). */
export const advanceQuietly = (ms: number) => act(() => jest.advanceTimersByTime(ms));

export const statusRequests = () => fakeDb.requestsTo('GET', STATUS_PATH).length;

type User = ReturnType<typeof renderActions>['user'];

/** Opens the dialog, picks an amount (a quick amount or typed) and proceeds to the waiting step. */
export async function startPurchase(user: User, amount: { quick: string } | { typed: string } = { quick: '$10' }) {
  await user.click(screen.getByRole('button', { name: 'Buy Credits' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
  await within(dialog).findByText('$745.50');
  if ('quick' in amount) await user.click(within(dialog).getByRole('button', { name: amount.quick }));
  else await user.type(within(dialog).getByLabelText(/Amount \(USD\)/), amount.typed);
  await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
  await within(dialog).findByText(/Waiting for your payment/);
  return dialog;
}
