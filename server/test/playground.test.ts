import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { PLAYGROUND_CHAT_PATH } from '../../contract/apiPaths';
import { PLAYGROUND_KEY_NOT_FOUND } from '../../contract/schemas/playground';

/**
 * The playground through HTTP (docs/gateway.md#the-playground): the session speaks on behalf of one of the member's
 * own keys, whose controls apply, and the call is billed and logged against that key. Both engines.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let member: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.join(member, teamId);
  await ctx.topUp(teamId, 1_000);
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 10_000, completion: 10_000 });
});

const createKey = async (as: TestUser, body: object = {}) =>
  (await ctx.request('POST', '/v1/api-keys/', { as, body: { name: 'play', ...body } })).body.id as string;

const chat = (as: TestUser, keyId: string, model = 'echo/echo-1') =>
  ctx.request('POST', PLAYGROUND_CHAT_PATH, {
    as,
    body: { key_id: keyId, model, messages: [{ role: 'user', content: 'Hello playground' }] },
  });

test('streams the answer with its usage, billed and logged against the chosen key', async () => {
  const keyId = await createKey(member);
  const res = await chat(member, keyId);
  assert.equal(res.status, 200, res.text);
  assert.match(String(res.headers['content-type']), /text\/event-stream/);
  const events = res.text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)));
  const text = events.map((e) => e.choices?.[0]?.delta?.content ?? '').join('');
  assert.match(text, /Hello playground/);
  const usage = events.find((e) => e.usage)?.usage;
  assert.ok(usage.prompt_tokens > 0 && usage.completion_tokens > 0);
  assert.ok(res.text.trimEnd().endsWith('data: [DONE]'));
  await ctx.app.gateway.settled();
  const [event] = await ctx.db.query<{ api_key_id: string; user_id: string; cost_cents: number }>(
    'SELECT api_key_id, user_id, cost_cents FROM usage_events WHERE team_id = $1',
    [teamId],
  );
  assert.deepEqual([event.api_key_id, event.user_id], [keyId, member.id]);
  assert.ok(event.cost_cents > 0);
});

test("the key's allow-list applies; another member's key, or none, is 404; bad input is 400", async () => {
  const onlyGpt = await createKey(member, { allowed_models: ['openai/gpt-4o'] });
  const refused = await chat(member, onlyGpt);
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error.code, 'model_not_allowed');

  const ownersKey = await createKey(owner);
  const notMine = await chat(member, ownersKey);
  assert.deepEqual([notMine.status, notMine.body.error.message], [404, PLAYGROUND_KEY_NOT_FOUND]);
  assert.equal((await chat(member, 'not-a-key')).status, 404);

  const empty = await ctx.request('POST', PLAYGROUND_CHAT_PATH, {
    as: member,
    body: { key_id: onlyGpt, model: 'echo/echo-1', messages: [] },
  });
  assert.deepEqual([empty.status, empty.body.error.message], [400, 'Send 1-50 messages.']);
  assert.equal((await ctx.request('POST', PLAYGROUND_CHAT_PATH, { body: {} })).status, 401);
});
