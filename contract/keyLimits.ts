import type { LimitPeriod } from './schemas/apiKeys';

/**
 * When a key's spending limit starts over (docs/governance.md#per-key-controls): UTC calendar days, ISO weeks (from
 * Monday 00:00 UTC) and calendar months. 'none' never resets. The server's SQL twin is key_period_start /
 * key_period_end in migration 8, and server/test/keyLimits.test.ts checks that the two agree.
 */
export function periodStart(period: LimitPeriod, at: Date): Date | null {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = at.getUTCDate();
  switch (period) {
    case 'none':
      return null;
    case 'daily':
      return new Date(Date.UTC(year, month, day));
    case 'weekly':
      // getUTCDay: Sunday 0 … Saturday 6; days back to Monday.
      return new Date(Date.UTC(year, month, day - ((at.getUTCDay() + 6) % 7)));
    case 'monthly':
      return new Date(Date.UTC(year, month, 1));
  }
}

/** When the period that holds `at` ends and the limit starts over; null for 'none'. */
export function periodResetsAt(period: LimitPeriod, at: Date): Date | null {
  const start = periodStart(period, at);
  if (!start) return null;
  const [year, month, day] = [start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()];
  if (period === 'daily') return new Date(Date.UTC(year, month, day + 1));
  if (period === 'weekly') return new Date(Date.UTC(year, month, day + 7));
  return new Date(Date.UTC(year, month + 1, 1));
}
