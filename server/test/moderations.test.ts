import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { sendJson } from './fakeUpstream';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * The moderations door (docs/gateway.md#moderations), POST /v1/moderations in OpenAI's format: passed through to an
 * OpenAI-compatible deployment, answered by the echo provider in the demo, billed by its prompt's estimate (the reply
 * has no usage), refused for models whose provider has none, and its input validated.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic']);
});
after(() => ctx.close());

let teamId: string;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  const owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 10_000);
  // 20 dollars per 1M prompt tokens: 0.002 cents a token, so 1,000 tokens cost 2 cents.
  await ctx.tier({ provider: 'echo', model: 'moderation-1', prompt: 20, completion: 0 });
  await ctx.tier({ provider: 'openai', model: 'omni-moderation-latest', prompt: 20, completion: 0 });
  await ctx.tier({ provider: 'anthropic', model: 'claude-x', prompt: 1_000_000, completion: 1_000_000 });
  key = await ctx.key(owner);
});

const moderate = (body: object) => ctx.post('/v1/moderations', body, { authorization: `Bearer ${key}` });

async function lastRow() {
  await ctx.app.gateway.settled();
  const [row] = await ctx.db.query<{ endpoint: string; prompt_tokens: number; cost_cents: number; status: string }>(
    `SELECT endpoint, prompt_tokens, cost_cents::int AS cost_cents, status FROM usage_events
     WHERE team_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [teamId],
  );
  return row;
}

test('the echo provider flags what its demo words name, one result per input, in OpenAI’s shape; billed by the estimate', async () => {
  const text = 'I will attack the castle at dawn. '.repeat(120);
  const res = await moderate({ model: 'echo/moderation-1', input: [text, 'A quiet walk in the park.'] });
  const body = (await res.json()) as {
    id: string;
    model: string;
    results: { flagged: boolean; categories: Record<string, boolean>; category_scores: Record<string, number> }[];
  };
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.match(body.id, /^modr-/);
  assert.deepEqual(
    body.results.map((result) => [result.flagged, result.categories.violence]),
    [
      [true, true],
      [false, false],
    ],
  );
  const row = await lastRow();
  assert.equal(row.endpoint, 'moderations');
  assert.equal(row.status, 'success');
  // 4,080 + 25 characters at 4 a token (the estimate, as the reply counts nothing): 1,027 tokens, 2.054 cents.
  assert.equal(row.prompt_tokens, 1027);
  assert.equal(row.cost_cents, 2);
});

test('an OpenAI deployment gets the request as sent, with its model; the reply goes back unchanged', async () => {
  const reply = { id: 'modr-1', model: 'omni-moderation-latest', results: [{ flagged: false, categories: {} }] };
  ctx.upstream.handler = (request, res) => {
    if (!request.path.endsWith('/moderations'))
      return sendJson(res, 'x', 'wrong path', { prompt_tokens: 1, completion_tokens: 1 });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  };
  const input = [
    { type: 'text', text: 'a picture of a cat' },
    { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
  ];
  const res = await moderate({ model: 'openai/omni-moderation-latest', input });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), reply);
  assert.deepEqual(ctx.upstream.requests[0].body, { model: 'omni-moderation-latest', input });
});

test('a model without moderations, and bad input, are refused with 400 and nothing billed', async () => {
  const anthropic = await moderate({ model: 'anthropic/claude-x', input: 'hello' });
  assert.equal(anthropic.status, 400);
  assert.match(await anthropic.text(), /cannot answer moderations requests; they are offered by openai, echo models/);
  for (const body of [
    { input: 'no model' },
    { model: 'echo/moderation-1' },
    { model: 'echo/moderation-1', input: [] },
  ]) {
    const res = await moderate(body);
    assert.equal(res.status, 400, JSON.stringify(body));
  }
  await ctx.app.gateway.settled();
  const [{ n }] = await ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM usage_events WHERE team_id = $1 AND status = 'success'",
    [teamId],
  );
  assert.equal(n, 0);
});
