import { budgetInput, budgetRefusalWarning, budgetRefusesCalls } from '../../src/lib/budgetInput';

describe('a monthly budget typed in dollars: from 0 to the contract maximum, else why not (every budget form)', () => {
  it.each([
    ['500', 500, null],
    ['0', 0, null],
    ['12.34', 12.34, null],
    [' 7 ', 7, null],
    ['1000000000', 1_000_000_000, null],
    ['', null, 'required'],
    ['   ', null, 'required'],
    ['abc', null, 'not_a_number'],
    ['NaN', null, 'not_a_number'],
    ['Infinity', null, 'not_a_number'],
    ['-1', null, 'negative'],
    ['-0.01', null, 'negative'],
    ['1000000000.01', null, 'too_large'],
  ])('%p -> %p (%p)', (text, dollars, problem) => {
    expect(budgetInput(text)).toEqual({ dollars, problem });
  });
});

describe("a budget at or under this month's spend refuses every call until the month ends or it is raised", () => {
  it.each([
    [100, 320.5, true],
    [320.5, 320.5, true],
    [320.51, 320.5, false],
    [0, 320.5, false],
    [500, 0, false],
  ])('budget %p, spent %p: %p', (budget, spent, refuses) => {
    expect(budgetRefusesCalls(budget, spent)).toBe(refuses);
  });

  it('says so with the spend and the reset (UTC)', () => {
    expect(budgetRefusalWarning(300, 320.5, new Date('2026-11-15T12:00:00Z'))).toBe(
      'The team has spent $320.50 this month. With a monthly budget of $300.00, the gateway refuses the ' +
        "team's calls until next month (Dec 1, 2026, 00:00 UTC) or until the budget is raised.",
    );
  });
});
