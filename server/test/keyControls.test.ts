import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { OpenAiErrorBody } from '../formats/gatewayError';
import { readableUtc } from '../gateway/errors';
import type { ApiKey, ApiKeyCreateBody, CreatedApiKey } from '../../contract/schemas/apiKeys';
import { sendJson } from './fakeUpstream';
import type { TestUser } from './helpers';
import { allAtOnce, createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;

/** A prompt token is free and a completion token costs 1 cent: with max_tokens 5 a request holds 5 cents. */
const WORST = 5;
const call = (model = 'openai/metered') => ({
  model,
  messages: [{ role: 'user', content: 'go' }],
  max_tokens: WORST,
});

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 100_000);
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 0, completion: 10_000 });
  // Every answer costs exactly the worst case.
  ctx.upstream.usage = { prompt_tokens: 10, completion_tokens: WORST };
});

async function keyWith(user: TestUser, controls: Partial<ApiKeyCreateBody> = {}): Promise<CreatedApiKey> {
  const res = await ctx.request('POST', '/v1/api-keys/', { as: user, body: { name: 'limited', ...controls } });
  assert.equal(res.status, 201, res.text);
  return res.body as CreatedApiKey;
}

async function send(key: string, model?: string) {
  const res = await ctx.chat(key, call(model));
  const body = (await res.json()) as OpenAiErrorBody;
  await ctx.app.gateway.settled();
  return { status: res.status, code: res.status === 200 ? null : body.error.code, body, headers: res.headers };
}

async function counters(keyId: string) {
  const [row] = await ctx.db.query<{
    reserved_cents: number;
    period_spend_cents: number;
    rate_requests: number;
    rate_tokens: number;
  }>('SELECT reserved_cents, period_spend_cents, rate_requests, rate_tokens FROM api_keys WHERE id = $1', [keyId]);
  return row;
}

async function listed(keyId: string, as = owner) {
  const res = await ctx.request('GET', '/v1/api-keys/', { as });
  return (res.body as CreatedApiKey[]).find((key) => key.id === keyId)!;
}

describe('spending limit', () => {
  test('a request whose worst case would pass the limit is refused with 429 key_budget_exceeded, saying what is left', async () => {
    const key = await keyWith(owner, { spend_limit_cents: 12, limit_period: 'daily' });
    for (let i = 0; i < 2; i++) assert.equal((await send(key.key)).status, 200);
    assert.equal((await listed(key.id)).period_spend_cents, 10);
    const before = await counters(key.id);
    const refused = await send(key.key);
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'key_budget_exceeded');
    assert.equal(refused.body.error.type, 'insufficient_quota');
    const tomorrow = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1),
    );
    assert.equal(
      refused.body.error.message,
      'This request may cost up to $0.05 (a prompt of up to 10 tokens and up to 5 output tokens); this key has ' +
        `$0.02 left of its $0.12 limit today (it resets ${readableUtc(tomorrow)}). Send a smaller prompt or a ` +
        'lower max_tokens (at most 2 would fit).',
    );
    // A refusal changes no counter.
    assert.deepEqual(await counters(key.id), before);
    assert.equal(ctx.upstream.requests.length, 2);
    // What fits is admitted: the limit is spent to the cent, never past it.
    ctx.upstream.usage = { prompt_tokens: 10, completion_tokens: 2 };
    const exact = await ctx.chat(key.key, { ...call(), max_tokens: 2 });
    assert.equal(exact.status, 200);
    await ctx.app.gateway.settled();
    assert.equal((await listed(key.id)).period_spend_cents, 12);
    const spent = await send(key.key);
    assert.match(spent.body.error.message, /has reached its spending limit of \$0\.12/);
  });

  test('a limit only held by a call in flight is said to be held, not reached, and admits again once it settles', async () => {
    // Above the least hold of a call without an output cap (256 output tokens, $2.56).
    const key = await keyWith(owner, { spend_limit_cents: 300, limit_period: 'monthly' });
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => {
      ctx.upstream.handler = (request, res) => {
        answer = () => sendJson(res, request.body.model, 'ok', { prompt_tokens: 10, completion_tokens: WORST });
        resolve();
      };
    });
    // No output cap: the call holds all the limit has (the gateway sends it one that this hold pays for).
    const uncapped = ctx.chat(key.key, { model: 'openai/metered', messages: [{ role: 'user', content: 'go' }] });
    await Promise.race([
      arrived,
      uncapped.then(async (res) => assert.fail(`answered before the provider was: ${res.status} ${await res.text()}`)),
    ]);
    assert.equal((await counters(key.id)).period_spend_cents, 0);
    // Not send(): it waits for every call to settle, this one's too.
    const refused = await ctx.chat(key.key, call());
    assert.equal(refused.status, 429);
    const { error } = (await refused.json()) as OpenAiErrorBody;
    assert.equal(error.code, 'key_budget_exceeded');
    assert.equal(
      error.message,
      "Requests still in flight hold $3.00 of this API key's spending limit of $3.00: all it has left. Retry when " +
        'they finish; what they do not spend is given back.',
    );
    answer();
    assert.equal((await uncapped).status, 200);
    await ctx.app.gateway.settled();
    ctx.upstream.handler = null;
    // The hold came back but for what the call cost: the next call is admitted.
    assert.equal((await send(key.key)).status, 200);
    assert.equal((await listed(key.id)).period_spend_cents, 2 * WORST);
  });

  for (const [period, back] of [
    ['daily', '1 day'],
    ['weekly', '7 days'],
    ['monthly', '1 month'],
  ] as const) {
    test(`a ${period} limit starts over on the period's boundary; a bill settled in the new period counts there`, async () => {
      const key = await keyWith(owner, { spend_limit_cents: 5, limit_period: period });
      assert.equal((await send(key.key)).status, 200);
      assert.equal((await send(key.key)).code, 'key_budget_exceeded');
      // The spend was recorded in the previous period: this period has spent nothing.
      await ctx.db.query(
        `UPDATE api_keys SET spend_period_start = key_period_start(limit_period, now() - interval '${back}')
         WHERE id = $1`,
        [key.id],
      );
      const shown = await listed(key.id);
      assert.equal(shown.period_spend_cents, 0);
      assert.ok(Date.parse(shown.period_resets_at!) > Date.now());
      assert.equal((await send(key.key)).status, 200);
      assert.equal((await listed(key.id)).period_spend_cents, 5);
      assert.equal((await send(key.key)).code, 'key_budget_exceeded');
    });
  }

  test("a 'none' limit never resets", async () => {
    const key = await keyWith(owner, { spend_limit_cents: 5 });
    assert.equal((await send(key.key)).status, 200);
    const refused = await send(key.key);
    assert.equal(refused.code, 'key_budget_exceeded');
    assert.match(refused.body.error.message, /does not reset/);
    assert.equal((await listed(key.id)).period_resets_at, null);
  });

  test(
    '100 concurrent requests against a key limit of $1.00 overdraw it by at most one worst case',
    { timeout: 60_000 },
    async () => {
      const key = await keyWith(owner, { spend_limit_cents: 100, limit_period: 'monthly' });
      const { results } = await allAtOnce(
        ctx,
        100,
        () => ctx.chat(key.key, call()),
        (request, res) => sendJson(res, request.body.model, 'ok', { prompt_tokens: 10, completion_tokens: WORST }),
      );
      // Admitted while spent + held + 5 <= 100: 0, 5, …, 95 held, so exactly 20, all billed 5 cents.
      assert.equal(results.filter((r) => r.status === 200).length, 20);
      assert.ok(
        results
          .filter((r) => r.status !== 200)
          .every((r) => r.status === 429 && r.body.error.code === 'key_budget_exceeded'),
      );
      const after = await counters(key.id);
      assert.equal(after.reserved_cents, 0);
      assert.ok(after.period_spend_cents <= 100, `overdrawn to ${after.period_spend_cents}`);
      assert.equal(after.period_spend_cents, 100);
      const [{ reserved }] = await ctx.db.query<{ reserved: number }>(
        `SELECT (SELECT reserved_cents FROM teams WHERE id = $1) + (SELECT sum(reserved_cents) FROM team_members
                 WHERE team_id = $1) AS reserved`,
        [teamId],
      );
      assert.equal(reserved, 0);
    },
  );
});

describe('rate limits', () => {
  test('rpm_limit requests are admitted in a minute, the next is 429 with retry-after, the next minute admits again', async () => {
    const key = await keyWith(owner, { rpm_limit: 3 });
    for (let i = 0; i < 3; i++) assert.equal((await send(key.key)).status, 200);
    const refused = await send(key.key);
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'rate_limit_exceeded');
    assert.equal(refused.body.error.type, 'rate_limit_error');
    assert.match(refused.body.error.message, /3 requests per minute/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `retry-after ${retryAfter}`);
    assert.equal((await counters(key.id)).rate_requests, 3);
    // The window belongs to the minute before: this minute starts from zero.
    await ctx.db.query(`UPDATE api_keys SET rate_minute = rate_minute - interval '1 minute' WHERE id = $1`, [key.id]);
    assert.equal((await send(key.key)).status, 200);
    assert.equal((await counters(key.id)).rate_requests, 1);
  });

  test('tokens per minute count the hold (prompt bound + max output), then the real tokens once billed', async () => {
    const key = await keyWith(owner);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      ctx.upstream.handler = (request, res) => {
        answer = () => sendJson(res, request.body.model, 'ok', { prompt_tokens: 10, completion_tokens: WORST });
        resolve();
      };
    });
    const pending = ctx.chat(key.key, call());
    await answered;
    const hold = (await counters(key.id)).rate_tokens;
    assert.ok(hold >= WORST + 2, `hold ${hold}`);
    answer();
    assert.equal((await pending).status, 200);
    await ctx.app.gateway.settled();
    assert.equal((await counters(key.id)).rate_tokens, 10 + WORST);
    ctx.upstream.handler = null;

    // The next request is admitted while the minute's tokens plus its hold stay within the limit, and not past it.
    await ctx.db.query('UPDATE api_keys SET tpm_limit = $2 WHERE id = $1', [key.id, 10 + WORST + hold - 1]);
    const refused = await send(key.key);
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'rate_limit_exceeded');
    assert.match(refused.body.error.message, /tokens per minute/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    await ctx.db.query('UPDATE api_keys SET tpm_limit = $2 WHERE id = $1', [key.id, 10 + WORST + hold]);
    assert.equal((await send(key.key)).status, 200);
  });
});

describe('expiry and allow-lists', () => {
  test('an expired key gets 401 key_expired, on calls and on the model list', async () => {
    const key = await keyWith(owner, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    assert.equal((await send(key.key)).status, 200);
    await ctx.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [key.id]);
    const refused = await send(key.key);
    assert.equal(refused.status, 401);
    assert.equal(refused.code, 'key_expired');
    const models = await fetch(`${ctx.origin}/v1/models`, { headers: { authorization: `Bearer ${key.key}` } });
    assert.equal(models.status, 401);
    assert.equal(((await models.json()) as OpenAiErrorBody).error.code, 'key_expired');
  });

  test('an allow-list admits the models and routes it names (by provider/model or bare name) and lists only them', async () => {
    await ctx.tier({ provider: 'openai', model: 'other', prompt: 0, completion: 10_000 });
    await ctx.route('team/smart', [{ model: 'metered' }]);
    const key = await keyWith(owner, { allowed_models: [' openai/metered ', 'team/smart', 'openai/metered'] });
    assert.deepEqual(key.allowed_models, ['openai/metered', 'team/smart']);
    assert.equal((await send(key.key, 'openai/metered')).status, 200);
    assert.equal((await send(key.key, 'metered')).status, 200);
    assert.equal((await send(key.key, 'team/smart')).status, 200);
    const refused = await send(key.key, 'openai/other');
    assert.equal(refused.status, 403);
    assert.equal(refused.code, 'model_not_allowed');
    assert.equal(refused.body.error.param, 'model');
    assert.match(refused.body.error.message, /allow-list does not include "openai\/other"/);
    assert.doesNotMatch(refused.body.error.message, /team\/smart|openai\/metered/);

    const res = await fetch(`${ctx.origin}/v1/models`, { headers: { authorization: `Bearer ${key.key}` } });
    const ids = ((await res.json()) as { data: { id: string }[] }).data.map((model) => model.id);
    assert.deepEqual(ids, ['openai/metered', 'team/smart']);
    const open = await keyWith(owner);
    const all = await fetch(`${ctx.origin}/v1/models`, { headers: { authorization: `Bearer ${open.key}` } });
    assert.ok(((await all.json()) as { data: { id: string }[] }).data.some((model) => model.id === 'openai/other'));
  });

  test('the Anthropic route answers the same refusals in its own envelope', async () => {
    const key = await keyWith(owner, { allowed_models: ['openai/other'] });
    const res = await fetch(`${ctx.origin}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key.key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'openai/metered', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    });
    assert.equal(res.status, 403);
    const body = (await res.json()) as { type: string; error: { type: string; message: string } };
    assert.equal(body.error.type, 'permission_error');
  });
});

describe('member caps', () => {
  test("a member's keys together stay under the monthly cap; the owner's keys are not affected", async () => {
    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const capped = await ctx.request('PATCH', `/v1/teams/members/${member.id}/cap`, {
      as: owner,
      body: { monthly_cap_cents: 10 },
    });
    assert.equal(capped.status, 200, capped.text);
    const first = await keyWith(member);
    const second = await keyWith(member);
    assert.equal((await send(first.key)).status, 200);
    assert.equal((await send(second.key)).status, 200);
    const refused = await send(first.key);
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'member_budget_exceeded');
    assert.match(refused.body.error.message, /\$0\.10/);
    assert.equal((await send(second.key)).code, 'member_budget_exceeded');
    assert.equal((await send((await keyWith(owner)).key)).status, 200);

    const members = await ctx.request('GET', '/v1/teams/members', { as: owner });
    const row = (members.body as { id: string; monthly_cap_cents: number; month_spend_cents: number }[]).find(
      (m) => m.id === member.id,
    )!;
    assert.deepEqual([row.monthly_cap_cents, row.month_spend_cents], [10, 10]);
    const now = new Date();
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    const dashboard = await ctx.request('GET', '/v1/teams/dashboard', { as: member });
    assert.deepEqual(dashboard.body.my_cap, { monthly_cap_cents: 10, month_spend_cents: 10, resets_at: monthEnd });
    assert.equal((await ctx.request('GET', '/v1/teams/dashboard', { as: owner })).body.my_cap, null, 'no cap set');
    const [{ reserved }] = await ctx.db.query<{ reserved: number }>(
      'SELECT reserved_cents AS reserved FROM team_members WHERE user_id = $1',
      [member.id],
    );
    assert.equal(reserved, 0);
  });
});

describe("the keys list says why the gateway refuses a key's calls (blocked_by, blocked_until)", () => {
  const blockOf = async (as: TestUser, keyId: string) => {
    const keys = (await ctx.request('GET', '/v1/api-keys/', { as })).body as ApiKey[];
    const key = keys.find((candidate) => candidate.id === keyId)!;
    return [key.blocked_by, key.blocked_until];
  };
  const monthEnd = () => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  };

  test('each reason as the gateway checks it, with the refusal it answers and when it lifts', async () => {
    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const plain = await keyWith(member);
    assert.deepEqual(await blockOf(member, plain.id), [null, null]);

    const limited = await keyWith(member, { spend_limit_cents: WORST, limit_period: 'monthly' });
    assert.equal((await send(limited.key)).status, 200);
    assert.equal((await send(limited.key)).code, 'key_budget_exceeded');
    assert.deepEqual(await blockOf(member, limited.id), ['key_budget_exceeded', monthEnd()]);
    assert.deepEqual(await blockOf(member, plain.id), [null, null], 'the member has no cap yet');

    const capped = await ctx.request('PATCH', `/v1/teams/members/${member.id}/cap`, {
      as: owner,
      body: { monthly_cap_cents: WORST },
    });
    assert.equal(capped.status, 200);
    assert.equal((await send(plain.key)).code, 'member_budget_exceeded');
    assert.deepEqual(await blockOf(member, plain.id), ['member_budget_exceeded', monthEnd()]);
    assert.deepEqual(await blockOf(owner, limited.id), ['key_budget_exceeded', monthEnd()], 'its own limit first');

    const ownerKey = await keyWith(owner);
    assert.deepEqual(await blockOf(owner, ownerKey.id), [null, null]);
    const budget = await ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit: WORST / 100 } });
    assert.equal(budget.status, 200);
    assert.equal((await send(ownerKey.key)).code, 'budget_exceeded');
    assert.deepEqual(await blockOf(owner, ownerKey.id), ['budget_exceeded', monthEnd()]);

    await ctx.db.query('UPDATE teams SET credit_balance_cents = 0 WHERE id = $1', [teamId]);
    assert.equal((await send(ownerKey.key)).code, 'insufficient_credits');
    assert.deepEqual(await blockOf(owner, ownerKey.id), ['insufficient_credits', null]);

    await ctx.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [ownerKey.id]);
    assert.equal((await send(ownerKey.key)).code, 'key_expired');
    assert.deepEqual(await blockOf(owner, ownerKey.id), ['key_expired', null]);

    await ctx.db.query('UPDATE api_keys SET is_active = false WHERE id = $1', [ownerKey.id]);
    assert.deepEqual(await blockOf(owner, ownerKey.id), [null, null], 'an inactive key says Inactive, not why');
  });

  test('a create, an edit and a rotation answer the key with its block too', async () => {
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 0 WHERE id = $1', [teamId]);
    const created = await keyWith(owner);
    assert.equal(created.blocked_by, 'insufficient_credits');
    const edited = await ctx.request('PATCH', `/v1/api-keys/${created.id}`, { as: owner, body: { note: 'n' } });
    assert.equal(edited.body.blocked_by, 'insufficient_credits');
    const rotated = await ctx.request('POST', `/v1/api-keys/${created.id}/rotate`, {
      as: owner,
      body: { grace_seconds: 0 },
    });
    assert.equal(rotated.body.blocked_by, 'insufficient_credits');
  });
});
