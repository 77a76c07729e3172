import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import { CACHE_UNAVAILABLE } from '../../contract/schemas/apiKeys';
import { HttpError } from '../lib/errors';
import { openRedis, type RedisOutage } from '../lib/redis';
import type { CachedAnswer, CacheStore } from './cacheStore';

/**
 * The response cache in Redis (docs/gateway.md#caching), for a cluster: every instance reads and writes one cache, so
 * an answer kept by one is a hit on every other. Redis expires each answer at its TTL itself; nothing ever scans.
 *
 * Under `amg:rc:`:
 * - `e:<cache key>`: the answer, a hash of `meta` (JSON), `body` (the bytes sent) and `hits`, with the answer's TTL;
 * - `t:<team>`: the team's answers by age (a sorted set, milliseconds stored), which the team's size limit trims from
 *   the oldest;
 * - `x:<team>`: the same answers by the time they expire, so a store forgets the expired ones without a scan;
 * - `s:<team>`: each answer's `<bytes>:<key id>` (empty after the colon for a team-scoped answer), and `#total`.
 *
 * While Redis does not answer, a lookup is a miss and an answer is not kept (one log line per outage): never a
 * fallback to this instance's memory, which would answer differently on each instance (LiteLLM #26233).
 */
export const CACHE_KEY_PREFIX = 'amg:rc:';

const ENTRY_PREFIX = `${CACHE_KEY_PREFIX}e:`;

type Meta = Omit<CachedAnswer, 'body'>;

/** Stores an answer, forgets the team's expired ones, then trims the team to its size from the oldest. */
const PUT = `
local entry, order, expiry, sizes = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local key, meta, body, ttl, now, size, owner, limit, prefix =
  ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), ARGV[7], tonumber(ARGV[8]), ARGV[9]
local function forget(k)
  local held = redis.call('HGET', sizes, k)
  if held then
    redis.call('HINCRBY', sizes, '#total', -tonumber(string.match(held, '^(%d+)')))
    redis.call('HDEL', sizes, k)
  end
  redis.call('ZREM', order, k)
  redis.call('ZREM', expiry, k)
  return redis.call('DEL', prefix .. k)
end
for _, k in ipairs(redis.call('ZRANGEBYSCORE', expiry, '-inf', now)) do forget(k) end
forget(key)
redis.call('HSET', entry, 'meta', meta, 'body', body, 'hits', 0)
redis.call('PEXPIRE', entry, ttl)
redis.call('ZADD', order, now, key)
redis.call('ZADD', expiry, now + ttl, key)
redis.call('HSET', sizes, key, size .. ':' .. owner)
local total = redis.call('HINCRBY', sizes, '#total', size)
while total > limit do
  local oldest = redis.call('ZRANGE', order, 0, 0)[1]
  if not oldest then break end
  forget(oldest)
  total = tonumber(redis.call('HGET', sizes, '#total') or '0')
end
for _, index in ipairs({order, expiry, sizes}) do
  if redis.call('PTTL', index) < ttl then redis.call('PEXPIRE', index, ttl) end
end
return 1
`;

/** The answer if it has not expired, counting the hit; nothing is created for a key that is not there. */
const GET = `
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
redis.call('HINCRBY', KEYS[1], 'hits', 1)
return redis.call('HMGET', KEYS[1], 'meta', 'body')
`;

/** Deletes the team's answers, or one key's (ARGV[1], empty for all); returns how many answers were there. */
const PURGE = `
local order, expiry, sizes = KEYS[1], KEYS[2], KEYS[3]
local owner, prefix = ARGV[1], ARGV[2]
local deleted = 0
local all = redis.call('HGETALL', sizes)
for i = 1, #all, 2 do
  local k, held = all[i], all[i + 1]
  if k ~= '#total' and (owner == '' or string.match(held, ':(.*)$') == owner) then
    deleted = deleted + redis.call('DEL', prefix .. k)
    redis.call('HINCRBY', sizes, '#total', -tonumber(string.match(held, '^(%d+)')))
    redis.call('HDEL', sizes, k)
    redis.call('ZREM', order, k)
    redis.call('ZREM', expiry, k)
  end
end
return deleted
`;

interface CacheCommands {
  cachePut(...args: (string | Buffer | number)[]): Promise<number>;
  cacheGetBuffer(key: string): Promise<[Buffer, Buffer] | null>;
  cachePurge(...args: string[]): Promise<number>;
}

const teamKeys = (teamId: string) =>
  ['t', 'x', 's'].map((kind) => `${CACHE_KEY_PREFIX}${kind}:${teamId}`) as [string, string, string];

export function redisCacheStore(
  redis: IORedis.Redis,
  outage: RedisOutage,
  clock: { now(): number } = Date,
): CacheStore {
  redis.defineCommand('cachePut', { numberOfKeys: 4, lua: PUT });
  redis.defineCommand('cacheGet', { numberOfKeys: 1, lua: GET });
  redis.defineCommand('cachePurge', { numberOfKeys: 3, lua: PURGE });
  const commands = redis as unknown as CacheCommands;

  /** Runs a command; while Redis fails, `otherwise` (a miss, an answer not kept). */
  async function tolerant<T>(run: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      const result = await run();
      outage.answered();
      return result;
    } catch (error) {
      outage.failed(error as Error);
      return otherwise;
    }
  }

  return {
    get: (key) =>
      tolerant(async () => {
        const found = await commands.cacheGetBuffer(`${ENTRY_PREFIX}${key}`);
        if (!found) return null;
        const [meta, body] = found;
        return { ...(JSON.parse(meta.toString()) as Meta), body };
      }, null),

    async put(entry, limits) {
      if (entry.body.length > limits.entryBytes) return false;
      const { body, key, scope, endpoint: _endpoint, ttlSeconds, ...answer } = entry;
      const meta: Meta = answer;
      return tolerant(async () => {
        await commands.cachePut(
          `${ENTRY_PREFIX}${key}`,
          ...teamKeys(scope.teamId),
          key,
          JSON.stringify(meta),
          body,
          ttlSeconds * 1000,
          clock.now(),
          body.length,
          scope.kind === 'key' ? scope.keyId : '',
          limits.teamBytes,
          ENTRY_PREFIX,
        );
        return true;
      }, false);
    },

    async purge({ teamId, keyId }) {
      try {
        const deleted = await commands.cachePurge(...teamKeys(teamId), keyId ?? '', ENTRY_PREFIX);
        outage.answered();
        return deleted;
      } catch (error) {
        outage.failed(error as Error);
        // A purge that did not happen must say so: the answers are still served.
        throw new HttpError(503, 'CACHE_UNAVAILABLE', CACHE_UNAVAILABLE);
      }
    },

    // Redis expires each answer at its TTL, and each store forgets its team's expired ones.
    expire: () => Promise.resolve(0),
  };
}

/** Connects to REDIS_URL for the cache (an instance starts even when it cannot: its lookups are misses meanwhile). */
export async function openRedisCacheStore(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
  const { redis, outage } = await openRedis(url, log, {
    down: 'the response cache is off: Redis unavailable',
    up: 'the response cache is in Redis again',
  });
  return { store: redisCacheStore(redis, outage), close: () => redis.disconnect() };
}
