import { defaultDateRange, isIsoDate, toIsoDate } from '../../contract/dates';

describe('defaultDateRange: the last 30 days up to today', () => {
  it.each([
    [new Date(2026, 10, 21, 15, 30), { start_date: '2026-10-22', end_date: '2026-11-21' }],
    [new Date(2026, 0, 15), { start_date: '2025-12-16', end_date: '2026-01-15' }],
    [new Date(2028, 2, 1), { start_date: '2028-01-31', end_date: '2028-03-01' }],
  ])('%p -> %p', (today, range) => {
    expect(defaultDateRange(today)).toEqual(range);
  });

  it('takes another length', () => {
    expect(defaultDateRange(new Date(2026, 10, 21), 7)).toEqual({ start_date: '2026-11-14', end_date: '2026-11-21' });
  });
});

describe('YYYY-MM-DD', () => {
  it('pads month and day', () => expect(toIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05'));
  it.each([
    ['2026-11-21', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['', false],
  ])('isIsoDate(%p) -> %p', (value, expected) => expect(isIsoDate(value)).toBe(expected));
});
