import { formatDecimal, formatUsd, groupThousands } from '../../contract/decimal';
import { formatCalendarDay, formatDate, formatDateTime } from '../../src/lib/time';

// The hand-made formatters must print exactly what Intl's en-US formatters print (jest runs Node with full ICU).
const intlUsd = (max: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: max,
  });

const SAMPLES = [
  0,
  -0,
  0.001,
  -0.001,
  0.004,
  0.005,
  0.0049,
  0.015,
  0.075,
  0.0755,
  0.125,
  0.3,
  1,
  1.005,
  1.015,
  2.675,
  4.35,
  9.995,
  9.9949,
  12.3,
  19.99,
  99.999,
  999.995,
  1000,
  1234.5,
  1234.567,
  65386962,
  123456789.125,
  1e15 + 0.5,
  2 ** 53,
  1e-7,
  3.4e-7,
  1e20,
  -4.5,
  -1234567.891,
  -0.005,
  0.1 + 0.2,
  1.1 * 3,
  8.675,
  1.0000000000000002,
];

describe('formatUsd prints what Intl en-US currency prints', () => {
  it.each(SAMPLES)('%p with 2 decimals', (value) => expect(formatUsd(value)).toBe(intlUsd(2).format(value)));
  it.each(SAMPLES)('%p with up to 3 decimals', (value) => expect(formatUsd(value, 3)).toBe(intlUsd(3).format(value)));

  it('matches Intl on 20,000 pseudo-random amounts of every size', () => {
    // One formatter and one assertion for the whole run: building an Intl.NumberFormat, or calling expect, 40,000
    // times cost more than the comparisons; every amount that differs is listed in the failure.
    const usd = intlUsd(2);
    const differ: { value: number; ours: string; intl: string }[] = [];
    const compare = (value: number) => {
      const ours = formatUsd(value);
      const intl = usd.format(value);
      if (ours !== intl) differ.push({ value, ours, intl });
    };
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      compare((random() - 0.3) * 10 ** Math.floor(random() * 12 - 3));
      compare(Math.round(random() * 1e9) / 100);
    }
    expect(differ).toEqual([]);
  });
});

describe('formatDecimal and groupThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['65386962', '65,386,962'],
  ])('groups %s as %s', (digits, grouped) => expect(groupThousands(digits)).toBe(grouped));

  it.each([
    [1837.6, 0, 0, false, '1,838'],
    [1837.4, 0, 0, false, '1,837'],
    [-0.4, 0, 0, true, '0'],
    [0.5, 0, 0, false, '1'],
    [9.96, 0, 1, false, '10'],
    [9.94, 1, 1, false, '9.9'],
  ])('%p with %p..%p decimals', (value, min, max, negative, digits) =>
    expect(formatDecimal(value, min, max)).toEqual({ negative, digits }),
  );
});

describe('dates print what Intl en-US prints, in the viewer time zone', () => {
  const dateIntl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  const dateTimeIntl = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const HOUR = 3_600_000;
  // Every hour of two days (midnight and noon included) and the first of each month of a year.
  const instants = [
    ...Array.from({ length: 48 }, (_, i) => Date.UTC(2026, 10, 15) + i * HOUR + 7 * 60_000),
    ...Array.from({ length: 12 }, (_, month) => Date.UTC(2027, month, 1, 23, 59)),
  ].map((time) => new Date(time).toISOString());

  it.each(instants)('%s', (iso) => {
    expect(formatDate(iso)).toBe(dateIntl.format(new Date(iso)));
    // Some ICU versions put a narrow no-break space before AM/PM; the product prints a plain space.
    expect(formatDateTime(iso)).toBe(dateTimeIntl.format(new Date(iso)).replace('\u202f', ' '));
  });
});

describe('formatCalendarDay: a usage day on a chart axis, in no time zone', () => {
  const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  it.each(['2026-11-03', '2026-01-31', '2026-12-01', '2024-02-29'])('%s as Intl prints it', (day) =>
    expect(formatCalendarDay(day)).toBe(intl.format(new Date(`${day}T00:00:00Z`))),
  );
  it.each(['', 'soon', '2026-13-01', '2026-00-10'])('%p is shown as it is', (day) =>
    expect(formatCalendarDay(day)).toBe(day),
  );
});
