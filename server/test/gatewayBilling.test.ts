import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { tierFor, worstCaseCents, type Tier } from '../credit/tiers';
import { billedCents, ceilCents, costPicoDollars, type Prices } from '../lib/cost';
import { balanceCents } from '../ledger/ledger';
import { recordUsageBatch } from '../credit/writeBills';
import type { Usage } from './fakeUpstream';
import type { TestUser } from './helpers';
import { anthropicUsageOf } from '../formats/translate/usage';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

const usage = (promptTokens: number, completionTokens = 0, cachedTokens = 0, cacheCreationTokens = 0) => ({
  promptTokens,
  completionTokens,
  cachedTokens,
  cacheCreationTokens,
});
const prices = (
  promptMicros: number,
  completionMicros = 0,
  cacheReadMicros: number | null = null,
  cacheCreateMicros: number | null = null,
): Prices => ({
  promptMicros,
  completionMicros,
  cacheReadMicros,
  cacheCreateMicros,
});

describe('cost of one request, rounded down to the cent once', () => {
  // $1 per 1M tokens = 1,000,000 micro-dollars: 10,000 tokens cost exactly one cent.
  const dollar = prices(1_000_000, 1_000_000);
  const cases: [string, number, number][] = [
    ['exact cents are unchanged', 30_000, 3],
    ['2.9999 cents bill 2', 29_999, 2],
    ['0.4 cents bill nothing', 4_000, 0],
    ['0.9999 cents bill nothing', 9_999, 0],
    ['zero tokens cost zero', 0, 0],
  ];
  for (const [rule, tokens, cents] of cases) {
    test(rule, () => assert.equal(billedCents(usage(tokens), dollar), cents));
  }

  test('the parts are summed before rounding, not rounded one by one', () => {
    // 0.6 cent of prompt + 0.6 cent of completion = 1.2 cents -> 1 (rounding each part would give 0).
    assert.equal(billedCents(usage(6_000, 6_000), dollar), 1);
  });

  test('exact beyond 2^53: 10M tokens at $1,000 per 1M', () => {
    assert.equal(costPicoDollars(usage(10_000_000), prices(1_000_000_000)), 10_000_000_000_000_000n);
    assert.equal(billedCents(usage(10_000_000), prices(1_000_000_000)), 1_000_000);
    assert.equal(billedCents(usage(10_000_001), prices(1_000_000_000)), 1_000_000);
  });

  test('cache reads and writes at their own prices, at the prompt price when the tier has none', () => {
    // 100,000 prompt tokens of which 60,000 cached and 30,000 written: 10,000 x $3 + 60,000 x $0.30 + 30,000 x $3.75.
    const sonnet = prices(3_000_000, 15_000_000, 300_000, 3_750_000);
    assert.equal(
      costPicoDollars(usage(100_000, 0, 60_000, 30_000), sonnet),
      30_000_000_000n + 18_000_000_000n + 112_500_000_000n,
    );
    assert.equal(billedCents(usage(100_000, 0, 60_000, 30_000), sonnet), 16);
    assert.equal(billedCents(usage(100_000, 0, 60_000, 30_000), prices(3_000_000)), 30);
    // A provider reporting more cached tokens than prompt tokens cannot make a cost negative.
    assert.equal(billedCents(usage(10, 0, 50, 50), sonnet), 0);
  });

  test('what is held is rounded up', () => {
    assert.equal(ceilCents(0n), 0);
    assert.equal(ceilCents(1n), 1);
    assert.equal(ceilCents(10_000_000_000n), 1);
    assert.equal(ceilCents(10_000_000_001n), 2);
  });
});

const tier = (minTokens: number, maxTokens: number | null, promptMicros: number, extra: Partial<Tier> = {}): Tier => ({
  provider: 'anthropic',
  model: 'claude-sonnet-4',
  cacheHitPercent: 0,
  batchPercent: 50,
  minTokens,
  maxTokens,
  promptMicros,
  completionMicros: 15_000_000,
  cacheReadMicros: null,
  cacheCreateMicros: null,
  effectiveMs: 0,
  expiryMs: null,
  ...extra,
});

describe('tier selection by prompt size', () => {
  const standard = tier(0, 200_000, 3_000_000);
  const long = tier(200_001, null, 6_000_000);
  const cases: [number, Tier][] = [
    [0, standard],
    [199_999, standard],
    [200_000, standard],
    [200_001, long],
    [5_000_000, long],
  ];
  for (const [prompt, expected] of cases) {
    test(`${prompt} prompt tokens -> ${expected === standard ? 'standard' : 'long-context'}`, () =>
      assert.equal(tierFor([standard, long], prompt), expected));
  }

  test('in a gap between ranges the tier below applies; below the first range, the first', () => {
    const low = tier(1_000, 2_000, 1);
    const high = tier(5_000, null, 2);
    assert.equal(tierFor([low, high], 3_000), low);
    assert.equal(tierFor([low, high], 10), low);
    assert.equal(tierFor([low, high], 5_000), high);
  });

  test('the worst case takes the dearest tier the prompt can reach and the dearer of prompt and cache-write prices', () => {
    const cheapLong = tier(200_001, null, 1_000_000);
    // 200,000 x $3 + 1,000 x $15 = $0.615 -> 62 cents held (rounded up).
    assert.equal(worstCaseCents([tier(0, 200_000, 3_000_000), cheapLong], 200_000, 1_000), 62);
    assert.equal(worstCaseCents([tier(0, null, 3_000_000, { cacheCreateMicros: 3_750_000 })], 200_000, 1_000), 77);
    // Below the first range the first tier bills, so it is held too.
    assert.equal(worstCaseCents([tier(1_000, null, 3_000_000)], 10, 0), 1);
  });
});

describe('billing through the gateway', () => {
  let ctx: GatewayTestContext;
  let owner: TestUser;
  let teamId: string;
  let key: string;
  before(async () => {
    ctx = await createGatewayContext({}, ['anthropic']);
  });
  after(() => ctx.close());
  beforeEach(async () => {
    await ctx.reset();
    owner = await ctx.user('owner');
    teamId = await ctx.team(owner, 'Acme', 0);
    await ctx.topUp(teamId, 100_000);
    await ctx.tier({
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      prompt: 3,
      completion: 15,
      cacheRead: 0.3,
      cacheCreate: 3.75,
      maxTokens: 200_000,
    });
    await ctx.tier({
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      prompt: 6,
      completion: 22.5,
      cacheRead: 0.6,
      cacheCreate: 7.5,
      minTokens: 200_001,
    });
    key = await ctx.key(owner);
  });

  // Anthropic is called through its native API: the fake reports the same counts the Anthropic way (input tokens
  // without the cache reads and writes), which the gateway must add back up.
  async function billedFor(reported: Usage) {
    ctx.upstream.anthropicUsage = anthropicUsageOf({ total_tokens: 0, ...reported });
    const res = await ctx.chat(key, { model: 'anthropic/claude-sonnet-4', messages: [{ role: 'user', content: 'x' }] });
    assert.equal(res.status, 200);
    assert.equal(ctx.upstream.requests.at(-1)!.path, '/v1/messages');
    await ctx.app.gateway.settled();
    const [event] = await ctx.db.query<{ cost_cents: number }>(
      'SELECT cost_cents FROM usage_events ORDER BY id DESC LIMIT 1',
    );
    return event.cost_cents;
  }

  test('the tier is the one whose range holds the prompt size, edges included', async () => {
    // 200,000 x $3 + 1,000 x $15 = $0.615; 200,001 x $6 + 1,000 x $22.50 = $1.222506.
    assert.equal(await billedFor({ prompt_tokens: 200_000, completion_tokens: 1_000 }), 61);
    assert.equal(await billedFor({ prompt_tokens: 200_001, completion_tokens: 1_000 }), 122);
    assert.equal(await balanceCents(ctx.db, teamId), 100_000 - 61 - 122);
  });

  test('cache reads and writes reported by the provider are billed at the cache prices', async () => {
    // 100,000 prompt: 60,000 read ($0.30) + 30,000 written ($3.75) + 10,000 plain ($3) + 2,000 completion ($15).
    const cents = await billedFor({
      prompt_tokens: 100_000,
      completion_tokens: 2_000,
      prompt_tokens_details: { cached_tokens: 60_000, cache_write_tokens: 30_000 },
    });
    assert.equal(cents, 19); // $0.018 + $0.1125 + $0.03 + $0.03 = $0.1905
    const [event] = await ctx.db.query<{ cached_tokens: number; cache_creation_tokens: number }>(
      'SELECT cached_tokens, cache_creation_tokens FROM usage_events',
    );
    assert.deepEqual(event, { cached_tokens: 60_000, cache_creation_tokens: 30_000 });
  });

  test('a usage event and its debit are one transaction: a batch that fails leaves no event and no debit', async () => {
    const good = {
      teamId,
      userId: owner.id,
      apiKeyId: null,
      model: 'claude-sonnet-4',
      provider: 'anthropic',
      promptTokens: 1,
      completionTokens: 1,
      costCents: 50,
      latencyMs: 1,
    };
    const orphan = { ...good, userId: '00000000-0000-4000-8000-000000000000' };
    await assert.rejects(recordUsageBatch(ctx.db, [good, orphan]), /foreign key/);
    const [row] = await ctx.db.query<{ events: number; daily: number; balance: number }>(
      `SELECT (SELECT count(*) FROM usage_events) AS events, (SELECT count(*) FROM usage_daily) AS daily,
              (SELECT credit_balance_cents FROM teams) AS balance`,
    );
    assert.deepEqual(row, { events: 0, daily: 0, balance: 100_000 });
    await recordUsageBatch(ctx.db, [good]);
    assert.equal(await balanceCents(ctx.db, teamId), 99_950);
  });

  test('every field of a bill is written to its column, and half a surrogate pair in its text becomes U+FFFD', async () => {
    const createdAt = new Date('2026-11-30T12:34:56.789Z');
    await recordUsageBatch(ctx.db, [
      {
        teamId,
        userId: owner.id,
        apiKeyId: null,
        model: 'claude-sonnet-4',
        provider: 'anthropic',
        promptTokens: 11,
        completionTokens: 22,
        cachedTokens: 3,
        cacheCreationTokens: 4,
        costCents: 5,
        latencyMs: 66,
        status: 'error',
        createdAt,
        requestId: 987_654_321,
        endpoint: 'messages',
        routeName: 'fast',
        deploymentId: '00000000-0000-4000-8000-0000000000aa',
        ttftMs: 7,
        errorCode: 'upstream_error',
        // A message cut in the middle of an emoji: its high surrogate alone, then a whole one, quotes and a backslash.
        errorMessage: 'cut \ud83d| whole 🙂 "quoted" back\\slash',
        callerRequestId: 'req-1',
        cachedFrom: 'req-0',
        cacheSavedCents: 8,
        guardrails: 'redacted=email:1',
        toolContent: { arguments: { q: 'x' }, result: ['y', 1] },
        batchId: 'batch_1',
        unit: 'image',
        units: 2,
      },
    ]);
    const [row] = await ctx.db.query<Record<string, unknown>>(
      `SELECT user_id, api_key_id, model, provider, prompt_tokens, completion_tokens, cached_tokens,
              cache_creation_tokens, cost_cents, latency_ms, status, created_at, request_id, endpoint, route_name,
              deployment_id, ttft_ms, error_code, error_message, caller_request_id, cached_from, cache_saved_cents,
              guardrails, tool_content, batch_id, unit, units
       FROM usage_events`,
    );
    assert.deepEqual(
      { ...row, created_at: new Date(row.created_at as string | Date).toISOString() },
      {
        user_id: owner.id,
        api_key_id: null,
        model: 'claude-sonnet-4',
        provider: 'anthropic',
        prompt_tokens: 11,
        completion_tokens: 22,
        cached_tokens: 3,
        cache_creation_tokens: 4,
        cost_cents: 5,
        latency_ms: 66,
        status: 'error',
        created_at: createdAt.toISOString(),
        request_id: 987_654_321,
        endpoint: 'messages',
        route_name: 'fast',
        deployment_id: '00000000-0000-4000-8000-0000000000aa',
        ttft_ms: 7,
        error_code: 'upstream_error',
        error_message: 'cut \ufffd| whole 🙂 "quoted" back\\slash',
        caller_request_id: 'req-1',
        cached_from: 'req-0',
        cache_saved_cents: 8,
        guardrails: 'redacted=email:1',
        tool_content: { arguments: { q: 'x' }, result: ['y', 1] },
        batch_id: 'batch_1',
        unit: 'image',
        units: 2,
      },
    );
  });

  test('a NUL or half a surrogate pair in a bill is stored as U+FFFD, and the other bills of its batch are written', async () => {
    const event = { teamId, userId: owner.id, apiKeyId: null, provider: 'openai', model: 'gpt-4o', latencyMs: 1 };
    await recordUsageBatch(ctx.db, [
      { ...event, promptTokens: 1, completionTokens: 0, costCents: 1 },
      {
        ...event,
        promptTokens: 2,
        completionTokens: 0,
        costCents: 0,
        status: 'error',
        // A provider's 400 quoting the client's input (OpenAI's "Invalid value: '…'"), and a tool's result.
        errorCode: 'invalid\u0000value',
        errorMessage: "Invalid value: 'a\u0000b'.",
        toolContent: { arguments: { 'q\u0000': 'x\ud800' }, result: ['nul \u0000', 'cut \ud83d', 'whole 🙂'] },
      },
    ]);
    const rows = await ctx.db.query<Record<string, unknown>>(
      'SELECT prompt_tokens, error_code, error_message, tool_content FROM usage_events ORDER BY prompt_tokens',
    );
    assert.deepEqual(rows, [
      { prompt_tokens: 1, error_code: null, error_message: null, tool_content: null },
      {
        prompt_tokens: 2,
        error_code: 'invalid\ufffdvalue',
        error_message: "Invalid value: 'a\ufffdb'.",
        tool_content: { arguments: { 'q\ufffd': 'x\ufffd' }, result: ['nul \ufffd', 'cut \ufffd', 'whole 🙂'] },
      },
    ]);
  });

  test("a provider's 400 quoting a NUL the client sent is relayed, and its bill is written", async () => {
    ctx.upstream.handler = (_request, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: 'invalid_request_error', message: "messages.0.content: Invalid value: 'a\u0000b'" },
        }),
      );
    };
    const res = await ctx.chat(key, {
      model: 'anthropic/claude-sonnet-4',
      messages: [{ role: 'user', content: 'a\u0000b' }],
    });
    assert.equal(res.status, 400);
    assert.equal(
      ((await res.json()) as { error: { message: string } }).error.message,
      "messages.0.content: Invalid value: 'a\u0000b'",
    );
    await ctx.app.gateway.settled();
    const rows = await ctx.db.query<{ status: string; error_message: string }>(
      'SELECT status, error_message FROM usage_events',
    );
    assert.deepEqual(rows, [{ status: 'error', error_message: "messages.0.content: Invalid value: 'a\ufffdb'" }]);
  });

  test('a request of $5.00 or more is in the activity feed with its cost formatted as the app formats money', async () => {
    const event = { teamId, userId: owner.id, apiKeyId: null, provider: 'anthropic', promptTokens: 1 };
    await recordUsageBatch(ctx.db, [
      { ...event, model: 'claude-opus-4', completionTokens: 1, costCents: 123_456, latencyMs: 1 },
      { ...event, model: 'claude-sonnet-4', completionTokens: 1, costCents: 499, latencyMs: 1 },
    ]);
    const rows = await ctx.db.query<{ message: string }>(
      "SELECT message FROM activity_events WHERE type = 'high_cost_request'",
    );
    assert.deepEqual(
      rows.map((row) => row.message),
      ['A claude-opus-4 request cost $1,234.56'],
    );
  });
});
