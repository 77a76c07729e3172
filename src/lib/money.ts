import { formatUsd } from './decimal';

// Money on the screen (spec §9): two decimals and a dollar sign; null or NaN gives $0.00.
export function formatMoney(dollars: number | null | undefined): string {
  return formatUsd(dollars);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Dollars to integer cents, rounded half away from zero (spec §9: amount times 100, rounded). The product is first
 * fixed to 6 places so float noise such as 1.005 * 100 = 100.49999999999999 rounds as a person expects.
 */
export function dollarsToCents(dollars: number): number {
  const cents = Number((Math.abs(dollars) * 100).toFixed(6));
  return Math.sign(dollars) * Math.round(cents) || 0;
}

export function formatCents(cents: number | null | undefined): string {
  return formatMoney(cents === null || cents === undefined ? cents : centsToDollars(cents));
}
