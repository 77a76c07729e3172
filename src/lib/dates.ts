/** The usage range defaults to 30 days (docs/rules.md#usage-reports). */
export const DEFAULT_USAGE_RANGE_DAYS = 30;

/** A calendar date as YYYY-MM-DD in the user's time zone (what a date input shows). */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

export interface DateRange {
  start_date: string;
  end_date: string;
}

/** The last `days` days up to and including today. */
export function defaultDateRange(today: Date = new Date(), days = DEFAULT_USAGE_RANGE_DAYS): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return { start_date: toIsoDate(start), end_date: toIsoDate(today) };
}
