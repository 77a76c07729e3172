import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { databaseCacheStore, type CacheEntry, type CacheStore } from '../cache/cacheStore';
import { CACHE_KEY_PREFIX, redisCacheStore } from '../cache/redisCacheStore';
import { REDIS_OPTIONS, RedisOutage } from '../lib/redis';
import type { CreatedApiKey } from '../../contract/schemas/apiKeys';
import { createTestContext, type TestContext, type TestUser } from './helpers';
import { startTestRedis, type TestRedis } from './redisHelper';

/**
 * The response cache's stores (docs/gateway.md#caching), the database's and Redis's, held to the same tests: answers
 * served byte for byte, expiry, size limits, purges; then what only Redis has (an outage, forgetting expired answers).
 */
let ctx: TestContext;
let testRedis: TestRedis;
let redis: Redis;
let owner: TestUser;
let teamId: string;
let keyId: string;
let otherKeyId: string;
const LIMITS = { entryBytes: 1_000, teamBytes: 2_500 };
/** The Redis store's clock: each answer stored a millisecond after the one before, as on a real instance. */
let now = Date.now();
const warnings: string[] = [];
const outageLog = {
  warn: (...args: unknown[]) => void warnings.push(String(args[1])),
  info: () => undefined,
} as unknown as Pick<FastifyBaseLogger, 'warn' | 'info'>;

before(async () => {
  ctx = await createTestContext();
  testRedis = await startTestRedis();
  // Connected as the gateway connects (lib/redis.ts): a command fails at once while Redis is down.
  redis = new Redis(testRedis.url, { ...REDIS_OPTIONS, lazyConnect: false });
  redis.on('error', () => undefined);
});
after(async () => {
  redis.disconnect();
  await testRedis.stop();
  await ctx.close();
});

async function newKey(name: string): Promise<string> {
  const res = await ctx.request('POST', '/v1/api-keys/', { as: owner, body: { name } });
  assert.equal(res.status, 201, res.text);
  return (res.body as CreatedApiKey).id;
}

beforeEach(async () => {
  await ctx.reset();
  await redis.flushall();
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

/** A store, and how a test looks inside it and makes its answers older or expired. */
interface Kept {
  store: CacheStore;
  keys(): Promise<string[]>;
  hits(key: string): Promise<number>;
  /** Makes every stored answer older than the next one stored. */
  age(): Promise<void>;
  /** Expires every answer but `key`'s, and deletes them as the store does (returns how many it deleted). */
  expireAllBut(key: string): Promise<number>;
}

const database = (): Kept => {
  const store = databaseCacheStore(ctx.db);
  return {
    store,
    keys: async () =>
      (await ctx.db.query<{ cache_key: string }>('SELECT cache_key FROM response_cache ORDER BY cache_key')).map(
        (row) => row.cache_key,
      ),
    hits: async (key) =>
      (await ctx.db.query<{ hits: number }>('SELECT hits FROM response_cache WHERE cache_key = $1', [key]))[0].hits,
    age: async () => {
      await ctx.db.query(`UPDATE response_cache SET created_at = created_at - interval '1 minute'`);
    },
    async expireAllBut(key) {
      await ctx.db.query(`UPDATE response_cache SET expires_at = now() - interval '1 second' WHERE cache_key <> $1`, [
        key,
      ]);
      assert.equal(await store.get('a'), null);
      return store.expire({ batchSize: 1, pauseMs: 0 });
    },
  };
};

const ENTRIES = `${CACHE_KEY_PREFIX}e:`;
const inRedis = (): Kept => {
  const store = redisCacheStore(redis, new RedisOutage(outageLog, { down: 'down', up: 'up' }), { now: () => now });
  return {
    store,
    keys: async () => (await redis.keys(`${ENTRIES}*`)).map((key) => key.slice(ENTRIES.length)).sort(),
    hits: async (key) => Number(await redis.hget(`${ENTRIES}${key}`, 'hits')),
    age: async () => {
      now += 1;
    },
    async expireAllBut(key) {
      const gone = (await redis.keys(`${ENTRIES}*`)).filter((name) => name !== `${ENTRIES}${key}`);
      for (const name of gone) await redis.pexpire(name, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Redis deletes them itself: the store's own pass has nothing to do.
      assert.equal(await store.expire(), 0);
      return gone.length;
    },
  };
};

for (const [name, open] of [
  ['the database', database],
  ['Redis', inRedis],
] as const) {
  describe(`in ${name}`, () => {
    let kept: Kept;
    let store: CacheStore;
    beforeEach(() => {
      kept = open();
      store = kept.store;
    });

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
      assert.equal(await kept.hits('a'), 2);
      assert.equal(await store.get('missing'), null);
    });

    test('an expired answer is never served, and is deleted', async () => {
      await store.put(entry('a'), LIMITS);
      await store.put(entry('b'), LIMITS);
      await store.put(entry('c'), LIMITS);
      assert.equal(await kept.expireAllBut('c'), 2);
      assert.equal(await store.get('a'), null);
      assert.deepEqual(await kept.keys(), ['c']);
      assert.ok(await store.get('c'));
    });

    test('an answer larger than an entry may be is not stored; a team keeps its newest answers within its limit', async () => {
      assert.equal(await store.put(entry('huge', { body: Buffer.alloc(1_001) }), LIMITS), false);
      for (const key of ['a', 'b', 'c']) {
        await store.put(entry(key, { body: Buffer.alloc(1_000) }), LIMITS);
        // Distinct ages, as answers stored one after another have.
        await kept.age();
      }
      // 3,000 bytes against 2,500: the oldest went when the third came.
      assert.deepEqual(await kept.keys(), ['b', 'c']);
    });

    test('a purge deletes one key’s answers, or the whole team’s, and nothing of another team', async () => {
      const other = await ctx.user('other');
      const otherTeam = await ctx.team(other);
      await store.put(entry('mine'), LIMITS);
      await store.put(entry('theirs', { scope: { kind: 'key', teamId, keyId: otherKeyId } }), LIMITS);
      await store.put(entry('shared', { scope: { kind: 'team', teamId } }), LIMITS);
      await store.put(entry('elsewhere', { scope: { kind: 'team', teamId: otherTeam } }), LIMITS);
      assert.equal(await store.purge({ teamId, keyId }), 1);
      assert.deepEqual(await kept.keys(), ['elsewhere', 'shared', 'theirs']);
      assert.equal(await store.purge({ teamId }), 2);
      assert.deepEqual(await kept.keys(), ['elsewhere']);
    });
  });
}

describe('only in Redis', () => {
  test('expired answers no longer count against the team’s limit, and a replaced answer counts once', async () => {
    const { store, keys } = inRedis();
    const big = (key: string, ttlSeconds: number) => entry(key, { body: Buffer.alloc(1_000), ttlSeconds });
    await store.put(big('a', 600), LIMITS);
    now += 1;
    await store.put(big('b', 60), LIMITS);
    await store.put(big('b', 60), LIMITS);
    // b's minute is over (Redis would have deleted it by now); a's ten minutes are not.
    now += 61_000;
    // Without forgetting b, a (the oldest, still fresh) would go to make room for c: 3,000 bytes against 2,500.
    await store.put(big('c', 600), LIMITS);
    assert.deepEqual(await keys(), ['a', 'c']);
    assert.equal(await redis.hget(`${CACHE_KEY_PREFIX}s:${teamId}`, '#total'), '2000');
    // The team's indexes expire with its answers, so a team that stops caching leaves nothing behind.
    assert.ok((await redis.pttl(`${CACHE_KEY_PREFIX}t:${teamId}`)) > 0);
  });

  test('while Redis is down a lookup is a miss, nothing is kept, a purge says so (503), and one warning is logged', async () => {
    warnings.length = 0;
    const { store } = inRedis();
    await store.put(entry('a'), LIMITS);
    await testRedis.stop();
    try {
      assert.equal(await store.get('a'), null);
      assert.equal(await store.put(entry('b'), LIMITS), false);
      await assert.rejects(store.purge({ teamId }), { statusCode: 503, code: 'CACHE_UNAVAILABLE' });
      assert.deepEqual(warnings, ['down']);
    } finally {
      await testRedis.start();
    }
    // Back (empty, as a restarted Redis without persistence is): the store answers again.
    for (let tries = 0; ; tries++) {
      if (await store.put(entry('c'), LIMITS)) break;
      assert.ok(tries < 100, 'Redis never answered again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(await store.get('c'));
  });
});
