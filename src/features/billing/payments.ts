// Payment rules: states, polling, messages and timings (docs/rules.md#buy-credits).
import type { Payment, PaymentStatus } from '../../../contract/schemas/billing';

export const PAYMENT_POLL_INTERVAL_MS = 5000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 60;
export const PAYMENT_WINDOW_NAME = 'payment';
export const PAYMENT_WINDOW_FEATURES = 'width=800,height=600';
export const PAYMENT_WINDOW_CHECK_MS = 1000;
export const PAYMENT_WINDOW_LIFETIME_MS = 30 * 60_000;

export const PAYMENT_FAILED_TITLE = 'Payment failed';
export const PAYMENT_FAILED_DEFAULT = 'Your payment could not be processed.';
export const POLLING_TIMEOUT_MESSAGE = 'Payment status polling timeout';
export const STATUS_CHECK_FAILED_MESSAGE = 'Failed to check payment status';

export type PollOutcome = { kind: 'continue' } | { kind: 'success' } | { kind: 'failed'; reason: string };

/**
 * What one status reply means for the Buy Credits dialog: completed ends in success, failed and expired end in
 * failure (with the server's reason when it gave one), anything else keeps polling until the 60th attempt.
 */
export function pollOutcome(status: string, attempt: number, failureReason?: string | null): PollOutcome {
  if (status === 'completed') return { kind: 'success' };
  if (status === 'failed' || status === 'expired') {
    return { kind: 'failed', reason: failureReason?.trim() || PAYMENT_FAILED_DEFAULT };
  }
  if (attempt >= PAYMENT_POLL_MAX_ATTEMPTS) return { kind: 'failed', reason: POLLING_TIMEOUT_MESSAGE };
  return { kind: 'continue' };
}

/** A pending payment counts as expired for opening when expires_at is past. */
export function isPaymentLinkExpired(expiresAt: string | null, now: Date): boolean {
  if (!expiresAt) return false;
  const time = Date.parse(expiresAt);
  return Number.isFinite(time) && time <= now.getTime();
}

export type PaymentLinkState = 'available' | 'expired' | 'unavailable';

/** Whether a pending payment's link can still be opened. A missing link wins over a past expiry. */
export function paymentLinkState(payment: Pick<Payment, 'payment_url' | 'expires_at'>, now: Date): PaymentLinkState {
  if (!payment.payment_url) return 'unavailable';
  return isPaymentLinkExpired(payment.expires_at, now) ? 'expired' : 'available';
}

export const LINK_UNAVAILABLE_ALERT = 'Payment link is no longer available. Please create a new payment.';
export const LINK_EXPIRED_ALERT = 'Payment link has expired. Please create a new payment.';
export const LIST_POPUP_BLOCKED_ALERT = 'Popup blocked. Please allow popups for this site and try again.';

/** The alert for opening a payment whose link is gone, or null when it can be opened. */
export function openPaymentProblem(payment: Pick<Payment, 'payment_url' | 'expires_at'>, now: Date): string | null {
  const state = paymentLinkState(payment, now);
  if (state === 'unavailable') return LINK_UNAVAILABLE_ALERT;
  if (state === 'expired') return LINK_EXPIRED_ALERT;
  return null;
}

export type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info';

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, ChipColor> = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
  expired: 'default',
  refunded: 'info',
};

export function paymentStatusColor(status: string): ChipColor {
  return PAYMENT_STATUS_COLORS[status as PaymentStatus] ?? 'default';
}

const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** A payment's status as a person reads it ('Completed', not 'completed'); a status a newer server adds, as sent. */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;
}

/** Payment History shows the first 10. */
export const PAYMENT_HISTORY_SHOWN = 10;

/** What a manual re-check found, as its toast says: 'Order ord-012 is still pending.', 'Order ord-012 is now completed.' */
export const refreshStatusText = (orderId: string, status: PaymentStatus) =>
  status === 'pending' ? `Order ${orderId} is still pending.` : `Order ${orderId} is now ${status}.`;
