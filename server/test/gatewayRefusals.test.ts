import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { APIError } from 'openai';
import type { OpenAiErrorBody } from '../formats/gatewayError';
import { recordUsage } from '../credit/writeBills';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_MAX: '1000',
    GATEWAY_RATE_LIMIT_PER_MINUTE: '30',
  });
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
let key: string;
const hello = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 500);
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10 });
  key = await ctx.key(owner);
});

async function refused(res: globalThis.Response, status: number, code: string, param: string | null = null) {
  const body = (await res.json()) as OpenAiErrorBody;
  assert.equal(res.status, status, JSON.stringify(body));
  assert.equal(body.error.code, code);
  assert.equal(body.error.param, param, JSON.stringify(body));
  assert.equal(typeof body.error.type, 'string');
  assert.ok(body.error.message.length > 10);
  return body.error;
}

/** Nothing reached the provider, nothing was billed, nothing stays reserved. */
async function nothingHappened() {
  await ctx.app.gateway.settled();
  assert.equal(ctx.upstream.requests.length, 0);
  const [row] = await ctx.db.query<{ events: number; reserved: number; held: number }>(
    `SELECT (SELECT count(*) FROM usage_events) AS events, (SELECT sum(reserved_cents) FROM teams) AS reserved,
            (SELECT count(*) FROM gateway_reservations) AS held`,
  );
  assert.deepEqual(row, { events: 0, reserved: 0, held: 0 });
}

describe('refusals, in OpenAI error format', () => {
  test('401 invalid_api_key: missing, malformed, unknown, inactive, revoked, or its creator left the team', async () => {
    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const inactive = await ctx.key(owner, 'inactive');
    const revoked = await ctx.key(owner, 'revoked');
    const leaver = await ctx.key(member, 'leaver');
    await ctx.db.query(`UPDATE api_keys SET is_active = false WHERE name = 'inactive'`);
    const [{ id: revokedId }] = await ctx.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE name = 'revoked'`);
    assert.equal((await ctx.request('DELETE', `/v1/api-keys/${revokedId}`, { as: owner })).status, 200);
    assert.equal((await ctx.chat(leaver, hello)).status, 200);
    await ctx.request('DELETE', `/v1/teams/members/${member.id}`, { as: owner });
    ctx.upstream.reset();

    await refused(await ctx.chat(null, hello), 401, 'invalid_api_key');
    await refused(await ctx.chat(null, hello, { authorization: `Basic ${key}` }), 401, 'invalid_api_key');
    for (const bad of ['sk-unknown', inactive, revoked, leaver]) {
      await refused(await ctx.chat(bad, hello), 401, 'invalid_api_key');
    }
    // An unknown model does not reveal itself to an invalid key.
    await refused(await ctx.chat('sk-unknown', { ...hello, model: 'nope' }), 401, 'invalid_api_key');
    await ctx.app.gateway.settled();
    assert.equal(ctx.upstream.requests.length, 0);
  });

  test("401 key_owner_disabled: a disabled creator's key is told why, on a call and on the model list", async () => {
    await ctx.db.query('UPDATE users SET disabled_at = now() WHERE id = $1', [owner.id]);
    const error = await refused(await ctx.chat(key, hello), 401, 'key_owner_disabled');
    assert.match(error.message, /creator has been disabled by an administrator/);
    const list = await ctx.request('GET', '/v1/models', { headers: { authorization: `Bearer ${key}` } });
    assert.equal(list.status, 401, list.text);
    assert.equal((list.body as OpenAiErrorBody).error.code, 'key_owner_disabled');
    await nothingHappened();
  });

  test("a bad key is told the header its door's clients send: Bearer, x-api-key, x-goog-api-key", async () => {
    const openai = (await (await ctx.chat('sk-unknown', hello)).json()) as OpenAiErrorBody;
    assert.match(openai.error.message, /"Authorization: Bearer sk-\.\.\."/);
    const messages = { model: 'gpt-4o', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };
    const anthropic = await ctx.post('/v1/messages', messages, { 'x-api-key': 'sk-unknown' });
    assert.equal(anthropic.status, 401);
    const anthropicBody = (await anthropic.json()) as { error: { message: string } };
    assert.match(anthropicBody.error.message, /"x-api-key: sk-\.\.\."/);
    const contents = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const google = await ctx.post('/v1beta/models/gpt-4o:generateContent', contents, {
      'x-goog-api-key': 'sk-unknown',
    });
    assert.equal(google.status, 401);
    const googleBody = (await google.json()) as { error: { message: string } };
    assert.match(googleBody.error.message, /"x-goog-api-key: sk-\.\.\."/);
  });

  test('402 insufficient_credits at a zero or negative balance', async () => {
    await ctx.topUp(teamId, -500);
    await refused(await ctx.chat(key, hello), 402, 'insufficient_credits');
    await ctx.topUp(teamId, -1);
    const error = await refused(await ctx.chat(key, hello), 402, 'insufficient_credits');
    assert.match(error.message, /Billing page/);
    await nothingHappened();
  });

  test('429 budget_exceeded once month-to-date cost reaches the budget; no limit at 0', async () => {
    await ctx.db.query('UPDATE teams SET budget_limit_cents = 300 WHERE id = $1', [teamId]);
    await recordUsage(ctx.db, {
      teamId,
      userId: owner.id,
      apiKeyId: null,
      model: 'gpt-4o',
      provider: 'openai',
      promptTokens: 1,
      completionTokens: 1,
      costCents: 299,
      latencyMs: 1,
    });
    await ctx.topUp(teamId, 10_000);
    assert.equal((await ctx.chat(key, hello)).status, 200);
    await ctx.app.gateway.settled();
    await ctx.db.query('UPDATE teams SET budget_limit_cents = 299 WHERE id = $1', [teamId]);
    const error = await refused(await ctx.chat(key, hello), 429, 'budget_exceeded');
    assert.match(error.message, /\$2\.99/);
    await ctx.db.query('UPDATE teams SET budget_limit_cents = 0 WHERE id = $1', [teamId]);
    assert.equal((await ctx.chat(key, hello)).status, 200);
  });

  test('404 model_not_found: unknown model, provider without a key, tier expired or not yet active', async () => {
    await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 3, completion: 15 });
    await ctx.tier({ provider: 'openai', model: 'gpt-old', prompt: 1, completion: 1, effective: -7200, expiry: -1 });
    await ctx.tier({ provider: 'openai', model: 'gpt-next', prompt: 1, completion: 1, effective: 3600 });
    for (const model of [
      'no-such-model',
      'anthropic/claude-sonnet-4',
      'claude-sonnet-4',
      'gpt-old',
      'openai/gpt-next',
    ]) {
      const error = await refused(await ctx.chat(key, { ...hello, model }), 404, 'model_not_found', 'model');
      assert.match(error.message, new RegExp(model.replace('/', '\\/')));
      // A priced model whose provider has no key here says so, and what an administrator sets.
      const unconfigured = model.includes('claude');
      assert.equal(/its provider \(anthropic\) is not set up/.test(error.message), unconfigured, error.message);
      if (unconfigured) assert.match(error.message, /ANTHROPIC_API_KEY, or a stored credential on Admin → Routing/);
    }
    // The SDK hands `param` on, so a program can tell which field to fix.
    const sdkError = await ctx
      .client(key)
      .chat.completions.create({ ...hello, model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    assert.ok(sdkError instanceof APIError);
    assert.equal(sdkError.status, 404);
    assert.equal(sdkError.param, 'model');
    assert.match(sdkError.message, /^404 The model "no-such-model" is not offered by this gateway/);
    await nothingHappened();
  });

  test('400 invalid_request_error for bodies the gateway cannot use, naming the field in param', async () => {
    const cases: [unknown, RegExp, string | null][] = [
      ['{"model": ', /not valid JSON/, null],
      ['[]', /body must be a JSON object/, null],
      [{ messages: [{ role: 'user', content: 'hi' }] }, /model must be a model name/, 'model'],
      [{ ...hello, model: '' }, /model must be a model name/, 'model'],
      [{ model: 'gpt-4o' }, /messages must be a non-empty array/, 'messages'],
      [{ model: 'gpt-4o', messages: [] }, /messages must be a non-empty array/, 'messages'],
      [{ model: 'gpt-4o', messages: [{ role: 'user' }, { content: 'no role' }] }, /role/, 'messages[1].role'],
      [{ ...hello, stream: 'yes' }, /stream must be true or false/, 'stream'],
      [{ ...hello, stream_options: 'usage' }, /stream_options/, 'stream_options'],
      [{ ...hello, max_tokens: 0 }, /max_tokens must be an integer/, 'max_tokens'],
      [{ ...hello, n: 1.5 }, /n must be an integer/, 'n'],
    ];
    for (const [body, message, param] of cases) {
      const error = await refused(await ctx.chat(key, body), 400, 'invalid_request_error', param);
      assert.match(error.message, message, JSON.stringify(body));
      assert.equal(error.type, 'invalid_request_error');
    }
    const form = await ctx.chat(key, 'model=gpt-4o', { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(form.status, 415);
    assert.equal(((await form.json()) as OpenAiErrorBody).error.type, 'invalid_request_error');
    await nothingHappened();
  });

  test('429 rate_limit_exceeded per API key, not per client', async () => {
    const other = await ctx.key(owner, 'other');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await ctx.chat(key, hello)).status);
    assert.deepEqual(statuses, Array(30).fill(200));
    await refused(await ctx.chat(key, hello), 429, 'rate_limit_exceeded');
    assert.equal((await ctx.chat(other, hello)).status, 200);
  });

  test('token counts draw on the same per-key limit (they are never billed, so it is what bounds them)', async () => {
    const count = (apiKey: string) =>
      fetch(`${ctx.origin}/v1/responses/input_tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ model: 'gpt-4o', input: 'Count me.' }),
      });
    for (let i = 0; i < 29; i++) assert.equal((await count(key)).status, 200);
    assert.equal((await ctx.chat(key, hello)).status, 200);
    await refused(await count(key), 429, 'rate_limit_exceeded');
  });
});
