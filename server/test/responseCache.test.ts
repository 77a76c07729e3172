import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { OpenAiErrorBody } from '../formats/gatewayError';
import { adminModelRoutePath, TEAM_CACHE_PATH, TEAM_DASHBOARD_PATH, apiKeyCachePath } from '../../contract/apiPaths';
import type { TeamDashboard } from '../../contract/schemas/teams';
import { sendJson } from './fakeUpstream';
import { eventually, type TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * The response cache through HTTP (docs/gateway.md#caching, issue 39): off unless asked; a hit is answered without a
 * provider call, billed at its price (nothing) and marked in the request log; streams replay as streams; answers
 * never cross keys (by default) or teams; identical requests in flight make one call.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
let key: string;

const CACHE = { 'x-gateway-cache': 'true' };
const body = (extra: object = {}) => ({
  model: 'openai/metered',
  messages: [{ role: 'user', content: 'What is 2 + 2?' }],
  max_tokens: 5,
  ...extra,
});

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 10_000);
  // A prompt token costs 0.1 cent, an output token 1 cent: an answer of 10 + 5 tokens costs 6 cents.
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 1_000, completion: 10_000 });
  key = await ctx.key(owner);
});

const upstreamCalls = () => ctx.upstream.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

async function send(sentKey: string, sent: object, headers: Record<string, string> = CACHE) {
  const res = await ctx.chat(sentKey, sent, headers);
  const text = await res.text();
  await ctx.app.gateway.settled();
  return { status: res.status, headers: res.headers, text };
}

async function logged() {
  return ctx.db.query<{
    caller_request_id: string;
    cost_cents: number;
    cached_from: string | null;
    cache_saved_cents: number | null;
    prompt_tokens: number;
  }>(
    `SELECT caller_request_id, cost_cents, cached_from, cache_saved_cents, prompt_tokens FROM usage_events
     WHERE team_id = $1 ORDER BY id`,
    [teamId],
  );
}

describe('exact-match cache', () => {
  test('the second of two identical requests is a hit: no provider call, billed nothing, marked in the log', async () => {
    const first = await send(key, body());
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-gateway-cache-status'), 'miss');
    const second = await send(key, body());
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-gateway-cache-status'), 'hit');
    assert.equal(second.text, first.text);
    assert.equal(upstreamCalls(), 1);
    const firstId = first.headers.get('x-request-id');
    assert.equal(second.headers.get('x-gateway-cached-request-id'), firstId);
    assert.equal(second.headers.get('x-gateway-deployment'), 'openai/metered');
    assert.deepEqual(
      (await logged()).map(({ cost_cents, cached_from, cache_saved_cents, prompt_tokens }) => ({
        cost_cents,
        cached_from,
        cache_saved_cents,
        prompt_tokens,
      })),
      [
        { cost_cents: 6, cached_from: null, cache_saved_cents: null, prompt_tokens: 10 },
        { cost_cents: 0, cached_from: firstId, cache_saved_cents: 6, prompt_tokens: 0 },
      ],
    );
    const [daily] = await ctx.db.query<{ request_count: number; cache_hits: number; cache_saved_cents: number }>(
      'SELECT request_count, cache_hits, cache_saved_cents FROM usage_daily WHERE team_id = $1',
      [teamId],
    );
    assert.deepEqual(daily, { request_count: 2, cache_hits: 1, cache_saved_cents: 6 });
    const [{ credit_balance_cents }] = await ctx.db.query<{ credit_balance_cents: number }>(
      'SELECT credit_balance_cents FROM teams WHERE id = $1',
      [teamId],
    );
    assert.equal(credit_balance_cents, 10_000 - 6);
    // The team's dashboard: this month's hits and what they saved.
    const dashboard = await ctx.request('GET', TEAM_DASHBOARD_PATH, { as: owner });
    assert.equal(dashboard.status, 200);
    const month = (dashboard.body as TeamDashboard).current_month_stats;
    assert.deepEqual(
      { requests: month.total_requests, hits: month.cache_hits, saved: month.cache_saved_cents },
      { requests: 2, hits: 1, saved: 6 },
    );
  });

  test("a tier's price per hit: half of a 6-cent answer is 3 cents, billed and counted as saved the rest", async () => {
    const admin = await ctx.user('admin');
    const refused = await ctx.request('POST', '/v1/admin/pricing/tiers', {
      as: admin,
      body: {
        provider: 'openai',
        model: 'halved',
        tier_name: 'x',
        min_tokens: 0,
        prompt_cost_per_1m: 1,
        completion_cost_per_1m: 1,
        cache_hit_percent: 101,
      },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, 'The price of a cache hit must be a whole percent from 0 to 100.');
    await ctx.db.query(
      "UPDATE pricing_tiers SET cache_hit_percent = 50 WHERE provider = 'openai' AND model = 'metered'",
    );
    await ctx.app.gateway.changed('pricing');
    await send(key, body());
    assert.equal((await send(key, body())).headers.get('x-gateway-cache-status'), 'hit');
    assert.deepEqual(
      (await logged()).map(({ cost_cents, cache_saved_cents }) => [cost_cents, cache_saved_cents]),
      [
        [6, null],
        [3, 3],
      ],
    );
    const [{ credit_balance_cents }] = await ctx.db.query<{ credit_balance_cents: number }>(
      'SELECT credit_balance_cents FROM teams WHERE id = $1',
      [teamId],
    );
    assert.equal(credit_balance_cents, 10_000 - 9);
    const listed = await ctx.request('GET', '/v1/admin/pricing?model=metered', { as: admin });
    assert.equal(listed.body.pricings[0].cache_hit_percent, 50);
  });

  test('key order and whitespace do not make another request; another body does', async () => {
    await send(key, body());
    const reordered = await ctx.chat(
      key,
      JSON.parse(`{ "max_tokens": 5,\n "messages": ${JSON.stringify(body().messages)}, "model": "openai/metered" }`),
      CACHE,
    );
    assert.equal(reordered.headers.get('x-gateway-cache-status'), 'hit');
    await reordered.text();
    const other = await send(key, body({ messages: [{ role: 'user', content: 'What is 3 + 3?' }] }));
    assert.equal(other.headers.get('x-gateway-cache-status'), 'miss');
    assert.equal(upstreamCalls(), 2);
  });

  test('a streamed hit replays the same events, ending with [DONE]', async () => {
    const streamed = body({ stream: true, stream_options: { include_usage: true } });
    const first = await send(key, streamed);
    assert.equal(first.headers.get('x-gateway-cache-status'), 'miss');
    const second = await send(key, streamed);
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-gateway-cache-status'), 'hit');
    assert.match(second.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(second.text, first.text);
    assert.ok(second.text.trimEnd().endsWith('data: [DONE]'), second.text);
    assert.equal(upstreamCalls(), 1);
    // A JSON request is not answered with a stream's events, nor the other way round.
    const json = await send(key, body());
    assert.equal(json.headers.get('x-gateway-cache-status'), 'miss');
  });

  test('answers never cross teams, nor, by default, the keys of one team', async () => {
    await send(key, body());
    const sameTeam = await ctx.key(owner, 'second');
    assert.equal((await send(sameTeam, body())).headers.get('x-gateway-cache-status'), 'miss');
    const stranger = await ctx.user('stranger');
    const theirs = await ctx.team(stranger, 'Other', 0);
    await ctx.topUp(theirs, 10_000);
    const theirKey = await ctx.key(stranger);
    assert.equal((await send(theirKey, body())).headers.get('x-gateway-cache-status'), 'miss');
    assert.equal(upstreamCalls(), 3);
  });

  test('without the header nothing is looked up or stored, and the answer has no cache header', async () => {
    const plain = await send(key, body(), {});
    assert.equal(plain.headers.get('x-gateway-cache-status'), null);
    assert.equal((await send(key, body())).headers.get('x-gateway-cache-status'), 'miss');
    const [{ count }] = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM response_cache');
    assert.equal(count, 1);
  });

  test('Cache-Control: no-cache refreshes the answer, no-store bypasses the cache', async () => {
    await send(key, body());
    ctx.upstream.reply = 'A newer answer';
    const refreshed = await send(key, body(), { ...CACHE, 'cache-control': 'no-cache' });
    assert.equal(refreshed.headers.get('x-gateway-cache-status'), 'refresh');
    assert.match(refreshed.text, /A newer answer/);
    const hit = await send(key, body());
    assert.equal(hit.headers.get('x-gateway-cache-status'), 'hit');
    assert.match(hit.text, /A newer answer/);
    const bypassed = await send(key, body(), { ...CACHE, 'cache-control': 'no-store' });
    assert.equal(bypassed.headers.get('x-gateway-cache-status'), 'bypass');
    assert.equal(upstreamCalls(), 3);
  });

  test('an error is not stored: the next request goes to the provider', async () => {
    ctx.upstream.handler = (_request, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"boom"}}');
    };
    const failed = await send(key, body());
    assert.notEqual(failed.status, 200);
    ctx.upstream.handler = null;
    const next = await send(key, body());
    assert.equal(next.status, 200);
    assert.equal(next.headers.get('x-gateway-cache-status'), 'miss');
  });

  test('a cache header the gateway cannot read is a 400 that holds and bills nothing', async () => {
    const bad = await send(key, body(), { 'x-gateway-cache': 'true', 'x-gateway-cache-ttl': 'soon' });
    assert.equal(bad.status, 400);
    const error = (JSON.parse(bad.text) as OpenAiErrorBody).error;
    assert.equal(error.code, 'invalid_cache_header');
    assert.match(error.message, /x-gateway-cache-ttl header must be a whole number of seconds from 1 to 604800/);
    assert.equal(upstreamCalls(), 0);
    assert.deepEqual(await logged(), []);
  });

  test('a hit is admitted like any request: a spent credit balance refuses it', async () => {
    await send(key, body());
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 0 WHERE id = $1', [teamId]);
    const refused = await send(key, body());
    assert.equal(refused.status, 402);
  });

  const DOORS: [string, string, object, Record<string, string>][] = [
    [
      'messages',
      '/v1/messages',
      { model: 'openai/metered', max_tokens: 5, messages: [{ role: 'user', content: 'Hi' }] },
      {},
    ],
    ['responses', '/v1/responses', { model: 'openai/metered', max_output_tokens: 5, input: 'Hi' }, {}],
    ['embeddings', '/v1/embeddings', { model: 'openai/metered', input: 'Hi' }, {}],
    [
      'generateContent',
      '/v1beta/models/openai/metered:generateContent',
      { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: { maxOutputTokens: 5 } },
      {},
    ],
    [
      'streamGenerateContent',
      '/v1beta/models/openai/metered:streamGenerateContent?alt=sse',
      { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: { maxOutputTokens: 5 } },
      {},
    ],
    [
      'messages, streamed',
      '/v1/messages',
      { model: 'openai/metered', max_tokens: 5, stream: true, messages: [{ role: 'user', content: 'Hi' }] },
      {},
    ],
    [
      'responses, streamed',
      '/v1/responses',
      { model: 'openai/metered', max_output_tokens: 5, stream: true, input: 'Hi' },
      {},
    ],
  ];
  for (const [door, path, sent] of DOORS) {
    test(`${door}: the second identical request is a hit, the same bytes, with no provider call`, async () => {
      const headers = { ...CACHE, authorization: `Bearer ${key}`, 'x-api-key': key, 'x-goog-api-key': key };
      const first = await ctx.post(path, sent, headers);
      const firstText = await first.text();
      assert.equal(first.status, 200, firstText);
      assert.equal(first.headers.get('x-gateway-cache-status'), 'miss');
      await ctx.app.gateway.settled();
      const second = await ctx.post(path, sent, headers);
      assert.equal(second.headers.get('x-gateway-cache-status'), 'hit');
      assert.equal(await second.text(), firstText);
      assert.equal(second.headers.get('content-type'), first.headers.get('content-type'));
      assert.equal(ctx.upstream.requests.length, 1);
    });
  }

  test('20 identical requests at once make one provider call, and all 20 are answered', async () => {
    let release!: () => void;
    let answered = 0;
    ctx.upstream.handler = (request, res) => {
      answered++;
      release = () => sendJson(res, request.body.model, 'four', { prompt_tokens: 10, completion_tokens: 5 });
    };
    const calls = Array.from({ length: 20 }, () =>
      ctx.chat(key, body(), CACHE).then(async (res) => ({ status: res.status, text: await res.text() })),
    );
    // The first leads to the provider; the 19 others wait for it rather than call it too.
    await eventually('19 wait for the first', () => answered === 1 && ctx.app.gateway.cache.waiting() === 19);
    release();
    const results = await Promise.all(calls);
    await ctx.app.gateway.settled();
    assert.equal(answered, 1);
    assert.equal(upstreamCalls(), 1);
    assert.deepEqual(new Set(results.map((r) => r.status)), new Set([200]));
    assert.equal(new Set(results.map((r) => r.text)).size, 1);
    const rows = await logged();
    assert.equal(rows.length, 20);
    assert.equal(rows.filter((row) => row.cached_from !== null).length, 19);
    assert.equal(
      rows.reduce((sum, row) => sum + row.cost_cents, 0),
      6,
    );
  });

  test('when the first fails, the ones waiting for it go on: the next leads, and the rest are served its answer', async () => {
    let calls = 0;
    const held: (() => void)[] = [];
    ctx.upstream.handler = (request, res) => {
      calls++;
      held.push(() =>
        calls === 1 && held.length === 1
          ? (res.writeHead(400, { 'content-type': 'application/json' }), res.end('{"error":{"message":"no"}}'))
          : sendJson(res, request.body.model, 'four', { prompt_tokens: 10, completion_tokens: 5 }),
      );
    };
    const sent = Array.from({ length: 5 }, () => ctx.chat(key, body(), CACHE).then((res) => res.status));
    await eventually('4 wait for the first', () => calls === 1 && ctx.app.gateway.cache.waiting() === 4);
    held[0]();
    await eventually('3 wait for the second', () => calls === 2 && ctx.app.gateway.cache.waiting() === 3);
    held[1]();
    assert.deepEqual((await Promise.all(sent)).sort(), [200, 200, 200, 200, 400]);
    assert.equal(calls, 2);
  });
});

describe("a key's own cache setting", () => {
  const createKey = (as: TestUser, controls: object) =>
    ctx.request('POST', '/v1/api-keys/', { as, body: { name: 'cached', ...controls } });

  test('a key created with caching on caches every request without the header; x-gateway-cache: false bypasses', async () => {
    const created = await createKey(owner, { cache_enabled: true, cache_ttl_seconds: 600 });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      [created.body.cache_enabled, created.body.cache_scope, created.body.cache_ttl_seconds],
      [true, 'key', 600],
    );
    const cachedKey = created.body.key as string;
    const first = await send(cachedKey, body(), {});
    assert.equal(first.headers.get('x-gateway-cache-status'), 'miss');
    const [{ ttl }] = await ctx.db.query<{ ttl: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at))::int AS ttl FROM response_cache',
    );
    assert.equal(ttl, 600, "kept for the key's TTL");
    const second = await send(cachedKey, body(), {});
    assert.equal(second.headers.get('x-gateway-cache-status'), 'hit');
    assert.equal(upstreamCalls(), 1);
    assert.equal(
      (await send(cachedKey, body(), { 'x-gateway-cache': 'false' })).headers.get('x-gateway-cache-status'),
      'bypass',
    );
    // The owner's other key, without a setting, neither reads nor stores.
    assert.equal((await send(key, body(), {})).headers.get('x-gateway-cache-status'), null);
    assert.equal(upstreamCalls(), 3);
  });

  test('turned on and off by an edit, at once; the audit log keeps the change', async () => {
    const [{ id }] = await ctx.db.query<{ id: string }>('SELECT id FROM api_keys WHERE team_id = $1', [teamId]);
    const on = await ctx.request('PATCH', `/v1/api-keys/${id}`, { as: owner, body: { cache_enabled: true } });
    assert.equal(on.status, 200, on.text);
    await send(key, body(), {});
    assert.equal((await send(key, body(), {})).headers.get('x-gateway-cache-status'), 'hit');
    const off = await ctx.request('PATCH', `/v1/api-keys/${id}`, { as: owner, body: { cache_enabled: false } });
    assert.equal(off.status, 200);
    assert.equal((await send(key, body(), {})).headers.get('x-gateway-cache-status'), null);
    const audited = await ctx.db.query<{ before: { cache_enabled: boolean }; after: { cache_enabled: boolean } }>(
      `SELECT before, after FROM audit_log WHERE action = 'api_key.updated' ORDER BY id`,
    );
    assert.deepEqual(
      audited.map((row) => [row.before.cache_enabled, row.after.cache_enabled]),
      [
        [false, true],
        [true, false],
      ],
    );
  });

  test("team scope is the owner's choice: the owner's sharing keys share answers, a member cannot share", async () => {
    const one = (await createKey(owner, { cache_enabled: true, cache_scope: 'team' })).body.key as string;
    const two = (await createKey(owner, { cache_enabled: true, cache_scope: 'team' })).body.key as string;
    const own = (await createKey(owner, { cache_enabled: true })).body.key as string;
    assert.equal((await send(one, body(), {})).headers.get('x-gateway-cache-status'), 'miss');
    assert.equal((await send(two, body(), {})).headers.get('x-gateway-cache-status'), 'hit');
    assert.equal((await send(own, body(), {})).headers.get('x-gateway-cache-status'), 'miss', 'a key-scoped key');

    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const refused = await createKey(member, { cache_enabled: true, cache_scope: 'team' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, "Only the team's owner can share a key's cached answers with the team.");
    const memberKey = await createKey(member, { cache_enabled: true });
    assert.equal(memberKey.status, 201);
    const path = `/v1/api-keys/${memberKey.body.id}`;
    const patched = await ctx.request('PATCH', path, { as: member, body: { cache_scope: 'team' } });
    assert.equal(patched.status, 403);
    // The owner may share a member's key; the member may then edit it and keep that scope.
    assert.equal((await ctx.request('PATCH', path, { as: owner, body: { cache_scope: 'team' } })).status, 200);
    const kept = await ctx.request('PATCH', path, { as: member, body: { cache_scope: 'team', cache_ttl_seconds: 60 } });
    assert.equal(kept.status, 200, kept.text);
  });

  test('a cache setting the contract does not allow is a 400 that changes nothing', async () => {
    for (const controls of [{ cache_scope: 'world' }, { cache_ttl_seconds: 0 }, { cache_enabled: 'yes' }]) {
      const res = await createKey(owner, controls);
      assert.equal(res.status, 400, JSON.stringify(controls));
    }
    const [{ count }] = await ctx.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM api_keys WHERE team_id = $1',
      [teamId],
    );
    assert.equal(count, 1);
  });
});

describe("a route's cache setting", () => {
  test("an administrator turns it on for a route: every key's requests through it are cached, each key's its own", async () => {
    await ctx.route('team/cached', [{ model: 'metered' }]);
    const [{ id }] = await ctx.db.query<{ id: string }>("SELECT id FROM model_routes WHERE name = 'team/cached'");
    const admin = await ctx.user('admin');
    const path = adminModelRoutePath(id);
    const on = await ctx.request('PUT', path, { as: admin, body: { cache_enabled: true, cache_ttl_seconds: 120 } });
    assert.equal(on.status, 200, on.text);
    assert.deepEqual([on.body.cache_enabled, on.body.cache_ttl_seconds], [true, 120]);
    const viaRoute = body({ model: 'team/cached' });
    assert.equal((await send(key, viaRoute, {})).headers.get('x-gateway-cache-status'), 'miss');
    assert.equal((await send(key, viaRoute, {})).headers.get('x-gateway-cache-status'), 'hit');
    const other = await ctx.key(owner, 'other');
    assert.equal((await send(other, viaRoute, {})).headers.get('x-gateway-cache-status'), 'miss', 'another key');
    // The same model called directly, not through the route, is not cached.
    assert.equal((await send(key, body(), {})).headers.get('x-gateway-cache-status'), null);
    assert.equal(upstreamCalls(), 3);

    assert.equal((await ctx.request('PUT', path, { as: admin, body: { cache_enabled: false } })).status, 200);
    assert.equal((await send(key, viaRoute, {})).headers.get('x-gateway-cache-status'), null);
    const bad = await ctx.request('PUT', path, { as: admin, body: { cache_ttl_seconds: -1 } });
    assert.equal(bad.status, 400);
  });
});

describe('purging', () => {
  test("a key's answers are purged by its creator or the owner, the team's by the owner; the next request is a miss", async () => {
    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const memberKey = await ctx.key(member);
    await send(key, body());
    await send(memberKey, body());
    const keyIds = await ctx.db.query<{ id: string; user_id: string }>('SELECT id, user_id FROM api_keys');
    const ownerKeyId = keyIds.find((row) => row.user_id === owner.id)!.id;
    const memberKeyId = keyIds.find((row) => row.user_id === member.id)!.id;
    // A member may not purge the owner's key, nor the team.
    assert.equal((await ctx.request('DELETE', apiKeyCachePath(ownerKeyId), { as: member })).status, 403);
    assert.equal((await ctx.request('DELETE', TEAM_CACHE_PATH, { as: member })).status, 403);
    assert.equal((await ctx.request('DELETE', apiKeyCachePath('not-a-key'), { as: owner })).status, 404);
    const mine = await ctx.request('DELETE', apiKeyCachePath(memberKeyId), { as: member });
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(mine.body, { deleted: 1 });
    assert.equal((await send(memberKey, body())).headers.get('x-gateway-cache-status'), 'miss');
    assert.equal((await send(key, body())).headers.get('x-gateway-cache-status'), 'hit');
    const team = await ctx.request('DELETE', TEAM_CACHE_PATH, { as: owner });
    assert.deepEqual(team.body, { deleted: 2 });
    assert.equal((await send(key, body())).headers.get('x-gateway-cache-status'), 'miss');
    // The audit log says who cleared how many.
    const audited = await ctx.db.query<{ action: string; actor_id: string; before: { cached_answers: number } }>(
      `SELECT action, actor_id, before FROM audit_log WHERE action LIKE '%.cache_cleared' ORDER BY id`,
    );
    assert.deepEqual(audited, [
      { action: 'api_key.cache_cleared', actor_id: member.id, before: { cached_answers: 1 } },
      { action: 'team.cache_cleared', actor_id: owner.id, before: { cached_answers: 2 } },
    ]);
  });
});
