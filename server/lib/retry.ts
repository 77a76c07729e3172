/**
 * When a delivery (an email, a webhook) that failed is tried again: exponential backoff from `firstDelayMs`, doubling
 * after each failed try up to `maxDelayMs`, until `giveUpAfterMs` after it was first queued; then it has failed.
 */
export interface RetrySchedule {
  firstDelayMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
}

/** 5 s, 10 s, 20 s, … an hour apart at most, for 24 hours: 33 tries in all. */
export const DELIVERY_RETRY: RetrySchedule = {
  firstDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** The wait after `failedTries` failed tries (1 or more). */
export const retryDelayMs = (schedule: RetrySchedule, failedTries: number) =>
  Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.min(failedTries - 1, 40));

/** When to try again after `failedTries` failed tries, or null: the next try would fall past the give-up time. */
export function nextTryAt(schedule: RetrySchedule, queuedAt: Date, failedTries: number, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(schedule, failedTries));
  return next.getTime() > queuedAt.getTime() + schedule.giveUpAfterMs ? null : next;
}
