// What the budget forms accept (docs/rules.md#budget-health): Billing's 'Update Budget Limit', the team page's
// 'Update Budget' and 'Create Your Team' read a monthly budget with this one rule, the server's range.
import { MAX_BUDGET_DOLLARS } from '../../contract/budget';
import { dollarsToCents, formatMoney } from '../../contract/money';
import { periodResetsAt } from '../../contract/keyLimits';
import { formatUtcDateTime } from './time';

export type BudgetProblem = 'required' | 'not_a_number' | 'negative' | 'too_large';

export const BUDGET_PROBLEMS: Record<BudgetProblem, string> = {
  required: 'Enter a monthly budget in dollars, or 0 for none.',
  not_a_number: 'The monthly budget must be a number of dollars, such as 500 or 99.50.',
  negative: 'The monthly budget cannot be negative.',
  too_large: `The monthly budget can be at most ${formatMoney(MAX_BUDGET_DOLLARS)}.`,
};

export type BudgetInput = { dollars: number; problem: null } | { dollars: null; problem: BudgetProblem };

/** A budget typed in dollars: a number from 0 to the contract's maximum, or what is wrong with it. */
export function budgetInput(text: string): BudgetInput {
  const fail = (problem: BudgetProblem): BudgetInput => ({ dollars: null, problem });
  if (text.trim() === '') return fail('required');
  const dollars = Number(text);
  if (!Number.isFinite(dollars)) return fail('not_a_number');
  if (dollars < 0) return fail('negative');
  if (dollars > MAX_BUDGET_DOLLARS) return fail('too_large');
  return { dollars, problem: null };
}

/**
 * A budget at or below what the team spent this month refuses every call until the month ends (or the budget is
 * raised): the gateway admits while spend is under the budget. 0 is no budget and refuses nothing.
 */
export function budgetRefusesCalls(budgetDollars: number, monthSpendDollars: number): boolean {
  const budget = dollarsToCents(budgetDollars);
  return budget > 0 && budget <= dollarsToCents(monthSpendDollars);
}

/** The confirmation a budget that refuses calls asks for, with the spend and when the month resets (UTC). */
export function budgetRefusalWarning(budgetDollars: number, monthSpendDollars: number, now: Date): string {
  const resets = formatUtcDateTime(periodResetsAt('monthly', now)!.toISOString());
  return (
    `The team has spent ${formatMoney(monthSpendDollars)} this month. With a monthly budget of ` +
    `${formatMoney(budgetDollars)}, the gateway refuses the team's calls until next month (${resets}) or until ` +
    'the budget is raised.'
  );
}
