import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { API_KEYS_PATH } from '../../contract/apiPaths';
import type { ApiKey } from '../../contract/schemas/apiKeys';
import { GATHER_MS } from '../credit/settler';
import { sendJson } from './fakeUpstream';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * With leases a bill reaches the database up to GATHER_MS.lease after its reply (credit/settler.ts). A signed-in read
 * (plugins/auth.ts, createGuards) has this instance's gathered bills written first, so a page opened right after a
 * call shows it; it does not wait for a call still running.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({ GATEWAY_ADMISSION: 'lease' });
});
after(() => ctx.close());

let owner: TestUser;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  ({ owner, key } = await ctx.funded(10_000));
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 0, completion: 10_000 });
});

const call = (maxTokens: number) =>
  ctx.chat(key, { model: 'openai/metered', messages: [{ role: 'user', content: 'go' }], max_tokens: maxTokens });
const spend = async () => {
  const res = await ctx.request('GET', API_KEYS_PATH, { as: owner });
  assert.equal(res.status, 200, res.text);
  return (res.body as ApiKey[])[0].period_spend_cents;
};

test('the gathering is longer than a read right after a call takes, so the reads below test the flush', () => {
  assert.ok(GATHER_MS.lease >= 100, `${GATHER_MS.lease} ms`);
});

test("a key's spend read right after a call includes that call", async () => {
  ctx.upstream.handler = (request, res) =>
    sendJson(res, request.body.model, 'ok', { prompt_tokens: 1, completion_tokens: 3 });
  for (let n = 1; n <= 3; n++) {
    assert.equal((await call(5)).status, 200);
    assert.equal(await spend(), 3 * n, `after call ${n}`);
  }
});

test('a read does not wait for a call still running, only for the bills already made', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  ctx.upstream.handler = (request, res) => {
    const tokens = request.body.max_tokens as number;
    const answer = () => sendJson(res, request.body.model, 'ok', { prompt_tokens: 1, completion_tokens: tokens });
    if (tokens === 9) void held.then(answer);
    else answer();
  };
  const running = call(9);
  // The held call has reached the provider before the next one is sent.
  while (ctx.upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal((await call(2)).status, 200);
  assert.equal(await spend(), 2, 'the answered call, not the running one');
  release();
  assert.equal((await running).status, 200);
  assert.equal(await spend(), 11);
});
