import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MIN_OUTPUT_TOKENS, outputCapFor, planHold, tooLongFor, whatFits, type Answerer } from '../credit/holds';
import { modelLimits } from '../gateway/modelLimits';
import type { Tier } from '../credit/tiers';
import type { RequestMeasure } from '../credit/holds';

/** Prices in micro-dollars per 1M tokens: $10 per 1M (10,000,000) is a cent per 1,000 tokens. */
const tier = (promptMicros: number, completionMicros: number, range: Partial<Tier> = {}): Tier => ({
  provider: 'openai',
  model: 'm',
  cacheHitPercent: 0,
  batchPercent: 50,
  minTokens: 0,
  maxTokens: null,
  promptMicros,
  completionMicros,
  cacheReadMicros: null,
  cacheCreateMicros: null,
  effectiveMs: 0,
  expiryMs: null,
  ...range,
});

const measure = (over: Partial<RequestMeasure> = {}): RequestMeasure => ({
  promptUpperBound: 1_000,
  promptEstimate: 250,
  promptFloor: 125,
  completionCap: null,
  answers: 1,
  mediaParts: 0,
  documentParts: 0,
  promptHidden: false,
  ...over,
});

/** A prompt token costs 0.001 cent and an output token 0.01 cent ($10 and $100 per 1M). */
const cheap: Answerer = {
  tiers: [tier(10_000_000, 100_000_000)],
  limits: { contextWindow: 100_000, maxOutputTokens: 8_000 },
};
/** Ten times dearer, with no known limits. */
const dear: Answerer = {
  tiers: [tier(100_000_000, 1_000_000_000)],
  limits: { contextWindow: null, maxOutputTokens: null },
};
const DEFAULT_OUTPUT = 4_096;

describe('planHold: what a request holds', () => {
  const table: {
    name: string;
    answerers: Answerer[];
    measure: RequestMeasure;
    expected: Partial<ReturnType<typeof planHold>>;
  }[] = [
    {
      name: 'a client cap: the worst case is the least, whole or nothing',
      answerers: [cheap],
      measure: measure({ completionCap: 500 }),
      // 1,000 prompt tokens = 1 cent, 500 output = 5 cents.
      expected: { amountCents: 6, leastCents: 6, gatewayCaps: false, promptTokens: 1_000, leastOutputTokens: 500 },
    },
    {
      name: 'no cap: up to the model’s own output limit, down to the shortest useful answer',
      answerers: [cheap],
      measure: measure(),
      // 8,000 output = 80 cents; 256 output = 2.56 cents, + 1 = 3.56, held as 4.
      expected: { amountCents: 81, leastCents: 4, gatewayCaps: true, leastOutputTokens: MIN_OUTPUT_TOKENS },
    },
    {
      name: 'no cap, an unknown model: GATEWAY_DEFAULT_MAX_TOKENS is its limit',
      answerers: [dear],
      measure: measure(),
      // 1,000 prompt = 10 cents; 4,096 output = 409.6 cents; 256 output = 25.6 cents.
      expected: { amountCents: 420, leastCents: 36 },
    },
    {
      name: 'a cap above the model’s limit holds the limit: the provider stops there',
      answerers: [cheap],
      measure: measure({ completionCap: 1_000_000 }),
      expected: { amountCents: 81, leastCents: 81, leastOutputTokens: 8_000 },
    },
    {
      name: 'n answers: the cap applies to each',
      answerers: [cheap],
      measure: measure({ completionCap: 1_500, answers: 3 }),
      expected: { amountCents: 16, leastCents: 16, leastOutputTokens: 1_500 },
    },
    {
      name: 'a prompt above the context window can bill no more than the window',
      answerers: [cheap],
      measure: measure({ promptUpperBound: 1_000_000, completionCap: 0 }),
      expected: { amountCents: 100, promptTokens: 100_000 },
    },
    {
      name: 'a prompt the gateway cannot see fills the window',
      answerers: [cheap],
      measure: measure({ promptHidden: true, completionCap: 0 }),
      expected: { amountCents: 100, promptTokens: 100_000 },
    },
    {
      name: 'a document (a PDF, audio) grows with its length: it may fill the window',
      answerers: [cheap],
      measure: measure({ mediaParts: 1, documentParts: 1, completionCap: 0 }),
      expected: { amountCents: 100, promptTokens: 100_000 },
    },
    {
      name: 'an image is held at its allowance',
      answerers: [cheap],
      measure: measure({ mediaParts: 1, promptUpperBound: 3_000, completionCap: 0 }),
      expected: { amountCents: 3, promptTokens: 3_000 },
    },
    {
      name: 'a route holds for its dearest deployment',
      answerers: [cheap, dear],
      measure: measure({ completionCap: 100 }),
      expected: { amountCents: 20, leastCents: 20 },
    },
  ];
  for (const { name, answerers, measure: m, expected } of table) {
    test(name, () => {
      const plan = planHold(answerers, m, DEFAULT_OUTPUT);
      for (const [field, value] of Object.entries(expected)) {
        assert.equal(plan[field as keyof typeof plan], value, field);
      }
      assert.ok(plan.leastCents <= plan.amountCents);
    });
  }
});

describe('outputCapFor: the cap a request without one is sent', () => {
  const plan = planHold([cheap, dear], measure(), DEFAULT_OUTPUT);
  const table: [string, Answerer, number, number][] = [
    ['all held: the model’s own limit', cheap, plan.amountCents, 8_000],
    ['50 cents held: 1 for the prompt, 4,900 output tokens at 0.01 cent', cheap, 50, 4_900],
    ['the dear deployment, 50 cents held: 10 for the prompt, 400 output tokens at 0.1 cent', dear, 50, 400],
    // 36 cents: 10 for the prompt and 25.6 for the shortest useful answer, rounded up; the rounding buys 4 more.
    ['the least held: the shortest useful answer', dear, plan.leastCents, MIN_OUTPUT_TOKENS + 4],
    ['even held short (a rounding): never below the shortest useful answer', dear, 30, MIN_OUTPUT_TOKENS],
  ];
  for (const [name, answerer, held, expected] of table) {
    test(name, () => {
      const cap = outputCapFor(plan, answerer, held);
      assert.equal(cap, expected);
      // What the cap can cost fits in what was held.
      const worst = planHold([answerer], measure({ completionCap: cap }), DEFAULT_OUTPUT).amountCents;
      assert.ok(worst <= Math.max(held, plan.leastCents), `a cap of ${cap} may cost ${worst} > ${held}`);
    });
  }
});

describe('whatFits: a refusal’s advice', () => {
  const plan = planHold([cheap], measure({ completionCap: 8_000 }), DEFAULT_OUTPUT);
  test('the prompt alone, and the most output per answer that fits', () => {
    assert.deepEqual(whatFits(plan, 50), { promptCents: 1, outputTokens: 4_900 });
  });
  test('nothing fits when the prompt alone does not', () => {
    const big = planHold([cheap], measure({ promptUpperBound: 90_000, completionCap: 10 }), DEFAULT_OUTPUT);
    assert.deepEqual(whatFits(big, 50), { promptCents: 90, outputTokens: null });
  });
});

describe('tooLongFor: a prompt certainly too long for every deployment', () => {
  const table: [string, Answerer[], number, number | null][] = [
    ['within the window', [cheap], 100_000, null],
    ['past the window', [cheap], 100_001, 100_000],
    ['an unknown window may take anything', [cheap, dear], 10_000_000, null],
    [
      'past every window: the largest is named',
      [cheap, { ...cheap, limits: { ...cheap.limits, contextWindow: 200_000 } }],
      300_000,
      200_000,
    ],
  ];
  for (const [name, answerers, floor, expected] of table) {
    test(name, () => assert.equal(tooLongFor(answerers, measure({ promptFloor: floor })), expected));
  }
});

describe('modelLimits: documented, widened by the pricing tiers', () => {
  const table: [string, string, string, Tier[], ReturnType<typeof modelLimits>][] = [
    ['documented', 'openai', 'gpt-4o', [tier(1, 1)], { contextWindow: 128_000, maxOutputTokens: 16_384 }],
    ['unknown', 'openrouter', 'some/model', [tier(1, 1)], { contextWindow: null, maxOutputTokens: null }],
    ['no prototype lookups', 'openai', 'constructor', [tier(1, 1)], { contextWindow: null, maxOutputTokens: null }],
    [
      'a long-context tier up to 1M widens the window',
      'anthropic',
      'claude-sonnet-4',
      [tier(1, 1, { maxTokens: 200_000 }), tier(2, 2, { minTokens: 200_001, maxTokens: 1_000_000 })],
      { contextWindow: 1_000_000, maxOutputTokens: 64_000 },
    ],
    [
      'a long-context tier without an upper bound makes it unknown',
      'anthropic',
      'claude-sonnet-4',
      [tier(1, 1, { maxTokens: 200_000 }), tier(2, 2, { minTokens: 200_001 })],
      { contextWindow: null, maxOutputTokens: 64_000 },
    ],
  ];
  for (const [name, provider, model, tiers, expected] of table) {
    test(name, () => assert.deepEqual(modelLimits(provider as 'openai', model, tiers), expected));
  }
});
