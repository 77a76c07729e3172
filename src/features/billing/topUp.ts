// Top-up amount rules: minimum, quick amounts, preview (docs/rules.md#buy-credits).

export const QUICK_TOP_UP_AMOUNTS = [5, 10, 25, 50, 100] as const;
export const MIN_TOP_UP_DOLLARS = 1;
export const MIN_AMOUNT_MESSAGE = 'Minimum amount is $1.00';

/** The amount field's text as dollars; NaN when empty or not a number. */
export function parseTopUpAmount(text: string): number {
  if (!text.trim()) return Number.NaN;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** Submit is enabled only for a number of at least 1.00. */
export const isValidTopUp = (text: string): boolean => parseTopUpAmount(text) >= MIN_TOP_UP_DOLLARS;

/** 'Minimum amount is $1.00' for a number under 1; nothing while the field is empty or not a number. */
export function topUpAmountError(text: string): string | null {
  const amount = parseTopUpAmount(text);
  return Number.isNaN(amount) || amount >= MIN_TOP_UP_DOLLARS ? null : MIN_AMOUNT_MESSAGE;
}

/** The balance after the top-up, shown only once the amount is valid. */
export function newBalancePreview(currentBalance: number | undefined, text: string): number | null {
  if (!isValidTopUp(text) || currentBalance === undefined) return null;
  return currentBalance + parseTopUpAmount(text);
}

/** The description is optional; blank means 'Credit top-up for {team}'. */
export function topUpDescription(description: string, teamName: string | undefined): string {
  return description.trim() || `Credit top-up for ${teamName ?? 'your team'}`;
}
