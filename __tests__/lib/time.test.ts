import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatUtcDate,
  formatUtcDateTime,
  relativeTime,
} from '../../src/lib/time';

const now = new Date('2026-11-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('relativeTime: minutes under 60, hours under 24, else days', () => {
  it.each([
    [ago(10_000), 'just now'],
    [ago(MIN), '1 minute ago'],
    [ago(59 * MIN), '59 minutes ago'],
    [ago(60 * MIN), '1 hour ago'],
    [ago(23 * 60 * MIN + 59 * MIN), '23 hours ago'],
    [ago(24 * 60 * MIN), '1 day ago'],
    [ago(10 * 24 * 60 * MIN), '10 days ago'],
    [new Date(now.getTime() + 5 * MIN).toISOString(), 'just now'],
    ['not a date', ''],
  ])('%s -> %s', (timestamp, expected) => {
    expect(relativeTime(timestamp, now)).toBe(expected);
  });
});

describe('date formatting', () => {
  it.each([
    ['2026-11-15T12:00:00.000Z', 'Nov 15, 2026'],
    [null, '-'],
    ['garbage', '-'],
  ])('formatDate(%p) -> %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it('formats a date and time, or the given empty text', () => {
    expect(formatDateTime('2026-11-15T09:05:00.000Z')).toBe('Nov 15, 2026, 9:05 AM');
    expect(formatDateTime(null, 'Never')).toBe('Never');
  });

  it('formats a clock time to the second', () => {
    expect(formatClockTime('2026-11-15T09:05:07.000Z')).toBe('9:05:07 AM');
    expect(formatClockTime('2026-11-15T00:00:30.000Z')).toBe('12:00:30 AM');
    expect(formatClockTime('2026-11-15T13:45:00.000Z')).toBe('1:45:00 PM');
    expect(formatClockTime(undefined)).toBe('-');
  });

  // TZ=UTC here (jest.config.js), so this pins the texts; utcDateText reads the UTC fields only.
  it("reads a limit's reset on the UTC calendar the periods follow", () => {
    expect(formatUtcDate('2026-12-01T00:00:00.000Z')).toBe('Dec 1, 2026');
    expect(formatUtcDateTime('2026-12-01T00:00:00.000Z')).toBe('Dec 1, 2026, 00:00 UTC');
    expect(formatUtcDateTime('2026-11-16T09:05:00.000Z')).toBe('Nov 16, 2026, 09:05 UTC');
    expect(formatUtcDate(null)).toBe('-');
  });
});
