const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** Spec §9: minutes under an hour, hours under a day, otherwise days. */
export function relativeTime(timestamp: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(timestamp).getTime());
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function format(formatter: Intl.DateTimeFormat, value: string | null | undefined, empty: string): string {
  if (!value) return empty;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? empty : formatter.format(date);
}

export const formatDate = (value: string | null | undefined, empty = '-') => format(dateFormat, value, empty);
export const formatDateTime = (value: string | null | undefined, empty = '-') => format(dateTimeFormat, value, empty);
