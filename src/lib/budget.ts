// Budget rules: health, bar colours and thresholds (docs/rules.md#budget-health).
import { formatCents } from '../../contract/money';

export type BudgetHealth = 'healthy' | 'caution' | 'warning' | 'exceeded';
export type BudgetBarColor = 'success' | 'warning' | 'error';

export const HEALTH_LABELS: Record<BudgetHealth, string> = {
  healthy: 'Within budget',
  caution: 'Monitoring usage',
  warning: 'Approaching limit',
  exceeded: 'Budget exceeded',
};

/** Percent of the budget used; a limit of zero (no budget) gives 0. */
export function budgetPercent(used: number, limit: number): number {
  if (!Number.isFinite(used) || !Number.isFinite(limit) || limit <= 0) return 0;
  return (used / limit) * 100;
}

/** Under 75 healthy, 75 to under 90 caution, 90 to under 100 warning, 100 or more exceeded. */
export function budgetHealth(percent: number): BudgetHealth {
  if (percent >= 100) return 'exceeded';
  if (percent >= 90) return 'warning';
  if (percent >= 75) return 'caution';
  return 'healthy';
}

/** Red above 90 percent, yellow above 75, green otherwise. */
export function budgetBarColor(percent: number): BudgetBarColor {
  if (percent > 90) return 'error';
  if (percent > 75) return 'warning';
  return 'success';
}

/** The bar never draws past its end. */
export function barWidth(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) return 0;
  return Math.min(percent, 100);
}

export const NEAR_LIMIT_WARNING = 'Warning: Approaching budget limit';

/**
 * What every budget bar says under it (team, billing, usage reports), from one rule so no two places disagree: the
 * spec's 'Warning: Approaching budget limit' whenever use is above 90 percent, past 100 too, and beside it the health
 * label 'Budget exceeded' from 100 percent on.
 */
export function budgetLimitNotices(percent: number): string[] {
  if (!(percent > 90)) return [];
  return budgetHealth(percent) === 'exceeded' ? [NEAR_LIMIT_WARNING, HEALTH_LABELS.exceeded] : [NEAR_LIMIT_WARNING];
}

/** Percent with one decimal, e.g. 64.1%. */
export function formatPercent(percent: number): string {
  return `${(Number.isFinite(percent) ? percent : 0).toFixed(1)}%`;
}

export interface SpendOfLimit {
  /** '$12.34 of $50.00'. */
  text: string;
  /** Percent of the limit spent (a bar's fill; barWidth caps it). A zero limit is reached at once: 100. */
  percent: number;
  /** Spend has reached the limit: the gateway refuses more. */
  reached: boolean;
}

/** Spend against a limit in cents: a key's spending limit, a member's monthly cap (docs/governance.md). */
export function spendOfLimit(spentCents: number, limitCents: number): SpendOfLimit {
  const reached = spentCents >= limitCents;
  return {
    text: `${formatCents(spentCents)} of ${formatCents(limitCents)}`,
    percent: limitCents > 0 ? budgetPercent(spentCents, limitCents) : reached ? 100 : 0,
    reached,
  };
}
