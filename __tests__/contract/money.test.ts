import { centsToDollars, dollarsToCents, formatCents, formatMoney } from '../../contract/money';

describe('formatMoney: two decimals and a dollar sign; null or NaN gives $0.00', () => {
  it.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [12.3, '$12.30'],
    [1234.567, '$1,234.57'],
    [-4.5, '-$4.50'],
    [null, '$0.00'],
    [undefined, '$0.00'],
    [Number.NaN, '$0.00'],
    [Number.POSITIVE_INFINITY, '$0.00'],
  ])('%p -> %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe('dollarsToCents: amount times 100, rounded', () => {
  it.each([
    [1, 100],
    [10.5, 1050],
    [19.99, 1999],
    [1.005, 101],
    [0.015, 2],
    [4.35, 435],
    [-2.5, -250],
    [0, 0],
  ])('%p dollars -> %p cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });
});

describe('cents to dollars', () => {
  it.each([
    [0, 0],
    [1999, 19.99],
    [-250, -2.5],
  ])('%p cents -> %p dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it.each([
    [12345, '$123.45'],
    [null, '$0.00'],
    [Number.NaN, '$0.00'],
  ])('formatCents(%p) -> %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});

describe('one rule on both halves', () => {
  it('the server converts with this very function (it rounded 1.005 dollars to 100 cents with its own)', async () => {
    const server = await import('../../server/lib/money');
    expect(server.dollarsToCents).toBe(dollarsToCents);
    expect(server.dollarsToCents(1.005)).toBe(101);
  });
});
