import { formatMoney } from './money';

/**
 * A team's monthly budget in dollars (docs/rules.md#budget-health): 0 is no budget, and at most MAX_BUDGET_DOLLARS.
 * The server's schema (schemas/teams.ts) refuses anything else with BUDGET_LIMIT_MESSAGE; the forms check the same
 * range first (src/lib/budgetInput.ts). Kept apart from the schemas so a form need not load TypeBox.
 */
export const MAX_BUDGET_DOLLARS = 1_000_000_000;

export const BUDGET_LIMIT_MESSAGE = `The monthly budget must be an amount from $0.00 to ${formatMoney(MAX_BUDGET_DOLLARS)}.`;
