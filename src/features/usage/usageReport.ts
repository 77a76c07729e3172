// Usage report rules (docs/rules.md#usage-reports): usage-stats money is cents; top lists hold 5 entries.
import type { UsageByMember, UsageByModel, UsageStats } from '../../../contract/schemas/usage';
import { budgetPercent } from '../../lib/budget';
import { centsToDollars } from '../../../contract/money';

/** The top lists of the usage report show 5 entries. */
export const USAGE_TOP_LIST_SIZE = 5;

export interface DailyUsagePoint {
  /** YYYY-MM-DD */
  date: string;
  dollars: number;
}

/** The `limit` most expensive entries, most expensive first (ties keep the server's order). */
function topByCost<T extends { total_cost_cents: number }>(entries: Record<string, T> | undefined, limit: number): T[] {
  return Object.values(entries ?? {})
    .sort((a, b) => b.total_cost_cents - a.total_cost_cents)
    .slice(0, limit);
}

export function topMembersByCost(
  usage: Record<string, UsageByMember> | undefined,
  limit = USAGE_TOP_LIST_SIZE,
): UsageByMember[] {
  return topByCost(usage, limit);
}

export function topModelsByCost(
  usage: Record<string, UsageByModel> | undefined,
  limit = USAGE_TOP_LIST_SIZE,
): UsageByModel[] {
  return topByCost(usage, limit);
}

/** Dates ascending, each day's cents divided by 100 into dollars. */
export function dailyUsageSeries(daily: Record<string, number> | undefined): DailyUsagePoint[] {
  return Object.entries(daily ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, cents]) => ({ date, dollars: centsToDollars(cents) }));
}

/** 'Active Members' counts the members who have any usage in the range. */
export function activeMemberCount(usage: Record<string, UsageByMember> | undefined): number {
  return Object.values(usage ?? {}).filter((member) => member.request_count > 0 || member.total_cost_cents > 0).length;
}

/** Budget Usage: current usage over the budget limit, 0 when the limit is 0. */
export function usageBudgetPercent(stats: Pick<UsageStats, 'current_usage_cents' | 'budget_limit_cents'>): number {
  return budgetPercent(stats.current_usage_cents, stats.budget_limit_cents);
}

/** Whether the report has anything to show or export. */
export function hasUsageData(stats: UsageStats | undefined): boolean {
  if (!stats) return false;
  return (
    stats.total_requests > 0 ||
    stats.total_cost_cents > 0 ||
    Object.keys(stats.daily_usage ?? {}).length > 0 ||
    Object.keys(stats.usage_by_member ?? {}).length > 0 ||
    Object.keys(stats.usage_by_model ?? {}).length > 0
  );
}

/** The chart's headline: the sum of the daily series and how many days it covers. */
export function dailyUsageTotal(series: readonly DailyUsagePoint[]): { dollars: number; days: number } {
  const cents = series.reduce((sum, point) => sum + Math.round(point.dollars * 100), 0);
  return { dollars: centsToDollars(cents), days: series.length };
}
