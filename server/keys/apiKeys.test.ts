import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { recordUsage } from '../credit/writeBills';
import { createTestContext, type TestContext, type TestUser } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

let owner: TestUser;
let member: TestUser;
let loner: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  loner = await ctx.user('loner');
  teamId = await ctx.team(owner);
  await ctx.join(member, teamId);
});

describe('/v1/api-keys/', () => {
  test('creation returns the full secret once and stores only its hash and prefix', async () => {
    const res = await ctx.request('POST', '/v1/api-keys/', { as: member, body: { name: '  CI  ' } });
    assert.equal(res.status, 201);
    assert.match(res.body.key, /^sk-[A-Za-z0-9_-]{43}$/);
    assert.equal(res.body.key_prefix, res.body.key.slice(0, 12));
    assert.equal(res.body.name, 'CI');
    assert.equal(res.body.is_active, true);
    assert.equal(res.body.last_used_at, null);
    assert.equal(res.body.user_email, 'member@example.com');
    const [stored] = await ctx.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [res.body.id]);
    assert.equal(stored.key_hash, createHash('sha256').update(res.body.key).digest('hex'));
    assert.ok(!JSON.stringify(stored).includes(res.body.key));
    const list = await ctx.request('GET', '/v1/api-keys/', { as: owner });
    assert.equal(list.body.length, 1);
    assert.equal(list.body[0].key, undefined);
    assert.equal(list.body[0].user_name, 'member');
  });

  test('without a team: 400 telling the user to join a team', async () => {
    const res = await ctx.request('POST', '/v1/api-keys/', { as: loner, body: { name: 'x' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'You must belong to a team to create API keys');
    assert.equal((await ctx.request('GET', '/v1/api-keys/', { as: loner })).body.code, 'NO_TEAM');
  });

  test('400 for a missing, blank or too long name; 401 without a session', async () => {
    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }]) {
      const res = await ctx.request('POST', '/v1/api-keys/', { as: owner, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, /name/);
    }
    assert.equal((await ctx.request('POST', '/v1/api-keys/', { body: { name: 'x' } })).status, 401);
  });

  test('lists the team keys newest first, including inactive ones, excluding revoked ones', async () => {
    const first = await ctx.request('POST', '/v1/api-keys/', { as: owner, body: { name: 'first' } });
    const second = await ctx.request('POST', '/v1/api-keys/', { as: owner, body: { name: 'second' } });
    await ctx.db.query('UPDATE api_keys SET is_active = false WHERE id = $1', [first.body.id]);
    const list = await ctx.request('GET', '/v1/api-keys/', { as: member });
    assert.deepEqual(
      list.body.map((key: { name: string; is_active: boolean }) => [key.name, key.is_active]),
      [
        ['second', true],
        ['first', false],
      ],
    );
    await ctx.request('DELETE', `/v1/api-keys/${second.body.id}`, { as: owner });
    assert.deepEqual(
      (await ctx.request('GET', '/v1/api-keys/', { as: member })).body.map((key: { name: string }) => key.name),
      ['first'],
    );
  });

  test('revoking is a soft delete: usage keeps its key and an activity is written', async () => {
    const key = await ctx.request('POST', '/v1/api-keys/', { as: member, body: { name: 'prod' } });
    await recordUsage(ctx.db, {
      teamId,
      userId: member.id,
      apiKeyId: key.body.id,
      model: 'gpt-4o',
      provider: 'openai',
      promptTokens: 1,
      completionTokens: 1,
      costCents: 1,
      latencyMs: 5,
    });
    // The team owner revokes a member's key.
    const res = await ctx.request('DELETE', `/v1/api-keys/${key.body.id}`, { as: owner });
    assert.deepEqual(res.body, { success: true });
    const [row] = await ctx.db.query<{ deleted_at: Date | null; used: number }>(
      'SELECT deleted_at, (SELECT count(*) FROM usage_events WHERE api_key_id = $1) AS used FROM api_keys WHERE id = $1',
      [key.body.id],
    );
    assert.ok(row.deleted_at);
    assert.equal(row.used, 1);
    const activity = await ctx.request('GET', '/v1/dashboard/activity?limit=10', { as: owner });
    const types = activity.body.activities.map((item: { type: string }) => item.type);
    assert.deepEqual(types.slice(0, 4), [
      'api_key_deactivated',
      'first_model_usage',
      'api_key_first_used',
      'api_key_created',
    ]);
    assert.equal(activity.body.activities[0].message, `API key "${key.body.name}" was revoked by ${owner.login}`);
    assert.equal((await ctx.request('DELETE', `/v1/api-keys/${key.body.id}`, { as: owner })).status, 404);
  });

  test("404 for another team's key or a malformed id", async () => {
    const otherOwner = await ctx.user('other');
    await ctx.team(otherOwner);
    const foreign = await ctx.request('POST', '/v1/api-keys/', { as: otherOwner, body: { name: 'theirs' } });
    assert.equal((await ctx.request('DELETE', `/v1/api-keys/${foreign.body.id}`, { as: owner })).status, 404);
    assert.equal((await ctx.request('DELETE', '/v1/api-keys/123', { as: owner })).status, 404);
    assert.equal((await ctx.request('GET', '/v1/api-keys/', { as: otherOwner })).body.length, 1);
  });
});
