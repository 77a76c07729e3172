import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hitPercent, hitPriceCents } from '../cache/hitPrice';
import type { Tier, TierIndex } from '../credit/tiers';

/** What a cache hit costs (server/cache/hitPrice.ts): a whole percent of the answer's cost, by the tier it falls in. */
test('a percent of the answer in whole cents, half up, between nothing and the whole answer', () => {
  const cases: [cost: number, percent: number, cents: number][] = [
    [6, 0, 0],
    [6, 50, 3],
    [5, 50, 3],
    [5, 10, 1],
    [4, 10, 0],
    [1_234, 25, 309],
    [6, 100, 6],
    [6, 150, 6],
    [6, -5, 0],
    [0, 100, 0],
  ];
  for (const [cost, percent, cents] of cases) {
    assert.equal(hitPriceCents(cost, percent), cents, `${percent}% of ${cost} cents`);
  }
});

const tier = (minTokens: number, maxTokens: number | null, cacheHitPercent: number, effectiveMs = 0): Tier => ({
  provider: 'openai',
  model: 'm',
  cacheHitPercent,
  batchPercent: 50,
  minTokens,
  maxTokens,
  promptMicros: 1,
  completionMicros: 1,
  cacheReadMicros: null,
  cacheCreateMicros: null,
  effectiveMs,
  expiryMs: null,
});

test("the percent of the tier the answering model's prompt falls in now; none priced now: free", () => {
  const index: TierIndex = new Map([['openai/m', [tier(0, 199_999, 10), tier(200_000, null, 30)]]]);
  const answer = { provider: 'openai', model: 'm' };
  assert.equal(hitPercent(index, answer, 1_000, 1), 10);
  assert.equal(hitPercent(index, answer, 250_000, 1), 30);
  assert.equal(hitPercent(index, { provider: 'openai', model: 'other' }, 1_000, 1), 0);
  const later: TierIndex = new Map([['openai/m', [tier(0, null, 50, 1_000)]]]);
  assert.equal(hitPercent(later, answer, 1_000, 1), 0, 'a tier that has not started yet');
});
