import {
  barWidth,
  budgetBarColor,
  budgetHealth,
  budgetPercent,
  formatPercent,
  HEALTH_LABELS,
  budgetLimitNotices,
} from '../../src/lib/budget';

describe('budget health from percent used', () => {
  it.each([
    [0, 'healthy', 'Within budget'],
    [74.9, 'healthy', 'Within budget'],
    [75, 'caution', 'Monitoring usage'],
    [89.9, 'caution', 'Monitoring usage'],
    [90, 'warning', 'Approaching limit'],
    [99.99, 'warning', 'Approaching limit'],
    [100, 'exceeded', 'Budget exceeded'],
    [250, 'exceeded', 'Budget exceeded'],
  ] as const)('%p%% -> %s (%s)', (percent, health, label) => {
    expect(budgetHealth(percent)).toBe(health);
    expect(HEALTH_LABELS[budgetHealth(percent)]).toBe(label);
  });
});

describe('budget percent: a limit of zero gives 0', () => {
  it.each([
    [320.5, 500, 64.1],
    [0, 500, 0],
    [50, 0, 0],
    [50, -10, 0],
    [Number.NaN, 100, 0],
    [600, 500, 120],
  ])('%p of %p -> %p', (used, limit, percent) => {
    expect(budgetPercent(used, limit)).toBeCloseTo(percent, 6);
  });
});

describe('bar colour: red above 90, yellow above 75, green otherwise', () => {
  it.each([
    [0, 'success'],
    [75, 'success'],
    [75.1, 'warning'],
    [90, 'warning'],
    [90.1, 'error'],
    [140, 'error'],
  ] as const)('%p%% -> %s', (percent, color) => expect(budgetBarColor(percent)).toBe(color));
});

describe('bar width is capped at 100', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [64.1, 64.1],
    [100, 100],
    [180, 100],
    [Number.NaN, 0],
  ])('%p -> %p', (percent, width) => expect(barWidth(percent)).toBe(width));
});

describe("near-limit warning whenever above 90, with 'Budget exceeded' beside it from 100; percent with one decimal", () => {
  const WARNING = 'Warning: Approaching budget limit';
  it.each([
    [0, []],
    [90, []],
    [Number.NaN, []],
    [90.01, [WARNING]],
    [99.99, [WARNING]],
    [100, [WARNING, 'Budget exceeded']],
    [333.9, [WARNING, 'Budget exceeded']],
  ])('budgetLimitNotices(%p) -> %p', (percent, expected) => expect(budgetLimitNotices(percent)).toEqual(expected));
  it.each([
    [64.1234, '64.1%'],
    [0, '0.0%'],
    [100, '100.0%'],
    [Number.NaN, '0.0%'],
  ])('formatPercent(%p) -> %s', (percent, text) => expect(formatPercent(percent)).toBe(text));
});
