import { formatUsd } from './decimal';

/**
 * The money rule, once for both halves (docs/api-contract.md, Money): amounts are integer cents inside the browser
 * and the server; dollars appear only in the contract fields that say so, converted here and nowhere else. The server
 * once rounded 1.005 dollars to 100 cents while the browser made it 101; both now import this file.
 */

/** Money on the screen and in messages: a dollar sign, thousands separators, two decimals; null or NaN gives $0.00. */
export function formatMoney(dollars: number | null | undefined): string {
  return formatUsd(dollars);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Dollars to integer cents, rounded half away from zero. The product is first fixed to 6 places so float noise such
 * as 1.005 * 100 = 100.49999999999999 rounds as a person expects (and as Intl rounds the same amount on screen).
 */
export function dollarsToCents(dollars: number): number {
  const cents = Number((Math.abs(dollars) * 100).toFixed(6));
  return Math.sign(dollars) * Math.round(cents) || 0;
}

/** '$1,234.57' from 123457 cents. */
export function formatCents(cents: number | null | undefined): string {
  return formatMoney(cents === null || cents === undefined ? cents : centsToDollars(cents));
}
