import {
  isPaymentLinkExpired,
  LINK_EXPIRED_ALERT,
  LINK_UNAVAILABLE_ALERT,
  openPaymentProblem,
  paymentLinkState,
  paymentStatusColor,
  paymentStatusLabel,
  pollOutcome,
} from '../../src/features/billing/payments';

describe('payment polling outcome: 60 attempts', () => {
  it.each([
    ['completed', 1, null, { kind: 'success' }],
    ['completed', 60, null, { kind: 'success' }],
    ['failed', 3, 'Card declined', { kind: 'failed', reason: 'Card declined' }],
    ['failed', 3, null, { kind: 'failed', reason: 'Your payment could not be processed.' }],
    ['failed', 3, '  ', { kind: 'failed', reason: 'Your payment could not be processed.' }],
    ['expired', 2, null, { kind: 'failed', reason: 'Your payment could not be processed.' }],
    ['expired', 2, 'Link expired', { kind: 'failed', reason: 'Link expired' }],
    ['pending', 1, null, { kind: 'continue' }],
    ['pending', 59, null, { kind: 'continue' }],
    ['processing', 10, null, { kind: 'continue' }],
    ['refunded', 10, null, { kind: 'continue' }],
    ['pending', 60, null, { kind: 'failed', reason: 'Payment status polling timeout' }],
    ['something-new', 60, null, { kind: 'failed', reason: 'Payment status polling timeout' }],
  ] as const)('%s at attempt %p (reason %p) -> %j', (status, attempt, reason, outcome) => {
    expect(pollOutcome(status, attempt, reason)).toEqual(outcome);
  });
});

const NOW = new Date('2026-11-15T12:00:00.000Z');

describe('a pending payment counts as expired when expires_at is past', () => {
  it.each([
    [null, false],
    ['2026-11-15T11:59:59.000Z', true],
    ['2026-11-15T12:00:00.000Z', true],
    ['2026-11-15T12:00:01.000Z', false],
    ['not a date', false],
  ])('expires_at %p -> %p', (expiresAt, expired) => {
    expect(isPaymentLinkExpired(expiresAt, NOW)).toBe(expired);
  });
});

describe('opening a pending payment', () => {
  const url = 'http://pay.example/ord-1';
  it.each([
    [{ payment_url: null, expires_at: null }, 'unavailable', LINK_UNAVAILABLE_ALERT],
    [{ payment_url: null, expires_at: '2026-11-14T00:00:00Z' }, 'unavailable', LINK_UNAVAILABLE_ALERT],
    [{ payment_url: url, expires_at: '2026-11-14T00:00:00Z' }, 'expired', LINK_EXPIRED_ALERT],
    [{ payment_url: url, expires_at: '2026-11-16T00:00:00Z' }, 'available', null],
    [{ payment_url: url, expires_at: null }, 'available', null],
  ])('%j -> %s', (payment, state, alert) => {
    expect(paymentLinkState(payment, NOW)).toBe(state);
    expect(openPaymentProblem(payment, NOW)).toBe(alert);
  });

  it('uses the exact alert sentences', () => {
    expect(LINK_UNAVAILABLE_ALERT).toBe('Payment link is no longer available. Please create a new payment.');
    expect(LINK_EXPIRED_ALERT).toBe('Payment link has expired. Please create a new payment.');
  });
});

describe('status badge colour', () => {
  it.each([
    ['pending', 'warning'],
    ['completed', 'success'],
    ['failed', 'error'],
    ['expired', 'default'],
    ['refunded', 'info'],
    ['unknown', 'default'],
  ])('%s -> %s', (status, color) => expect(paymentStatusColor(status)).toBe(color));
});

describe('status badge label: read as words, a new status as sent', () => {
  it.each([
    ['pending', 'Pending'],
    ['completed', 'Completed'],
    ['failed', 'Failed'],
    ['expired', 'Expired'],
    ['refunded', 'Refunded'],
    ['disputed', 'disputed'],
  ])('%s -> %s', (status, label) => expect(paymentStatusLabel(status)).toBe(label));
});
