import { capInputValue, parseCap } from '../../src/features/team/memberCap';
import { spendOfLimit } from '../../src/lib/budget';

describe("a member's monthly cap", () => {
  it.each([
    ['', { cents: null }],
    ['  ', { cents: null }],
    ['0', { cents: 0 }],
    ['150', { cents: 15_000 }],
    ['1.005', { cents: 101 }],
    ['1000000000', { cents: 100_000_000_000 }],
  ])('%p is sent as %p', (text, expected) => {
    expect(parseCap(text)).toEqual(expected);
  });

  it.each(['-0.01', '1000000000.01', 'ten'])('%p is refused', (text) => {
    expect(parseCap(text)).toEqual({
      error: 'Enter an amount from $0.00 to $1,000,000,000.00, or leave it empty for no cap',
    });
  });

  it('starts the dialog at the cap in dollars, or empty', () => {
    expect(capInputValue(15_000)).toBe('150');
    expect(capInputValue(null)).toBe('');
  });
});

describe('spend against a limit', () => {
  it.each([
    [0, 15_000, { text: '$0.00 of $150.00', percent: 0, reached: false }],
    [12_345, 15_000, { text: '$123.45 of $150.00', percent: 82.3, reached: false }],
    [15_000, 15_000, { text: '$150.00 of $150.00', percent: 100, reached: true }],
    [0, 0, { text: '$0.00 of $0.00', percent: 100, reached: true }],
  ])('%i of %i cents', (spent, limit, expected) => {
    expect(spendOfLimit(spent, limit)).toEqual(expected);
  });
});
