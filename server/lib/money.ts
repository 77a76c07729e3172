/** Integer cents in the database; dollars at the API edge where the contract says so, by the one rule of both halves. */
export { centsToDollars, dollarsToCents, formatCents } from '../../contract/money';

/** Pricing is stored as integer micro-dollars per 1M tokens so prices such as 0.075 are exact. */
export const microsToDollars = (micros: number) => micros / 1_000_000;
export const dollarsToMicros = (dollars: number) => Math.round(dollars * 1_000_000);

export const nullableMicrosToDollars = (micros: number | null) => (micros === null ? null : microsToDollars(micros));
export const nullableDollarsToMicros = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : dollarsToMicros(dollars);

/** Percentage of used over limit rounded to two decimals; 0 when there is no limit. */
export function percentOf(used: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.round((used / limit) * 10_000) / 100;
}
