import { daysInMonth, estimatedMonthlyCost } from '../../src/features/billing/estimate';

// Local calendar dates (jest runs with TZ=UTC).
const day = (year: number, month: number, date: number) => new Date(year, month - 1, date, 12);

describe('days in the month, leap years included', () => {
  it.each([
    [day(2026, 1, 10), 31],
    [day(2026, 2, 10), 28],
    [day(2024, 2, 10), 29],
    [day(2000, 2, 1), 29],
    [day(1900, 2, 1), 28],
    [day(2026, 4, 30), 30],
    [day(2026, 11, 15), 30],
    [day(2026, 12, 31), 31],
  ])('%s -> %p', (date, days) => expect(daysInMonth(date)).toBe(days));
});

describe('estimated monthly = month-to-date / day of month * days in month', () => {
  it.each([
    ['mid November', 320.5, day(2026, 11, 15), 641],
    ['the first day of a 31-day month', 10, day(2026, 1, 1), 310],
    ['the last day of the month', 300, day(2026, 4, 30), 300],
    ['February of a common year', 14, day(2026, 2, 14), 28],
    ['February of a leap year', 14, day(2024, 2, 14), 29],
    ['no spending yet', 0, day(2026, 3, 5), 0],
    ['NaN spending', Number.NaN, day(2026, 3, 5), 0],
  ])('%s: %p on %s -> %p', (_name, cost, today, estimate) => {
    expect(estimatedMonthlyCost(cost, today)).toBeCloseTo(estimate, 6);
  });
});
