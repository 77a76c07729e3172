import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
});
after(() => ctx.close());

test('sign-in is rate limited per client with a RATE_LIMITED error', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'alice' } })).status);
  assert.deepEqual(statuses, [200, 200, 200, 429]);
  const limited = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'alice' } });
  assert.equal(limited.body.code, 'RATE_LIMITED');
  // Routes without a limit are unaffected.
  assert.equal((await ctx.request('GET', '/healthz')).status, 200);
});

test('key creation is limited per user, not per IP', async () => {
  const first = await ctx.user('first');
  const second = await ctx.user('second');
  await ctx.team(first);
  await ctx.team(second);
  const create = (as: typeof first) => ctx.request('POST', '/v1/api-keys/', { as, body: { name: 'k' } });
  for (let i = 0; i < 3; i++) assert.equal((await create(first)).status, 201);
  assert.equal((await create(first)).status, 429);
  assert.equal((await create(second)).status, 201);
});
