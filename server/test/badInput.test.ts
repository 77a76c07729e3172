import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RouteOptions } from 'fastify';
import { deepJson } from './fuzzInputs';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import type { TestUser } from './helpers';

/**
 * One test per class of bad input that once answered 500: each is refused at the edge with a 400 in the route's own
 * error format. The fuzz test (fuzz.test.ts) looks for new members of these classes.
 */
let ctx: GatewayTestContext;
let admin: TestUser;
let owner: TestUser;
let teamId: string;
let key: string;
before(async () => {
  ctx = await createGatewayContext();
  admin = await ctx.user('admin');
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner);
  key = await ctx.key(owner);
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 1, completion: 1 });
  await ctx.topUp(teamId, 10_000);
});
after(() => ctx.close());

const coupon = (fields: Record<string, unknown>) =>
  ctx.request('POST', '/v1/admin/coupons', {
    as: admin,
    body: { code: `C${Math.random().toString(36).slice(2, 10)}`, amount_usd: 5, max_uses: 10, ...fields },
  });

function assertRefused(res: { status: number; body: { code?: string; message?: string } }, pattern: RegExp) {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.code, 'VALIDATION_ERROR');
  assert.match(res.body.message ?? '', pattern);
}

describe('NUL characters', () => {
  test('in a body string, in any field', async () => {
    assertRefused(await coupon({ description: 'a\u0000b' }), /NUL/);
    assertRefused(await ctx.request('POST', '/v1/api-keys/', { as: owner, body: { name: '\u0000' } }), /NUL/);
    const redeem = await ctx.request('POST', `/v1/teams/${teamId}/coupons/redeem`, {
      as: owner,
      body: { code: 'AB\u0000CD' },
    });
    assert.equal(redeem.status, 400);
  });

  test('in a path parameter or a query string', async () => {
    assertRefused(await ctx.request('GET', `/v1/teams/${teamId}/payments/%00/status`, { as: owner }), /NUL/);
    assertRefused(await ctx.request('GET', '/v1/payments/sandbox/a%00b'), /NUL/);
    assertRefused(await ctx.request('GET', '/v1/admin/coupons?search=%00', { as: admin }), /NUL/);
  });

  test('the gateway answers in OpenAI envelope, and lets NUL through in messages (they never reach our database)', async () => {
    const res = await ctx.request('GET', '/v1/models?x=%00', { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.type, 'invalid_request_error');
    const chat = await ctx.chat(key, { model: 'echo/echo-1', messages: [{ role: 'user', content: 'a\u0000b' }] });
    assert.equal(chat.status, 200);
  });
});

describe('dates JavaScript accepts and PostgreSQL does not', () => {
  for (const value of [
    '2026-02-30T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '2026-11-23T24:00:00Z',
    '+275760-09-13T00:00:00Z',
  ]) {
    test(`expires_at ${value}`, async () => {
      assertRefused(await coupon({ expires_at: value }), /^The expiry must be an ISO 8601 date and time\.$/);
    });
  }

  for (const value of ['2026-02-30', '0000-01-01', '2026-13-01', '1899-12-31']) {
    test(`usage-stats start_date ${value}`, async () => {
      assertRefused(await ctx.request('GET', `/v1/teams/usage-stats?start_date=${value}`, { as: owner }), /start_date/);
    });
  }

  test('a real leap day and an offset are accepted', async () => {
    assert.equal((await coupon({ expires_at: '2028-02-29T12:00:00+02:00' })).status, 201);
    const res = await ctx.request('GET', '/v1/teams/usage-stats?start_date=2024-02-29&end_date=2024-03-01', {
      as: owner,
    });
    assert.equal(res.status, 200);
  });
});

describe('numbers past what the database holds', () => {
  test('an offset past the integer range', async () => {
    const res = await ctx.request('GET', `/v1/teams/${teamId}/credits/history?offset=9223372036854775808`, {
      as: owner,
    });
    assertRefused(res, /offset/);
    assertRefused(await ctx.request('GET', '/v1/admin/pricing?offset=1e30', { as: admin }), /offset/);
  });

  test('a coupon amount that would round to 0 cents', async () => {
    assertRefused(await coupon({ amount_usd: 0.004 }), /^The amount must be from \$0\.01/);
    assert.equal((await coupon({ amount_usd: 0.01 })).status, 201);
  });

  test('every number a route accepts has a bound (a new route without one fails here)', () => {
    const unbounded: string[] = [];
    const walk = (schema: Record<string, unknown> | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      if ((schema.type === 'integer' || schema.type === 'number') && !schema.const) {
        const max = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
        const min = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
        if (max === undefined || min === undefined || Math.abs(max) > Number.MAX_SAFE_INTEGER) unbounded.push(where);
      }
      for (const [name, value] of Object.entries(schema)) {
        if (value && typeof value === 'object') walk(value as Record<string, unknown>, `${where}.${name}`);
      }
    };
    for (const route of ctx.app.routeTable as RouteOptions[]) {
      const schema = route.schema as Record<string, Record<string, unknown>> | undefined;
      for (const part of ['body', 'querystring', 'params'] as const) {
        walk(schema?.[part], `${String(route.method)} ${route.url} ${part}`);
      }
    }
    assert.deepEqual(unbounded, []);
  });
});

describe('JSON nested thousands of levels deep', () => {
  test('in a gateway body: 400 in OpenAI envelope, and the server lives on', async () => {
    const res = await ctx.chat(key, `{"model":"echo/echo-1","messages":[{"role":"user","content":${deepJson(5000)}}]}`);
    assert.equal(res.status, 400);
    const body = (await res.json()) as { error: { type: string; message: string } };
    assert.equal(body.error.type, 'invalid_request_error');
    assert.match(body.error.message, /nested/);
    const after = await ctx.chat(key, { model: 'echo/echo-1', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(after.status, 200);
  });

  test('in a dashboard body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/api-keys/',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: `{"name":${deepJson(5000, '{"a":', '}').replace(/}+$/, (end) => `1${end}`)}}`,
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /nested/);
  });

  test('64 levels are fine', async () => {
    const tools = { type: 'object', properties: {} as Record<string, unknown> };
    let inner = tools.properties;
    for (let i = 0; i < 25; i++) {
      const next = { type: 'object', properties: {} };
      inner.x = next;
      inner = next.properties;
    }
    const res = await ctx.chat(key, {
      model: 'echo/echo-1',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'f', parameters: tools } }],
    });
    assert.equal(res.status, 200);
  });
});
