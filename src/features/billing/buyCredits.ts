// The Buy Credits dialog's state machine: amount -> processing -> waiting -> success | failed (docs/rules.md).
import { PAYMENT_FAILED_DEFAULT, pollOutcome, STATUS_CHECK_FAILED_MESSAGE } from './payments';

export const LINK_FAILED_MESSAGE = 'Failed to create payment link';

export type BuyState =
  | { step: 'amount'; error: string | null }
  | { step: 'processing' }
  | { step: 'waiting'; orderId: string; paymentUrl: string; popupBlocked: boolean; status: string; attempt: number }
  | { step: 'success' }
  | { step: 'failed'; reason: string };

export type BuyEvent =
  | { type: 'submitted' }
  | { type: 'linkCreated'; orderId: string; paymentUrl: string; popupBlocked: boolean }
  | { type: 'linkFailed'; message?: string }
  | { type: 'statusReceived'; status: string; failureReason?: string | null }
  | { type: 'statusCheckFailed' }
  | { type: 'retried' }
  | { type: 'reset' };

export const initialBuyState: BuyState = { step: 'amount', error: null };

/** Events that do not belong to the current step are ignored (e.g. a late status reply after a reset). */
export function buyCreditsReducer(state: BuyState, event: BuyEvent): BuyState {
  if (event.type === 'reset') return initialBuyState;
  switch (state.step) {
    case 'amount':
      return event.type === 'submitted' ? { step: 'processing' } : state;
    case 'processing':
      if (event.type === 'linkCreated') {
        const { orderId, paymentUrl, popupBlocked } = event;
        return { step: 'waiting', orderId, paymentUrl, popupBlocked, status: 'pending', attempt: 0 };
      }
      if (event.type === 'linkFailed') return { step: 'amount', error: event.message || LINK_FAILED_MESSAGE };
      return state;
    case 'waiting':
      if (event.type === 'statusCheckFailed') return { step: 'failed', reason: STATUS_CHECK_FAILED_MESSAGE };
      if (event.type === 'statusReceived') {
        const attempt = state.attempt + 1;
        const outcome = pollOutcome(event.status, attempt, event.failureReason);
        if (outcome.kind === 'success') return { step: 'success' };
        if (outcome.kind === 'failed') return { step: 'failed', reason: outcome.reason || PAYMENT_FAILED_DEFAULT };
        return { ...state, status: event.status, attempt };
      }
      return state;
    case 'failed':
      return event.type === 'retried' ? initialBuyState : state;
    case 'success':
      return state;
  }
}
