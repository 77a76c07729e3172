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
