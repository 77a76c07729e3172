import {
  buyCreditsReducer,
  initialBuyState,
  type BuyEvent,
  type BuyState,
} from '../../src/features/billing/buyCredits';

const waiting = (attempt = 0, status = 'pending'): BuyState => ({
  step: 'waiting',
  orderId: 'ord-013',
  paymentUrl: 'http://pay/ord-013',
  popupBlocked: false,
  status,
  attempt,
});
const linkCreated: BuyEvent = {
  type: 'linkCreated',
  orderId: 'ord-013',
  paymentUrl: 'http://pay/ord-013',
  popupBlocked: false,
};

describe('Buy Credits: amount -> processing -> waiting -> success | failed', () => {
  it.each<[string, BuyState, BuyEvent, BuyState]>([
    ['submit starts processing', initialBuyState, { type: 'submitted' }, { step: 'processing' }],
    ['a created link waits', { step: 'processing' }, linkCreated, waiting(0)],
    [
      'a blocked popup is remembered',
      { step: 'processing' },
      { ...linkCreated, popupBlocked: true } as BuyEvent,
      { ...waiting(0), popupBlocked: true } as BuyState,
    ],
    [
      'a link error returns to amount with the message',
      { step: 'processing' },
      { type: 'linkFailed', message: 'Amount too large' },
      { step: 'amount', error: 'Amount too large' },
    ],
    [
      'a link error without message uses the default',
      { step: 'processing' },
      { type: 'linkFailed' },
      { step: 'amount', error: 'Failed to create payment link' },
    ],
    ['completed succeeds', waiting(3), { type: 'statusReceived', status: 'completed' }, { step: 'success' }],
    [
      'failed shows the reason',
      waiting(3),
      { type: 'statusReceived', status: 'failed', failureReason: 'Card declined' },
      { step: 'failed', reason: 'Card declined' },
    ],
    [
      'expired without reason uses the default',
      waiting(3),
      { type: 'statusReceived', status: 'expired', failureReason: null },
      { step: 'failed', reason: 'Your payment could not be processed.' },
    ],
    [
      'pending keeps waiting and counts the attempt',
      waiting(3),
      { type: 'statusReceived', status: 'processing' },
      waiting(4, 'processing'),
    ],
    [
      'the 60th unfinished reply times out',
      waiting(59),
      { type: 'statusReceived', status: 'pending' },
      { step: 'failed', reason: 'Payment status polling timeout' },
    ],
    [
      'a status request error fails',
      waiting(2),
      { type: 'statusCheckFailed' },
      { step: 'failed', reason: 'Failed to check payment status' },
    ],
    ['Try Again returns to amount', { step: 'failed', reason: 'x' }, { type: 'retried' }, initialBuyState],
    ['reset from anywhere', waiting(5), { type: 'reset' }, initialBuyState],
    ['reset after success', { step: 'success' }, { type: 'reset' }, initialBuyState],
    [
      'a late status after reset is ignored',
      initialBuyState,
      { type: 'statusReceived', status: 'completed' },
      initialBuyState,
    ],
    [
      'a late status after failure is ignored',
      { step: 'failed', reason: 'x' },
      { type: 'statusReceived', status: 'completed' },
      { step: 'failed', reason: 'x' },
    ],
    ['submit twice is ignored', { step: 'processing' }, { type: 'submitted' }, { step: 'processing' }],
  ])('%s', (_name, state, event, next) => {
    expect(buyCreditsReducer(state, event)).toEqual(next);
  });
});
