import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { adminModelRoutePath, apiKeyCachePath } from '../../contract/apiPaths';
import { SEMANTIC_MODEL_RULE, SEMANTIC_THRESHOLD_RULE } from '../../contract/schemas/routing';
import { answer } from './fakeUpstream';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * A route's semantic cache through HTTP (docs/gateway.md#semantic-cache, issue 39): after an exact miss, a single-turn
 * prompt is embedded as the request's key (billed as its embeddings) and served the answer of a prompt that meant the
 * same, within the same key's (or team's) answers, the same route and the same rest of the body; off unless the route
 * turns it on.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let admin: TestUser;
let teamId: string;
let key: string;
let routePath: string;
const ROUTE = 'team/semantic';
const EMBEDDER = 'openai/embedder';

/** A bag of words: prompts with the same words, whatever their case and punctuation, embed the same. */
function wordsVector(text: string): number[] {
  const vector = new Array<number>(256).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    vector[createHash('sha256').update(word).digest().readUInt8(0)] += 1;
  }
  return vector;
}

function embeddingProvider(request: { path: string; body: Record<string, unknown> }, res: http.ServerResponse) {
  if (!request.path.endsWith('/embeddings')) return answer(ctx.upstream, request.path, res, request.body);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: wordsVector(request.body.input as string) }],
      model: request.body.model,
      usage: { prompt_tokens: 4, total_tokens: 4 },
    }),
  );
}

beforeEach(async () => {
  await ctx.reset();
  ctx.upstream.handler = embeddingProvider;
  owner = await ctx.user('owner');
  admin = await ctx.user('admin');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 10_000);
  // An answer of 10 + 5 tokens costs 6 cents; an embedding of 4 tokens at $2,500 per million costs 1 cent.
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 1_000, completion: 10_000 });
  await ctx.tier({ provider: 'openai', model: 'embedder', prompt: 2_500, completion: 0 });
  key = await ctx.key(owner);
  await ctx.route(ROUTE, [{ model: 'metered' }]);
  const [{ id }] = await ctx.db.query<{ id: string }>('SELECT id FROM model_routes WHERE name = $1', [ROUTE]);
  routePath = adminModelRoutePath(id);
  const on = await ctx.request('PUT', routePath, {
    as: admin,
    body: { cache_enabled: true, semantic_cache_model: EMBEDDER, semantic_cache_threshold: 0.95 },
  });
  assert.equal(on.status, 200, on.text);
});

const chatCalls = () => ctx.upstream.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
const embeddingCalls = () => ctx.upstream.requests.filter((r) => r.path.endsWith('/embeddings')).length;
const ask = (content: string, extra: object = {}) => ({
  model: ROUTE,
  messages: [
    { role: 'system', content: 'Answer briefly.' },
    { role: 'user', content },
  ],
  max_tokens: 5,
  ...extra,
});

async function send(sentKey: string, sent: object) {
  const res = await ctx.chat(sentKey, sent, {});
  const text = await res.text();
  await ctx.app.gateway.settled();
  return { status: res.status, headers: res.headers, text, status_: res.headers.get('x-gateway-cache-status') };
}

describe('semantic cache', () => {
  test('a prompt that means the same is served the stored answer; its embedding is billed as embeddings', async () => {
    const first = await send(key, ask('What is two plus two?'));
    assert.equal(first.status, 200);
    assert.equal(first.status_, 'miss');
    const second = await send(key, ask('what is TWO plus two'));
    assert.equal(second.status, 200, second.text);
    assert.equal(second.status_, 'hit');
    assert.equal(second.headers.get('x-gateway-cache-similarity'), '1.0000');
    assert.equal(second.headers.get('x-gateway-cached-request-id'), first.headers.get('x-request-id'));
    assert.equal(second.text, first.text);
    assert.equal(chatCalls(), 1);
    assert.equal(embeddingCalls(), 2);
    // The request log: the answer (6 cents), two embeddings (1 cent each), the hit (free, saved 6).
    const rows = await ctx.db.query<{ endpoint: string; cost_cents: number; cached_from: string | null }>(
      'SELECT endpoint, cost_cents, cached_from FROM usage_events WHERE team_id = $1 ORDER BY id',
      [teamId],
    );
    assert.deepEqual(
      rows.map((row) => [row.endpoint, row.cost_cents, row.cached_from !== null]),
      [
        ['embeddings', 1, false],
        ['chat.completions', 6, false],
        ['embeddings', 1, false],
        ['chat.completions', 0, true],
      ],
    );
  });

  test('below the similarity, with another system prompt, another key or team, or a conversation: a miss', async () => {
    await send(key, ask('What is two plus two?'));
    // "two plus three" shares most words: about 0.85 similar, under 0.95.
    assert.equal((await send(key, ask('What is two plus three?'))).status_, 'miss');
    const otherSystem = ask('What is two plus two?');
    otherSystem.messages[0].content = 'Answer at length.';
    assert.equal((await send(key, otherSystem)).status_, 'miss');
    assert.equal((await send(await ctx.key(owner, 'second'), ask('what is two plus two'))).status_, 'miss');
    const stranger = await ctx.user('stranger');
    const strangers = await ctx.team(stranger, 'Other', 0);
    await ctx.topUp(strangers, 10_000);
    assert.equal((await send(await ctx.key(stranger), ask('what is two plus two'))).status_, 'miss');
    const embedded = embeddingCalls();
    // Two user turns: not single-turn, so not embedded; looked up exactly only.
    const conversation = ask('what is two plus two', {
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi' },
        { role: 'user', content: 'what is two plus two' },
      ],
    });
    assert.equal((await send(key, conversation)).status_, 'miss');
    assert.equal(embeddingCalls(), embedded);
    assert.equal(chatCalls(), 6);
  });

  test('a conversation is compared only where the route allows it, and then only with identical earlier turns', async () => {
    const conversation = (last: string, first = 'Hello') =>
      ask(last, {
        messages: [
          { role: 'user', content: first },
          { role: 'assistant', content: 'Hi' },
          { role: 'user', content: last },
        ],
      });
    const allowed = await ctx.request('PUT', routePath, { as: admin, body: { semantic_cache_conversations: true } });
    assert.equal(allowed.status, 200, allowed.text);
    assert.equal(allowed.body.semantic_cache_conversations, true);
    assert.equal((await send(key, conversation('What is two plus two?'))).status_, 'miss');
    assert.equal((await send(key, conversation('what is two plus two'))).status_, 'hit');
    // The same last words after another first turn: another conversation.
    assert.equal((await send(key, conversation('what is two plus two', 'Good morning'))).status_, 'miss');
    assert.equal(chatCalls(), 2);
  });

  test('off unless the route turns it on; a prompt that cannot be embedded is a plain miss', async () => {
    const off = await ctx.request('PUT', routePath, { as: admin, body: { semantic_cache_model: null } });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.semantic_cache_model, null);
    await send(key, ask('What is two plus two?'));
    assert.equal((await send(key, ask('what is two plus two'))).status_, 'miss');
    assert.equal(embeddingCalls(), 0);
    // An embedding model the gateway does not know: the request is answered, as a miss.
    await ctx.request('PUT', routePath, { as: admin, body: { semantic_cache_model: 'nowhere/embedder' } });
    const unknown = await send(key, ask('what is two plus two?'));
    assert.equal(unknown.status, 200);
    assert.equal(unknown.status_, 'miss');
  });

  test("a purge forgets the key's prompts too; bad settings are refused with what to fix", async () => {
    await send(key, ask('What is two plus two?'));
    const [{ id: keyId }] = await ctx.db.query<{ id: string }>('SELECT id FROM api_keys WHERE team_id = $1', [teamId]);
    const purged = await ctx.request('DELETE', apiKeyCachePath(keyId), { as: owner });
    assert.deepEqual(purged.body, { deleted: 1 });
    const [{ count }] = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM semantic_cache');
    assert.equal(count, 0);
    assert.equal((await send(key, ask('what is two plus two'))).status_, 'miss');

    for (const [body, message] of [
      [{ semantic_cache_threshold: 0.3 }, SEMANTIC_THRESHOLD_RULE],
      [{ semantic_cache_threshold: 1.5 }, SEMANTIC_THRESHOLD_RULE],
      [{ semantic_cache_model: '  ' }, SEMANTIC_MODEL_RULE],
    ] as const) {
      const bad = await ctx.request('PUT', routePath, { as: admin, body });
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.match(bad.text, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    // Nothing of a refused edit was kept.
    const [route] = await ctx.db.query<{ semantic_cache_model: string; semantic_cache_threshold: number }>(
      'SELECT semantic_cache_model, semantic_cache_threshold FROM model_routes WHERE name = $1',
      [ROUTE],
    );
    assert.deepEqual(route, { semantic_cache_model: EMBEDDER, semantic_cache_threshold: 0.95 });
  });
});
