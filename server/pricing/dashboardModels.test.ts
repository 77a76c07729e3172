import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import type { TestUser } from '../test/helpers';
import { createGatewayContext, type GatewayTestContext } from '../test/gatewayHelpers';
import { DASHBOARD_MODELS_PATH } from '../../contract/apiPaths';

/** The members' models page through HTTP (docs/gateway.md#the-models-page), on PGlite and PostgreSQL. */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({}, ['openai']);
});
after(() => ctx.close());

let owner: TestUser;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  await ctx.team(owner, 'Acme', 0);
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10, cacheRead: 1.25 });
  await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 3, completion: 15 });
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 0, completion: 0 });
});

test('every priced model with its prices per 1M, doors and reachability, and which of my keys may call it', async () => {
  const any = await ctx.request('POST', '/v1/api-keys/', { as: owner, body: { name: 'any' } });
  const only = await ctx.request('POST', '/v1/api-keys/', {
    as: owner,
    body: { name: 'only gpt', allowed_models: ['openai/gpt-4o'] },
  });
  const res = await ctx.request('GET', DASHBOARD_MODELS_PATH, { as: owner });
  assert.equal(res.status, 200, res.text);
  const byId = new Map(res.body.models.map((m: { id: string }) => [m.id, m]));
  assert.deepEqual([...byId.keys()], ['anthropic/claude-sonnet-4', 'echo/echo-1', 'openai/gpt-4o']);
  assert.deepEqual(byId.get('openai/gpt-4o'), {
    id: 'openai/gpt-4o',
    kind: 'model',
    provider: 'openai',
    tiers: [
      {
        min_tokens: 0,
        max_tokens: null,
        prompt_cost_per_1m: 2.5,
        completion_cost_per_1m: 10,
        cache_read_cost_per_1m: 1.25,
        cache_create_cost_per_1m: null,
      },
    ],
    endpoints: ['chat.completions', 'messages', 'responses', 'embeddings', 'moderations', 'generateContent'],
    supports_caching: true,
    reachable: true,
    key_ids: [any.body.id, only.body.id],
  });
  const claude = byId.get('anthropic/claude-sonnet-4') as { reachable: boolean; key_ids: string[] };
  assert.equal(claude.reachable, false, 'no Anthropic key configured in this test');
  assert.deepEqual(claude.key_ids, [any.body.id]);
});

test('a media model: its doors and its prices per unit (docs/media.md)', async () => {
  await ctx.tier({
    provider: 'echo',
    model: 'image-1',
    prompt: 0,
    completion: 0,
    unitPrices: { 'image:1024x1024': 0.04 },
  });
  const res = await ctx.request('GET', DASHBOARD_MODELS_PATH, { as: owner });
  const image = res.body.models.find((m: { id: string }) => m.id === 'echo/image-1');
  assert.deepEqual(image.endpoints, ['images.generations', 'images.edits']);
  assert.deepEqual(image.tiers[0].unit_prices, { 'image:1024x1024': 0.04 });
});

test('401 without a session; without a team (an administrator, a new user) the same models with no keys', async () => {
  assert.equal((await ctx.request('GET', DASHBOARD_MODELS_PATH)).status, 401);
  const loner = await ctx.user('loner');
  const res = await ctx.request('GET', DASHBOARD_MODELS_PATH, { as: loner });
  assert.equal(res.status, 200, res.text);
  const models = (res.body as { models: { id: string; key_ids: string[] }[] }).models;
  assert.ok(models.some((model) => model.id === 'openai/gpt-4o'));
  assert.ok(models.every((model) => model.key_ids.length === 0));
});
