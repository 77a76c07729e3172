// Estimated monthly cost = month-to-date cost / day of the month * days in the month
// (docs/rules.md#estimated-monthly-cost).

/** Days in the month of `date` (local calendar), leap years included. */
export function daysInMonth(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
}

export function estimatedMonthlyCost(monthToDate: number, today: Date): number {
  if (!Number.isFinite(monthToDate)) return 0;
  return (monthToDate / today.getDate()) * daysInMonth(today);
}

/** The first and last calendar day of the month of `date`, as YYYY-MM-DD (local calendar). */
export function monthRange(date: Date): { from: string; to: string } {
  const iso = (day: Date) =>
    `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return {
    from: iso(new Date(date.getFullYear(), date.getMonth(), 1)),
    to: iso(new Date(date.getFullYear(), date.getMonth() + 1, 0)),
  };
}
