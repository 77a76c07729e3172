import {
  activeMemberCount,
  dailyUsageSeries,
  dailyUsageTotal,
  hasUsageData,
  topMembersByCost,
  topModelsByCost,
  usageBudgetPercent,
} from '../../src/features/usage/usageReport';
import type { UsageByMember, UsageByModel, UsageStats } from '../../contract/schemas/usage';

const member = (id: string, cents: number, requests = 1): UsageByMember => ({
  user_id: id,
  user_email: `${id}@example.com`,
  request_count: requests,
  total_cost_cents: cents,
});
const model = (name: string, cents: number): UsageByModel => ({
  model_name: name,
  request_count: 1,
  total_tokens: 10,
  total_cost_cents: cents,
});
const keyed = <T>(rows: T[], key: (row: T) => string) => Object.fromEntries(rows.map((row) => [key(row), row]));

describe('top lists: sorted by total cost, most expensive first, 5 entries', () => {
  it.each([
    ['no usage', [], []],
    ['fewer than 5 keep all, sorted', [member('a', 10), member('b', 30), member('c', 20)], ['b', 'c', 'a']],
    [
      'more than 5 are cut to the 5 most expensive',
      [10, 70, 30, 60, 20, 50, 40].map((cents, index) => member(`m${index}`, cents)),
      ['m1', 'm3', 'm5', 'm6', 'm2'],
    ],
  ])('members: %s', (_case, rows, expected) => {
    expect(topMembersByCost(keyed(rows, (row) => row.user_id)).map((row) => row.user_id)).toEqual(expected);
  });

  it('handles a missing map', () => expect(topMembersByCost(undefined)).toEqual([]));

  it.each([
    [[model('x', 1), model('y', 9), model('z', 5)], 2, ['y', 'z']],
    [
      [model('a', 5), model('b', 4), model('c', 3), model('d', 2), model('e', 1), model('f', 0)],
      5,
      ['a', 'b', 'c', 'd', 'e'],
    ],
  ])('models %#: top %p', (rows, limit, expected) => {
    expect(
      topModelsByCost(
        keyed(rows, (row) => row.model_name),
        limit,
      ).map((row) => row.model_name),
    ).toEqual(expected);
  });
});

describe('daily series: dates ascending, cents / 100 into dollars', () => {
  it.each([
    [{}, []],
    [
      { '2026-11-02': 250, '2026-10-31': 1999, '2026-11-01': 0 },
      [
        { date: '2026-10-31', dollars: 19.99 },
        { date: '2026-11-01', dollars: 0 },
        { date: '2026-11-02', dollars: 2.5 },
      ],
    ],
  ])('%p', (daily, expected) => expect(dailyUsageSeries(daily)).toEqual(expected));

  it.each([
    [[], { dollars: 0, days: 0 }],
    [
      [
        { date: '2026-11-01', dollars: 0.1 },
        { date: '2026-11-02', dollars: 0.2 },
      ],
      { dollars: 0.3, days: 2 },
    ],
  ])('total of %p -> %p', (series, expected) => expect(dailyUsageTotal(series)).toEqual(expected));
});

describe('summary figures', () => {
  it.each([
    [[], 0],
    [[member('a', 10), member('b', 0, 0)], 1],
    [[member('a', 0, 3), member('b', 5, 1)], 2],
  ])('active members of %p -> %p', (rows, expected) => {
    expect(activeMemberCount(keyed(rows, (row) => row.user_id))).toBe(expected);
  });

  it.each([
    [32050, 50000, 64.1],
    [10, 0, 0],
    [60000, 50000, 120],
  ])('budget usage %p of %p cents -> %p%%', (used, limit, percent) => {
    expect(usageBudgetPercent({ current_usage_cents: used, budget_limit_cents: limit })).toBeCloseTo(percent, 6);
  });

  const empty: UsageStats = {
    start_date: '2026-11-01',
    end_date: '2026-11-02',
    total_cost_cents: 0,
    total_requests: 0,
    budget_limit_cents: 50000,
    current_usage_cents: 100,
    daily_usage: {},
    usage_by_member: {},
    usage_by_model: {},
  };
  it.each([
    ['undefined', undefined, false],
    ['no rows', empty, false],
    ['a day of usage', { ...empty, daily_usage: { '2026-11-01': 5 } }, true],
    ['requests only', { ...empty, total_requests: 3 }, true],
  ])('has data: %s -> %p', (_case, stats, expected) => expect(hasUsageData(stats)).toBe(expected));
});
