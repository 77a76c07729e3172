import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { OpenAiErrorBody } from '../formats/gatewayError';
import { SEED_TIERS } from '../seed/pricingData';
import { derivedBalanceCents } from '../ledger/ledger';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'openrouter']);
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
let key: string;
const echoTier = SEED_TIERS.find((tier) => tier.provider === 'echo')!;

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 1_000);
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10, cacheRead: 1.25 });
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: echoTier.prompt, completion: echoTier.completion });
  key = await ctx.key(owner, 'CI');
});

/** What the dashboard shows: usage stats (cents), the balance (dollars) and the activity feed. */
async function dashboard() {
  await ctx.app.gateway.settled();
  const [stats, balance, activity] = await Promise.all([
    ctx.request('GET', '/v1/teams/usage-stats', { as: owner }),
    ctx.request('GET', `/v1/teams/${teamId}/credits/balance`, { as: owner }),
    ctx.request('GET', '/v1/dashboard/activity?limit=20', { as: owner }),
  ]);
  return {
    stats: stats.body,
    balance: balance.body.current_balance as number,
    activity: activity.body.activities.map(
      (item: { type: string; message: string }) => `${item.type}: ${item.message}`,
    ),
  };
}

describe('the openai client against the gateway', () => {
  test('non-streaming: the provider answer comes back and the dashboard shows exactly its tokens and cost', async () => {
    ctx.upstream.reply = 'Paris is the capital of France.';
    ctx.upstream.usage = {
      prompt_tokens: 120_000,
      completion_tokens: 3_000,
      prompt_tokens_details: { cached_tokens: 20_000 },
    };
    const completion = await ctx.client(key).chat.completions.create({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
      max_tokens: 5_000,
    });
    assert.equal(completion.choices[0].message.content, 'Paris is the capital of France.');
    assert.equal(completion.usage?.prompt_tokens, 120_000);

    const [forwarded] = ctx.upstream.requests;
    assert.equal(forwarded.body.model, 'gpt-4o');
    assert.equal(forwarded.headers.authorization, 'Bearer sk-upstream-openai');
    assert.equal(forwarded.body.max_tokens, 5_000);

    // 100,000 prompt tokens at $2.50 + 20,000 cached at $1.25 + 3,000 completion at $10 per 1M = $0.305: 30 cents.
    const { stats, balance, activity } = await dashboard();
    assert.equal(stats.total_cost_cents, 30);
    assert.equal(stats.total_requests, 1);
    assert.deepEqual(stats.usage_by_model['gpt-4o'], {
      model_name: 'gpt-4o',
      request_count: 1,
      total_tokens: 123_000,
      total_cost_cents: 30,
    });
    assert.equal(stats.usage_by_member[owner.id].total_cost_cents, 30);
    assert.equal(balance, 9.7);
    assert.ok(activity.includes('api_key_first_used: API key "CI" was used for the first time'));
    assert.ok(activity.includes('first_model_usage: Model openai/gpt-4o was used for the first time'));

    const [event] = await ctx.db.query<Record<string, unknown>>('SELECT * FROM usage_events');
    assert.equal(event.prompt_tokens, 120_000);
    assert.equal(event.completion_tokens, 3_000);
    assert.equal(event.cached_tokens, 20_000);
    assert.equal(event.status, 'success');
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 970);
    const [team] = await ctx.db.query<{ reserved_cents: number }>('SELECT reserved_cents FROM teams');
    assert.equal(team.reserved_cents, 0);
    const keys = await ctx.request('GET', '/v1/api-keys/', { as: owner });
    assert.ok(keys.body[0].last_used_at);
  });

  test('streaming: chunks in order, usage asked of the provider but only given to a client that asked', async () => {
    ctx.upstream.reply = 'one two three four';
    ctx.upstream.usage = { prompt_tokens: 40_000, completion_tokens: 10_000 };
    const client = ctx.client(key);
    const stream = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
    });
    const parts: string[] = [];
    let usageChunks = 0;
    for await (const chunk of stream) {
      if (chunk.usage) usageChunks++;
      parts.push(chunk.choices[0]?.delta?.content ?? '');
    }
    assert.deepEqual(parts, ['one', ' two', ' three', ' four']);
    assert.equal(usageChunks, 0);
    assert.deepEqual(ctx.upstream.requests[0].body.stream_options, { include_usage: true });

    const withUsage = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const usages = [];
    for await (const chunk of withUsage) if (chunk.usage) usages.push(chunk.usage);
    assert.deepEqual(
      usages.map((usage) => usage.completion_tokens),
      [10_000],
    );

    // Each: 40,000 x $2.50 + 10,000 x $10 per 1M = $0.20.
    const { stats, balance } = await dashboard();
    assert.equal(stats.total_requests, 2);
    assert.equal(stats.total_cost_cents, 40);
    assert.equal(stats.usage_by_model['gpt-4o'].total_tokens, 100_000);
    assert.equal(balance, 9.6);
  });

  test('the echo provider answers offline and bills 4 characters per token at its seeded price', async () => {
    // Without max_tokens each echo call holds GATEWAY_DEFAULT_MAX_TOKENS at 0.1 cent (about $4) while it runs.
    await ctx.topUp(teamId, 9_000);
    const client = ctx.client(key);
    const text = 'Say hello to the gateway';
    const reply = await client.chat.completions.create({
      model: 'echo/echo-1',
      messages: [{ role: 'user', content: text }],
    });
    assert.equal(reply.choices[0].message.content, text);
    assert.deepEqual(
      { prompt: reply.usage?.prompt_tokens, completion: reply.usage?.completion_tokens },
      { prompt: 6, completion: 6 },
    );
    const stream = await client.chat.completions.create({
      model: 'echo-1',
      messages: [{ role: 'user', content: text }],
      stream: true,
    });
    const chunks: string[] = [];
    for await (const chunk of stream) if (chunk.choices[0]?.delta?.content) chunks.push(chunk.choices[0].delta.content);
    assert.deepEqual(chunks, ['Say', ' hello', ' to', ' the', ' gateway']);
    assert.equal(ctx.upstream.requests.length, 0);

    // 6 x 0.1 cent + 6 x 0.1 cent = 1.2 cents, billed 1 (rounded down), twice.
    const { stats, balance, activity } = await dashboard();
    assert.equal(stats.usage_by_model['echo-1'].total_cost_cents, 2);
    assert.equal(balance, 99.98);
    assert.ok(activity.includes('first_model_usage: Model echo/echo-1 was used for the first time'));
  });
});

describe('routing and the model list', () => {
  test('provider/model, a bare name, and provider prefixes inside model names', async () => {
    await ctx.tier({
      provider: 'openrouter',
      model: 'meta-llama/llama-3.3-70b-instruct',
      prompt: 0.1,
      completion: 0.25,
    });
    const client = ctx.client(key);
    const ask = (model: string) =>
      client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    await ask('gpt-4o');
    await ask('meta-llama/llama-3.3-70b-instruct');
    await ask('openrouter/meta-llama/llama-3.3-70b-instruct');
    assert.deepEqual(
      ctx.upstream.requests.map((request) => [request.headers.authorization, request.body.model]),
      [
        ['Bearer sk-upstream-openai', 'gpt-4o'],
        ['Bearer sk-upstream-openrouter', 'meta-llama/llama-3.3-70b-instruct'],
        ['Bearer sk-upstream-openrouter', 'meta-llama/llama-3.3-70b-instruct'],
      ],
    );
    await ctx.app.gateway.settled();
    const rows = await ctx.db.query<{ provider: string; model: string }>(
      'SELECT provider, model FROM usage_events ORDER BY id',
    );
    assert.deepEqual(
      rows.map((row) => `${row.provider}/${row.model}`),
      ['openai/gpt-4o', 'openrouter/meta-llama/llama-3.3-70b-instruct', 'openrouter/meta-llama/llama-3.3-70b-instruct'],
    );
  });

  test('GET /v1/models: reachable providers only, active tiers only, in OpenAI list format', async () => {
    await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 3, completion: 15 });
    await ctx.tier({
      provider: 'openai',
      model: 'gpt-3.5-turbo',
      prompt: 1,
      completion: 2,
      effective: -7200,
      expiry: -60,
    });
    await ctx.tier({ provider: 'openai', model: 'gpt-5', prompt: 1, completion: 2, effective: 3600 });
    const list = await ctx.client(key).models.list();
    assert.deepEqual(
      list.data.map((model) => [model.id, model.object, model.owned_by]),
      [
        ['echo/echo-1', 'model', 'echo'],
        ['openai/gpt-4o', 'model', 'openai'],
      ],
    );
    assert.ok(list.data.every((model) => Number.isInteger(model.created) && model.created < Date.now() / 1000));
    const anonymous = await fetch(`${ctx.origin}/v1/models`);
    assert.equal(anonymous.status, 401);
    assert.equal(((await anonymous.json()) as OpenAiErrorBody).error.code, 'invalid_api_key');
  });
});

describe('keys and sessions stay apart', () => {
  test('a signed-in browser cannot use the gateway without a key, and a key opens no dashboard route', async () => {
    const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };
    const sessions: Record<string, string>[] = [
      { cookie: `jwt=${owner.token}` },
      { authorization: `Bearer ${owner.token}` },
    ];
    for (const headers of sessions) {
      const res = await ctx.chat(null, body, headers);
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), {
        error: {
          message:
            'Invalid API key. Send a team API key as "Authorization: Bearer sk-..."; create one on the API Keys page.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
          param: null,
        },
      });
    }
    for (const url of ['/v1/teams/', '/v1/api-keys/', `/v1/teams/${teamId}/credits/balance`]) {
      const res = await ctx.request('GET', url, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(res.status, 401, url);
      assert.equal(res.body.code, 'INVALID_TOKEN', url);
    }
    assert.equal(ctx.upstream.requests.length, 0);
  });

  test('key-authenticated calls skip the CSRF origin check that protects cookie sessions', async () => {
    const res = await ctx.chat(
      key,
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      { origin: 'https://elsewhere.example' },
    );
    assert.equal(res.status, 200);
    const dashboardCall = await ctx.request('POST', '/v1/api-keys/', {
      as: owner,
      body: { name: 'x' },
      headers: { origin: 'https://elsewhere.example' },
    });
    assert.equal(dashboardCall.status, 403);
  });
});
