import { useEffect } from 'react';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { BuyEvent } from './buyCredits';
import { PAYMENT_POLL_INTERVAL_MS } from './payments';

interface PollTarget {
  teamId: string;
  orderId: string;
}

/**
 * Asks for the payment's status every 5 s while `target` is set and reports each reply (or failure) as an event;
 * the reducer decides when polling is over. Clearing the target (dialog closed, step changed, unmount) stops it.
 */
export function usePaymentPolling(target: PollTarget | null, attempt: number, report: (event: BuyEvent) => void): void {
  const dispatch = useAppDispatch();
  const teamId = target?.teamId;
  const orderId = target?.orderId;

  // One timer per attempt: the next one is scheduled when the reducer has taken the previous reply.
  useEffect(() => {
    if (!teamId || !orderId) return undefined;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const request = dispatch(
        api.endpoints.getPaymentStatus.initiate({ teamId, orderId }, { forceRefetch: true, subscribe: false }),
      );
      try {
        const reply = await request.unwrap();
        if (!cancelled) report({ type: 'statusReceived', status: reply.status, failureReason: reply.failure_reason });
      } catch {
        if (!cancelled) report({ type: 'statusCheckFailed' });
      }
    }, PAYMENT_POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [dispatch, teamId, orderId, attempt, report]);
}
