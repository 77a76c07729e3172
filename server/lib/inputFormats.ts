/**
 * Dates and times as both halves of the server read them: JavaScript's Date accepts 2026-02-30 (as March 2) and year
 * 0, PostgreSQL refuses both, so a value passes only if it names a real instant in the years below, written the one
 * way both parse alike.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))?$/i;

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD', a real calendar day. */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** ISO 8601 'YYYY-MM-DDTHH:MM[:SS[.ffffff]][Z|±HH:MM]', every field in its range. */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match;
  return (
    isCalendarDay(Number(year), Number(month), Number(day)) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    Number(offsetHours) <= 14 &&
    Number(offsetMinutes) < 60 &&
    !Number.isNaN(Date.parse(value))
  );
}

/** Deepest nesting a JSON body may have: far above any real request, far below what would exhaust the stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, found by one pass over its characters before
 * anything parses or walks it (a body 5,000 levels deep overflowed the stack of code that recursed over it).
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 /* [ */ || char === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (char === 93 /* ] */ || char === 125 /* } */) depth--;
  }
  return false;
}
