import { changeDateRange } from '../../src/lib/dateRange';

const range = { start_date: '2026-10-16', end_date: '2026-11-15' };

describe('changing the usage date range: invalid dates ignored, start <= end kept', () => {
  it.each([
    ['a new start', 'start_date', '2026-11-01', { start_date: '2026-11-01', end_date: '2026-11-15' }],
    ['a new end', 'end_date', '2026-11-10', { start_date: '2026-10-16', end_date: '2026-11-10' }],
    ['start equal to end', 'start_date', '2026-11-15', { start_date: '2026-11-15', end_date: '2026-11-15' }],
    [
      'start after the end pulls the end',
      'start_date',
      '2026-11-20',
      { start_date: '2026-11-20', end_date: '2026-11-20' },
    ],
    [
      'end before the start pulls the start',
      'end_date',
      '2026-10-01',
      { start_date: '2026-10-01', end_date: '2026-10-01' },
    ],
    ['an empty start is ignored', 'start_date', '', range],
    ['an empty end is ignored', 'end_date', '', range],
    ['an impossible date is ignored', 'end_date', '2026-02-30', range],
    ['a partial date is ignored', 'start_date', '2026-1', range],
  ] as const)('%s', (_case, field, value, expected) => {
    expect(changeDateRange(range, field, value)).toEqual(expected);
  });

  it('returns the same object when nothing changes, so no refetch is triggered', () => {
    expect(changeDateRange(range, 'start_date', 'nonsense')).toBe(range);
  });
});
