import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createTestContext, type TestContext, type TestUser } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

let admin: TestUser;
let member: TestUser;
beforeEach(async () => {
  await ctx.reset();
  admin = await ctx.user('admin');
  member = await ctx.user('member');
});

const tier = (overrides: Record<string, unknown> = {}) => ({
  provider: 'anthropic',
  model: 'claude-sonnet-4',
  tier_name: 'standard',
  tier_order: 1,
  min_tokens: 0,
  max_tokens: 200_000,
  prompt_cost_per_1m: 3,
  completion_cost_per_1m: 15,
  ...overrides,
});
const create = (body: Record<string, unknown>) => ctx.request('POST', '/v1/admin/pricing/tiers', { as: admin, body });

describe('admin pricing', () => {
  test('creates a tier with exact micro-dollar prices and effective_time defaulting to now', async () => {
    const res = await create(
      tier({
        provider: 'google',
        model: 'gemini-2.0-flash',
        max_tokens: null,
        prompt_cost_per_1m: 0.075,
        completion_cost_per_1m: 0.3,
        supports_caching: true,
        cache_create_cost_per_1m: 0.000001,
        cache_read_cost_per_1m: 0.01875,
        cache_min_tokens: 1024,
        cache_ttl_minutes: 300,
        notes: 'cheap',
      }),
    );
    assert.equal(res.status, 201);
    assert.equal(res.body.prompt_cost_per_1m, 0.075);
    assert.equal(res.body.completion_cost_per_1m, 0.3);
    assert.equal(res.body.cache_create_cost_per_1m, 0.000001);
    assert.equal(res.body.cache_read_cost_per_1m, 0.01875);
    assert.equal(res.body.max_tokens, null);
    assert.equal(res.body.supports_caching, true);
    assert.equal(res.body.expiry_time, null);
    assert.ok(Math.abs(Date.parse(res.body.effective_time) - Date.now()) < 10_000);
  });

  test("a tier's price per cache hit is a whole percent of the answer, 0 (free) unless set", async () => {
    assert.equal((await create(tier())).body.cache_hit_percent, 0);
    const priced = await create(tier({ model: 'priced', cache_hit_percent: 25 }));
    assert.equal(priced.status, 201);
    assert.equal(priced.body.cache_hit_percent, 25);
    for (const percent of [-1, 101, 12.5]) {
      assert.equal((await create(tier({ model: 'bad', cache_hit_percent: percent }))).status, 400, String(percent));
    }
  });

  test("a tier's batch price is a whole percent of its price, 50 unless set (docs/batches.md#price)", async () => {
    assert.equal((await create(tier())).body.batch_percent, 50);
    const priced = await create(tier({ model: 'batched', batch_percent: 80 }));
    assert.equal(priced.status, 201);
    assert.equal(priced.body.batch_percent, 80);
    for (const percent of [-1, 101, 12.5]) {
      const refused = await create(tier({ model: 'bad', batch_percent: percent }));
      assert.equal(refused.status, 400, String(percent));
      assert.equal(refused.body.message, 'The batch price must be a whole percent from 0 to 100.');
    }
  });

  test("a media model's unit prices are dollars per unit, kept exactly; an unknown unit is a 400 naming it", async () => {
    assert.deepEqual((await create(tier())).body.unit_prices, {});
    const prices = { 'image:1024x1024': 0.04, image: 0.08, audio_second: 0.0001, speech_character: 0.000015 };
    const priced = await create(tier({ model: 'media', unit_prices: prices }));
    assert.equal(priced.status, 201);
    assert.deepEqual(priced.body.unit_prices, prices);
    const [stored] = await ctx.db.query<{ unit_prices: Record<string, number> }>(
      "SELECT unit_prices FROM pricing_tiers WHERE model = 'media'",
    );
    assert.deepEqual(stored.unit_prices, {
      'image:1024x1024': 40_000,
      image: 80_000,
      audio_second: 100,
      speech_character: 15,
    });
    const unknown = await create(tier({ model: 'bad', unit_prices: { pixels: 1 } }));
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /^"pixels" is not a unit: use image \(any size\)/);
    const negative = await create(tier({ model: 'bad', unit_prices: { search_unit: -2 } }));
    assert.equal(negative.status, 400);
    assert.equal(negative.body.message, 'A unit price must be a number of dollars per unit from 0 to 1000.');
  });

  test('a second token range of the same model is fine; an overlapping one is 409', async () => {
    assert.equal((await create(tier())).status, 201);
    assert.equal(
      (await create(tier({ tier_name: 'long', tier_order: 2, min_tokens: 200_001, max_tokens: null }))).status,
      201,
    );
    const overlap = await create(tier({ tier_name: 'dup', min_tokens: 100_000, max_tokens: 300_000 }));
    assert.equal(overlap.status, 409);
    assert.equal(overlap.body.code, 'CONFLICT');
    assert.equal((await create(tier({ model: 'claude-haiku-3.5' }))).status, 201);
  });

  test('a future tier may follow one that expires before it starts', async () => {
    const expiry = new Date(Date.now() + 10 * 86_400_000).toISOString();
    assert.equal((await create(tier({ expiry_time: expiry }))).status, 201);
    assert.equal((await create(tier({ effective_time: expiry, prompt_cost_per_1m: 2 }))).status, 201);
    const clash = await create(tier({ effective_time: new Date(Date.now() + 5 * 86_400_000).toISOString() }));
    assert.equal(clash.status, 409);
  });

  test('deactivating ends the tier now and frees the range', async () => {
    const created = await create(tier());
    const res = await ctx.request('DELETE', `/v1/admin/pricing/${created.body.id}`, { as: admin });
    assert.equal(res.status, 200);
    assert.ok(Date.parse(res.body.expiry_time) <= Date.now());
    assert.equal((await create(tier({ prompt_cost_per_1m: 2.5 }))).status, 201);
    const inactive = await ctx.request('GET', '/v1/admin/pricing?active=false', { as: admin });
    assert.deepEqual(
      inactive.body.pricings.map((p: { id: string }) => p.id),
      [created.body.id],
    );
    assert.equal((await ctx.request('DELETE', '/v1/admin/pricing/not-a-uuid', { as: admin })).status, 404);
    assert.equal(
      (await ctx.request('DELETE', '/v1/admin/pricing/00000000-0000-4000-8000-000000000000', { as: admin })).status,
      404,
    );
  });

  test('list filters by provider, model substring (case-insensitive) and activity, with limit/offset', async () => {
    await create(tier());
    await create(tier({ provider: 'openai', model: 'gpt-4o', max_tokens: null }));
    await create(tier({ provider: 'openai', model: 'gpt-4o-mini', max_tokens: null }));
    await create(
      tier({ provider: 'openai', model: 'gpt-5', max_tokens: null, effective_time: '2099-01-01T00:00:00Z' }),
    );
    const models = async (query: string) =>
      (await ctx.request('GET', `/v1/admin/pricing?${query}`, { as: admin })).body.pricings.map(
        (p: { model: string }) => p.model,
      );
    assert.deepEqual(await models('provider=openai&active=true'), ['gpt-4o', 'gpt-4o-mini']);
    assert.deepEqual(await models('model=GPT-4O'), ['gpt-4o', 'gpt-4o-mini']);
    assert.deepEqual(await models('active=false'), ['gpt-5']);
    const page = await ctx.request('GET', '/v1/admin/pricing?limit=1&offset=1', { as: admin });
    assert.equal(page.body.total, 4);
    assert.deepEqual(
      page.body.pricings.map((p: { model: string }) => p.model),
      ['gpt-4o'],
    );
    assert.equal((await ctx.request('GET', '/v1/admin/pricing?limit=0', { as: admin })).status, 400);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['tier_order 0', { tier_order: 0 }, /^The tier order must be a whole number from 1 to 1,000\.$/],
    ['negative min_tokens', { min_tokens: -1 }, /^Min tokens must be a whole number of at least 0\.$/],
    ['max_tokens 0', { max_tokens: 0 }, /^Max tokens must be empty or a whole number of at least 1\.$/],
    [
      'max_tokens <= min_tokens',
      { min_tokens: 500, max_tokens: 500 },
      /^Max tokens must be greater than min tokens\.$/,
    ],
    ['negative prompt price', { prompt_cost_per_1m: -0.1 }, /^The prompt price must be a number of dollars per 1M/],
    ['string completion price', { completion_cost_per_1m: '15' }, /^The completion price must be/],
    ['missing provider', { provider: undefined }, /^Choose a provider/],
    ['blank model', { model: '   ' }, /^Enter a model name\.$/],
    ['bad effective_time', { effective_time: 'now' }, /^The effective time must be an ISO 8601 date and time\.$/],
    [
      'expiry before effective',
      { effective_time: '2030-01-02T00:00:00Z', expiry_time: '2030-01-01T00:00:00Z' },
      /^The expiry time must be after the effective time\.$/,
    ],
    ['negative cache ttl', { cache_ttl_minutes: -5 }, /^The cache TTL must be a whole number of at least 0\.$/],
  ];
  for (const [label, overrides, message] of invalid) {
    test(`400 for ${label}`, async () => {
      const res = await create(tier(overrides));
      assert.equal(res.status, 400);
      assert.match(res.body.message, message);
    });
  }

  test('403 for non-admins and 401 without a session', async () => {
    assert.equal((await ctx.request('GET', '/v1/admin/pricing', { as: member })).status, 403);
    assert.equal((await ctx.request('POST', '/v1/admin/pricing/tiers', { as: member, body: tier() })).status, 403);
    assert.equal((await ctx.request('DELETE', '/v1/admin/pricing/x', { as: member })).status, 403);
    assert.equal((await ctx.request('GET', '/v1/admin/pricing')).status, 401);
  });
});
