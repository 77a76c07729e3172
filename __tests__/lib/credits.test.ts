import type { CreditEntry } from '../../contract/schemas/billing';
import {
  creditTypeLabel,
  emptyCreditHistoryText,
  filterCreditEntries,
  signedMoney,
  type CreditFilter,
} from '../../src/features/billing/credits';
import { formatMoney } from '../../contract/money';

describe('credit entry type labels', () => {
  it.each([
    ['topup', 'Top-up'],
    ['refund', 'Refund'],
    ['adjustment', 'Adjustment'],
    ['transfer', 'Transfer'],
    ['other', 'Unknown'],
    ['', 'Unknown'],
    ['bonus', 'Unknown'],
  ])('%p -> %p', (type, label) => expect(creditTypeLabel(type)).toBe(label));
});

const entry = (id: string, type: string): CreditEntry => ({ id, type, description: id, amount: 1, created_at: '' });
const entries = [
  entry('a', 'topup'),
  entry('b', 'refund'),
  entry('c', 'adjustment'),
  entry('d', 'topup'),
  entry('e', 'transfer'),
];

describe('filters and their empty texts', () => {
  it.each<[CreditFilter, string[], string]>([
    ['all', ['a', 'b', 'c', 'd', 'e'], 'No credit transactions yet.'],
    ['topup', ['a', 'd'], 'No top-up transactions found.'],
    ['refund', ['b'], 'No refund transactions found.'],
    ['adjustment', ['c'], 'No adjustment transactions found.'],
  ])('%s', (filter, ids, emptyText) => {
    expect(filterCreditEntries(entries, filter).map((row) => row.id)).toEqual(ids);
    expect(emptyCreditHistoryText(filter)).toBe(emptyText);
  });
});

describe('signed amounts', () => {
  it.each([
    [25, '+$25.00'],
    [-10, '-$10.00'],
    [0, '$0.00'],
    [1234.5, '+$1,234.50'],
    [Number.NaN, '$0.00'],
  ])('%p -> %p', (amount, text) => expect(signedMoney(amount, formatMoney)).toBe(text));
});
