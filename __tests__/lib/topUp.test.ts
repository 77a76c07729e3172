import {
  isValidTopUp,
  newBalancePreview,
  parseTopUpAmount,
  QUICK_TOP_UP_AMOUNTS,
  topUpAmountError,
  topUpDescription,
} from '../../src/features/billing/topUp';
import { dollarsToCents } from '../../contract/money';

describe('top-up amount: a number, minimum 1.00', () => {
  it.each([
    ['', Number.NaN, false, null],
    ['  ', Number.NaN, false, null],
    ['abc', Number.NaN, false, null],
    ['0', 0, false, 'Minimum amount is $1.00'],
    ['0.99', 0.99, false, 'Minimum amount is $1.00'],
    ['-5', -5, false, 'Minimum amount is $1.00'],
    ['1', 1, true, null],
    ['1.00', 1, true, null],
    ['12.34', 12.34, true, null],
    ['100', 100, true, null],
  ])('%p -> %p, submit %p, message %p', (text, amount, valid, message) => {
    expect(parseTopUpAmount(text)).toBe(amount);
    expect(isValidTopUp(text)).toBe(valid);
    expect(topUpAmountError(text)).toBe(message);
  });

  it('offers the quick amounts 5, 10, 25, 50, 100', () => {
    expect(QUICK_TOP_UP_AMOUNTS).toEqual([5, 10, 25, 50, 100]);
  });
});

describe('new-balance preview only when amount >= 1', () => {
  it.each([
    [745.5, '10', 755.5],
    [745.5, '1', 746.5],
    [745.5, '0.5', null],
    [745.5, '', null],
    [undefined, '10', null],
  ])('balance %p + %p -> %p', (balance, text, preview) => {
    expect(newBalancePreview(balance, text)).toBe(preview);
  });
});

describe('amount sent as cents: amount x 100 rounded', () => {
  it.each([
    ['10', 1000],
    ['12.34', 1234],
    ['1.005', 101],
    ['19.999', 2000],
  ])('%p -> %p cents', (text, cents) => expect(dollarsToCents(parseTopUpAmount(text))).toBe(cents));
});

describe('description defaults to "Credit top-up for {team}"', () => {
  it.each([
    ['', 'Acme AI', 'Credit top-up for Acme AI'],
    ['   ', 'Acme AI', 'Credit top-up for Acme AI'],
    [' Research credits ', 'Acme AI', 'Research credits'],
    ['', undefined, 'Credit top-up for your team'],
  ])('%p for %p -> %p', (description, team, expected) => {
    expect(topUpDescription(description, team)).toBe(expected);
  });
});
