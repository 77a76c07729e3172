const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** 'just now', then minutes under an hour, hours under a day, otherwise days. */
export function relativeTime(timestamp: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(timestamp).getTime());
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}

// Hand-made rather than Intl.DateTimeFormat: see decimal.ts on what the first Intl formatter costs a page.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 15, 2026' in the viewer's time zone, as Intl's en-US { year, month: 'short', day } gives it. */
function dateText(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** '9:05 AM' (12-hour clock, minutes on two digits). */
function timeText(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 15, 2026, 9:05 AM'. */
function dateTimeText(date: Date): string {
  return `${dateText(date)}, ${timeText(date)}`;
}

/**
 * 'Dec 1, 2026': the calendar date in UTC. The limits' periods are UTC calendar days, weeks and months, so a
 * monthly cap resets on the 1st whatever the viewer's time zone.
 */
function utcDateText(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Dec 1, 2026, 00:00 UTC'. */
function utcDateTimeText(date: Date): string {
  const time = [date.getUTCHours(), date.getUTCMinutes()].map((part) => String(part).padStart(2, '0')).join(':');
  return `${utcDateText(date)}, ${time} UTC`;
}

/** '9:05:30 AM': a moment within the next minutes (a breaker's cooldown), to the second. */
function clockText(date: Date): string {
  const hours = date.getHours();
  const rest = [date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
  return `${hours % 12 || 12}:${rest} ${hours < 12 ? 'AM' : 'PM'}`;
}

function format(formatter: (date: Date) => string, value: string | null | undefined, empty: string): string {
  if (!value) return empty;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? empty : formatter(date);
}

export const formatDate = (value: string | null | undefined, empty = '-') => format(dateText, value, empty);
export const formatDateTime = (value: string | null | undefined, empty = '-') => format(dateTimeText, value, empty);
export const formatTime = (value: string | null | undefined, empty = '-') => format(timeText, value, empty);
export const formatUtcDate = (value: string | null | undefined, empty = '-') => format(utcDateText, value, empty);
export const formatUtcDateTime = (value: string | null | undefined, empty = '-') =>
  format(utcDateTimeText, value, empty);
export const formatClockTime = (value: string | null | undefined, empty = '-') => format(clockText, value, empty);
/** 'Nov 15, 2026, 9:05:30 AM': a moment that wants its seconds (a request in the log). */
export const formatDateTimeSeconds = (value: string | null | undefined, empty = '-') =>
  format((date) => `${dateText(date)}, ${clockText(date)}`, value, empty);

/**
 * 'Nov 3' for the calendar day '2026-11-03' (usage days on the wire). Read from the text, not through Date, so no
 * time zone can move it to a neighbouring day; anything else is shown as it is.
 */
export function formatCalendarDay(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? Number(match[1]) : 0;
  return match && month >= 1 && month <= 12 ? `${MONTHS[month - 1]} ${Number(match[2])}` : day;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local input shows it ('2026-12-31T23:59': local time, minutes), or ''. */
export function toDateTimeLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A datetime-local input's value (local time) as the ISO time the API takes. */
export const dateTimeLocalToIso = (value: string): string => new Date(value).toISOString();
