import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createSecretBox } from '../lib/secretBox';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { chunk, sendJson, sendStream, startStream, words } from './fakeUpstream';

/**
 * Model routes through the HTTP gateway against a fake provider that fails in scripted ways: fallback, retry,
 * cooldown, weighted balance, streams cut before and after their first byte, stored credentials, and the bill of
 * the deployment that answered (docs/gateway.md#model-routes).
 */
let ctx: GatewayTestContext;
let key: string;
let teamId: string;

interface EventRow {
  model: string;
  status: string;
  cost_cents: number;
  route_name: string | null;
  deployment_id: string | null;
  error_code: string | null;
  ttft_ms: number | null;
  endpoint: string;
}

async function events(): Promise<EventRow[]> {
  await ctx.app.gateway.settled();
  return ctx.db.query<EventRow>(
    `SELECT model, status, cost_cents, route_name, deployment_id, error_code, ttft_ms, endpoint
     FROM usage_events ORDER BY id`,
  );
}

/** The fake provider: `broken` answers `status`, everything else answers normally. */
function failModel(model: string, status: number, times = Infinity) {
  let failures = 0;
  ctx.upstream.handler = (request, res) => {
    const { body } = request;
    if (body.model === model && failures < times) {
      failures++;
      res.writeHead(status, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: `${model} is down`, type: 'server_error', code: 'down' } }));
    }
    if (body.stream) return sendStream(res, body.model, words(ctx.upstream.reply), ctx.upstream.usage);
    return sendJson(res, body.model, ctx.upstream.reply, ctx.upstream.usage);
  };
}

const ask = (model: string, extra: Record<string, unknown> = {}) =>
  ctx.chat(key, { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, ...extra });

before(async () => {
  ctx = await createGatewayContext({}, ['openai']);
});
after(() => ctx.close());

beforeEach(async () => {
  await ctx.reset();
  const owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 100_000);
  key = await ctx.key(owner);
  // Cheap and dear deployments, so the bill shows which one answered: 10 prompt + 5 completion tokens each.
  await ctx.tier({ provider: 'openai', model: 'broken', prompt: 100, completion: 100 });
  await ctx.tier({ provider: 'openai', model: 'good', prompt: 1_000, completion: 2_000 });
  await ctx.tier({ provider: 'openai', model: 'other', prompt: 1_000, completion: 2_000 });
});

describe('fallback and retry', () => {
  test('a 503 falls through to the next deployment; the answer is billed at the answering deployment`s prices', async () => {
    const [brokenId, goodId] = await ctx.route('team/smart', [
      { model: 'broken', rank: 1 },
      { model: 'good', rank: 2 },
    ]);
    failModel('broken', 503);
    const res = await ask('team/smart');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-deployment'), 'openai/good');
    assert.equal(res.headers.get('x-gateway-attempts'), '2');
    assert.equal(res.headers.get('x-gateway-route'), 'team/smart');
    assert.deepEqual(
      ctx.upstream.requests.map((r) => r.body.model),
      ['broken', 'good'],
    );
    const rows = await events();
    // 10 x $1,000/1M + 5 x $2,000/1M = 2 cents; the failed try is recorded at no cost.
    assert.deepEqual(
      rows.map((e) => [e.model, e.status, e.cost_cents, e.route_name, e.deployment_id, e.error_code]),
      [
        ['broken', 'error', 0, 'team/smart', brokenId, 'upstream_error'],
        ['good', 'success', 2, 'team/smart', goodId, null],
      ],
    );
    const [team] = await ctx.db.query<{ credit_balance_cents: number; reserved_cents: number }>(
      'SELECT credit_balance_cents, reserved_cents FROM teams WHERE id = $1',
      [teamId],
    );
    assert.deepEqual([Number(team.credit_balance_cents), Number(team.reserved_cents)], [100_000 - 2, 0]);
  });

  test('a JSON answer cut off midway is a failed try that falls through, never half an answer', async () => {
    const [brokenId, goodId] = await ctx.route('team/cut', [
      { model: 'broken', rank: 1 },
      { model: 'good', rank: 2 },
    ]);
    ctx.upstream.handler = (request, res) => {
      if (request.body.model === 'good') return sendJson(res, 'good', ctx.upstream.reply, ctx.upstream.usage);
      // The status and half the body, then the connection drops.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"chatcmpl-cut","choices":[');
      setTimeout(() => res.destroy(), 10);
    };
    const res = await ask('team/cut');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-deployment'), 'openai/good');
    assert.equal(((await res.json()) as { model: string }).model, 'good');
    assert.deepEqual(
      (await events()).map((e) => [e.deployment_id, e.status, e.cost_cents, e.error_code]),
      [
        [brokenId, 'error', 0, 'upstream_error'],
        [goodId, 'success', 2, null],
      ],
    );
  });

  test('a retryable failure is retried on the same deployment first, up to max_retries', async () => {
    await ctx.route('team/retry', [{ model: 'good' }, { model: 'other', rank: 2 }], { maxRetries: 2, backoffMs: 1 });
    failModel('good', 429, 2);
    const res = await ask('team/retry');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-attempts'), '3');
    assert.deepEqual(
      ctx.upstream.requests.map((r) => r.body.model),
      ['good', 'good', 'good'],
    );
    assert.deepEqual(
      (await events()).map((e) => [e.model, e.status, e.error_code]),
      [
        ['good', 'error', 'upstream_rate_limited'],
        ['good', 'error', 'upstream_rate_limited'],
        ['good', 'success', null],
      ],
    );
  });

  test('the request`s own fault (400) is the client`s answer at once: no retry, no fallback', async () => {
    await ctx.route('team/strict', [{ model: 'broken' }, { model: 'good', rank: 2 }], { maxRetries: 2 });
    failModel('broken', 400);
    const res = await ask('team/strict');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: { message: string } }).error.message, 'broken is down');
    assert.equal(ctx.upstream.requests.length, 1);
    assert.deepEqual(
      (await events()).map((e) => [e.status, e.cost_cents]),
      [['error', 0]],
    );
  });

  test('when every deployment fails, the last failure is the answer and nothing is billed', async () => {
    await ctx.route('team/down', [{ model: 'broken' }, { model: 'good', rank: 2 }]);
    failModel('broken', 500);
    const handler = ctx.upstream.handler!;
    ctx.upstream.handler = (request, res) => {
      if (request.body.model === 'good') {
        res.writeHead(502);
        return res.end('bad gateway');
      }
      return handler(request, res);
    };
    const res = await ask('team/down');
    assert.equal(res.status, 502);
    const rows = await events();
    assert.deepEqual(
      rows.map((e) => [e.model, e.status, e.cost_cents]),
      [
        ['broken', 'error', 0],
        ['good', 'error', 0],
      ],
    );
    const [team] = await ctx.db.query<{ credit_balance_cents: number; reserved_cents: number }>(
      'SELECT credit_balance_cents, reserved_cents FROM teams WHERE id = $1',
      [teamId],
    );
    assert.deepEqual([Number(team.credit_balance_cents), Number(team.reserved_cents)], [100_000, 0]);
  });

  test('a provider that does not answer in time is a retryable failure', async () => {
    const slow = await createGatewayContext({ GATEWAY_UPSTREAM_TIMEOUT_MS: '300' }, ['openai']);
    try {
      const owner = await slow.user('slow-owner');
      const team = await slow.team(owner, 'Slow', 0);
      await slow.topUp(team, 10_000);
      const slowKey = await slow.key(owner);
      await slow.tier({ provider: 'openai', model: 'hangs', prompt: 1, completion: 1 });
      await slow.tier({ provider: 'openai', model: 'good', prompt: 1, completion: 1 });
      await slow.route('team/slow', [{ model: 'hangs' }, { model: 'good', rank: 2 }]);
      slow.upstream.handler = (request, res) => {
        if (request.body.model === 'hangs') return; // never answers
        sendJson(res, request.body.model, 'fast', slow.upstream.usage);
      };
      const res = await slow.chat(slowKey, { model: 'team/slow', messages: [{ role: 'user', content: 'hi' }] });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-gateway-deployment'), 'openai/good');
      await slow.app.gateway.settled();
      const rows = await slow.db.query<EventRow>('SELECT model, status, error_code FROM usage_events ORDER BY id');
      assert.deepEqual(
        rows.map((e) => [e.model, e.status, e.error_code]),
        [
          ['hangs', 'error', 'upstream_timeout'],
          ['good', 'success', null],
        ],
      );
    } finally {
      await slow.close();
    }
  });
});

describe('streams', () => {
  test('a stream that breaks before its first byte falls back; the client sees one clean stream', async () => {
    await ctx.route('team/stream', [{ model: 'broken' }, { model: 'good', rank: 2 }]);
    ctx.upstream.handler = (request, res) => {
      if (request.body.model === 'broken') {
        startStream(res);
        res.flushHeaders();
        setTimeout(() => res.destroy(), 20);
        return;
      }
      sendStream(res, request.body.model, words('all good'), ctx.upstream.usage);
    };
    const res = await ask('team/stream', { stream: true });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /all/);
    assert.ok(text.endsWith('data: [DONE]\n\n'));
    assert.ok(!text.includes('"error"'));
    const rows = await events();
    assert.deepEqual(
      rows.map((e) => [e.model, e.status]),
      [
        ['broken', 'error'],
        ['good', 'success'],
      ],
    );
    assert.ok(rows[1].ttft_ms !== null && rows[1].ttft_ms >= 0);
  });

  test('once the first byte is out the deployment is committed: a later break ends the stream with an error', async () => {
    await ctx.route('team/stream2', [{ model: 'broken' }, { model: 'good', rank: 2 }]);
    ctx.upstream.handler = (request: { body: { model: string } }, res: http.ServerResponse) => {
      startStream(res);
      res.write(chunk(request.body.model, 'partial'));
      setTimeout(() => res.destroy(), 20);
    };
    const res = await ask('team/stream2', { stream: true });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /partial/);
    assert.match(text, /"code":"upstream_error"/);
    assert.deepEqual(
      ctx.upstream.requests.map((r) => r.body.model),
      ['broken'],
    );
    assert.deepEqual(
      (await events()).map((e) => [e.model, e.status, e.cost_cents]),
      [['broken', 'error', 0]],
    );
  });
});

describe('cooldown and load balancing', () => {
  test('a deployment that keeps failing cools down: later requests go to the healthy one first', async () => {
    await ctx.route('team/cool', [{ model: 'broken' }, { model: 'good', rank: 2 }], {
      cooldownFailures: 2,
      cooldownSeconds: 60,
    });
    failModel('broken', 503);
    for (let i = 0; i < 2; i++) assert.equal((await ask('team/cool')).status, 200);
    assert.deepEqual(
      ctx.upstream.requests.map((r) => r.body.model),
      ['broken', 'good', 'broken', 'good'],
    );
    ctx.upstream.requests = [];
    assert.equal((await ask('team/cool')).status, 200);
    assert.deepEqual(
      ctx.upstream.requests.map((r) => r.body.model),
      ['good'],
    );
    // The admin health view shows the open breaker, and until when.
    await ctx.app.gateway.settled();
    const admin = await ctx.user('admin');
    const health = await ctx.request('GET', '/v1/admin/routing/health', { as: admin });
    const rows = health.body.deployments as { model: string; cooling_until: string | null }[];
    const until = Date.parse(rows.find((row) => row.model === 'broken')!.cooling_until!);
    assert.ok(until > Date.now() + 50_000 && until <= Date.now() + 60_000, `cooling until ${until}`);
    assert.equal(rows.find((row) => row.model === 'good')!.cooling_until, null);
  });

  test('a failure that opens the breaker is not retried: the request moves on', async () => {
    await ctx.route('team/breaker', [{ model: 'broken' }, { model: 'good', rank: 2 }], {
      maxRetries: 3,
      cooldownFailures: 2,
      cooldownSeconds: 60,
    });
    failModel('broken', 503);
    const res = await ask('team/breaker');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-attempts'), '3');
    assert.deepEqual(
      ctx.upstream.requests.map((r) => r.body.model),
      ['broken', 'broken', 'good'],
    );
  });

  test('deployments of equal rank share the load by weight', async () => {
    await ctx.route('team/balanced', [
      { model: 'good', weight: 3 },
      { model: 'other', weight: 1 },
    ]);
    failModel('none', 500);
    const n = 200;
    for (let i = 0; i < n; i++) assert.equal((await ask('team/balanced')).status, 200);
    const good = ctx.upstream.requests.filter((r) => r.body.model === 'good').length;
    // 150 expected; a binomial(200, 0.75) stays within ±30 with probability above 0.9999.
    assert.ok(good > 120 && good < 180, `good answered ${good} of ${n}`);
  });
});

describe('where a route can go', () => {
  test('a deployment with a stored credential is called with that credential`s secret, not the environment key', async () => {
    const box = createSecretBox(ctx.config.gateway.credentialsKey!);
    const [credential] = await ctx.db.query<{ id: string }>(
      `INSERT INTO provider_credentials (provider, name, secret_ciphertext, secret_hint)
       VALUES ('openai', 'second account', $1, 'cret') RETURNING id`,
      [box.seal('sk-stored-secret')],
    );
    await ctx.route('team/stored', [{ model: 'good', credentialId: credential.id }]);
    failModel('none', 500);
    assert.equal((await ask('team/stored')).status, 200);
    assert.equal(ctx.upstream.requests[0].headers.authorization, 'Bearer sk-stored-secret');
    assert.equal((await ask('openai/good')).status, 200);
    assert.equal(ctx.upstream.requests[1].headers.authorization, 'Bearer sk-upstream-openai');
  });

  test('unreachable or unpriced deployments are skipped; a route with none left is model_not_found', async () => {
    await ctx.route('team/partly', [
      { provider: 'google', model: 'gemini-2.5-pro' },
      { model: 'unpriced' },
      { model: 'good', rank: 2 },
    ]);
    await ctx.route('team/nowhere', [{ provider: 'google', model: 'gemini-2.5-pro' }]);
    failModel('none', 500);
    const res = await ask('team/partly');
    assert.equal(res.status, 200);
    assert.deepEqual(
      ctx.upstream.requests.map((r) => r.body.model),
      ['good'],
    );
    const missing = await ask('team/nowhere');
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'model_not_found');
    const models = (await (
      await fetch(`${ctx.origin}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { data: { id: string; owned_by: string }[] };
    const ids = models.data.map((m) => m.id);
    assert.ok(ids.includes('team/partly'));
    assert.ok(!ids.includes('team/nowhere'));
  });

  test('the hold is the worst case of the dearest deployment: any of them may be the one that answers', async () => {
    await ctx.tier({ provider: 'openai', model: 'dear', prompt: 1_000_000, completion: 1_000_000 });
    await ctx.route('team/dear', [{ model: 'good' }, { model: 'dear', rank: 2 }]);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    ctx.upstream.handler = (request, res) => {
      void gate.then(() => sendJson(res, request.body.model, 'ok', ctx.upstream.usage));
    };
    const pending = ask('team/dear');
    const held = async () =>
      Number(
        (await ctx.db.query<{ reserved_cents: number }>('SELECT reserved_cents FROM teams WHERE id = $1', [teamId]))[0]
          .reserved_cents,
      );
    while ((await held()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // "hi" is at most 2 + 8 prompt tokens, max_tokens 10: at $1 a token on "dear", $20; on "good", 3 cents.
    assert.equal(await held(), 2_000);
    release();
    assert.equal((await pending).status, 200);
    await ctx.app.gateway.settled();
    assert.equal(await held(), 0);
  });
});
