import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { databaseCacheStore, type CacheEntry, type CacheStore } from '../cache/cacheStore';
import type { CreatedApiKey } from '../../contract/schemas/apiKeys';
import { createTestContext, type TestContext, type TestUser } from './helpers';

/** The response cache's store on the database (docs/gateway.md#caching): expiry, size limits, purges. */
let ctx: TestContext;
let store: CacheStore;
let owner: TestUser;
let teamId: string;
let keyId: string;
let otherKeyId: string;
const LIMITS = { entryBytes: 1_000, teamBytes: 2_500 };

before(async () => {
  ctx = await createTestContext();
  store = databaseCacheStore(ctx.db);
});
after(() => ctx.close());

async function newKey(name: string): Promise<string> {
  const res = await ctx.request('POST', '/v1/api-keys/', { as: owner, body: { name } });
  assert.equal(res.status, 201, res.text);
  return (res.body as CreatedApiKey).id;
}

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner);
  keyId = await newKey('one');
  otherKeyId = await newKey('two');
});

const entry = (key: string, overrides: Partial<CacheEntry> = {}): CacheEntry => ({
  key,
  scope: { kind: 'key', teamId, keyId },
  endpoint: 'chat.completions',
  ttlSeconds: 60,
  streamed: false,
  contentType: 'application/json',
  body: Buffer.from(`{"answer":"${key}"}`),
  requestId: `req-${key}`,
  costCents: 7,
  model: 'gpt-4o',
  provider: 'openai',
  deploymentId: null,
  ...overrides,
});

const keys = async () =>
  (await ctx.db.query<{ cache_key: string }>('SELECT cache_key FROM response_cache ORDER BY cache_key')).map(
    (row) => row.cache_key,
  );

test('an answer stored is served byte for byte, with the request that paid for it, and its hits are counted', async () => {
  const body = Buffer.from([0x7b, 0x7d, 0x00, 0xff]);
  assert.equal(
    await store.put(entry('a', { body, streamed: true, contentType: 'text/event-stream; charset=utf-8' }), LIMITS),
    true,
  );
  const got = await store.get('a');
  assert.ok(got);
  assert.deepEqual(got.body, body);
  assert.deepEqual(
    { ...got, body: null },
    {
      streamed: true,
      contentType: 'text/event-stream; charset=utf-8',
      body: null,
      requestId: 'req-a',
      costCents: 7,
      model: 'gpt-4o',
      provider: 'openai',
      deploymentId: null,
    },
  );
  await store.get('a');
  const [{ hits }] = await ctx.db.query<{ hits: number }>('SELECT hits FROM response_cache');
  assert.equal(hits, 2);
  assert.equal(await store.get('missing'), null);
});

test('an expired answer is never served, and expiry deletes it in batches', async () => {
  await store.put(entry('a'), LIMITS);
  await store.put(entry('b'), LIMITS);
  await store.put(entry('c'), LIMITS);
  await ctx.db.query(`UPDATE response_cache SET expires_at = now() - interval '1 second' WHERE cache_key <> 'c'`);
  assert.equal(await store.get('a'), null);
  assert.equal(await store.expire({ batchSize: 1, pauseMs: 0 }), 2);
  assert.deepEqual(await keys(), ['c']);
  assert.ok(await store.get('c'));
});

test('an answer larger than an entry may be is not stored; a team keeps its newest answers within its limit', async () => {
  assert.equal(await store.put(entry('huge', { body: Buffer.alloc(1_001) }), LIMITS), false);
  for (const key of ['a', 'b', 'c']) {
    await store.put(entry(key, { body: Buffer.alloc(1_000) }), LIMITS);
    // Distinct ages, as answers stored one after another have.
    await ctx.db.query(`UPDATE response_cache SET created_at = created_at - interval '1 minute'`);
  }
  // 3,000 bytes against 2,500: the oldest went when the third came.
  assert.deepEqual(await keys(), ['b', 'c']);
});

test('a purge deletes one key’s answers, or the whole team’s, and nothing of another team', async () => {
  const other = await ctx.user('other');
  const otherTeam = await ctx.team(other);
  await store.put(entry('mine'), LIMITS);
  await store.put(entry('theirs', { scope: { kind: 'key', teamId, keyId: otherKeyId } }), LIMITS);
  await store.put(entry('shared', { scope: { kind: 'team', teamId } }), LIMITS);
  await store.put(entry('elsewhere', { scope: { kind: 'team', teamId: otherTeam } }), LIMITS);
  assert.equal(await store.purge({ teamId, keyId }), 1);
  assert.deepEqual(await keys(), ['elsewhere', 'shared', 'theirs']);
  assert.equal(await store.purge({ teamId }), 2);
  assert.deepEqual(await keys(), ['elsewhere']);
});
