import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';

/**
 * One way to reach Redis for every room that uses it (the rate limits, the response cache): the same options, and one
 * log line per outage. REDIS_URL is the operator's (docs/deploy.md); a single instance without it never loads ioredis.
 */

/**
 * A request must never wait on Redis: with no offline queue a command fails at once while disconnected, one sent to a
 * Redis that stopped answering fails after commandTimeout, and one caught by a dropped connection is retried once at
 * most (@fastify/rate-limit's README warns that ioredis's defaults wait far longer). The room then does without.
 */
export const REDIS_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 500,
  commandTimeout: 200,
  // Reconnects forever, at most a second apart, so the room returns to Redis soon after it does.
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
};

/** What a room says when Redis stops answering, and when it answers again. */
export interface OutageWords {
  down: string;
  up: string;
}

/** Logs one warning when Redis stops answering and one line when it answers again, not one per request. */
export class RedisOutage {
  private down = false;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly words: OutageWords,
  ) {}

  failed(error: Error) {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err: error }, this.words.down);
  }

  answered() {
    if (!this.down) return;
    this.down = false;
    this.log.info(this.words.up);
  }
}

export interface RedisConnection {
  redis: IORedis.Redis;
  outage: RedisOutage;
}

/** Connects (an instance starts even when it cannot: it waits at most connectTimeout) and watches for outages. */
export async function openRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  words: OutageWords,
): Promise<RedisConnection> {
  // The client is loaded only here, with REDIS_URL set (docs/testing.md, "The server suite", on what each start loads).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Redis } = require('ioredis') as typeof IORedis;
  const redis = new Redis(url, REDIS_OPTIONS);
  const outage = new RedisOutage(log, words);
  // The outage, not each reconnection attempt, is worth a log line.
  redis.on('error', (error: Error) => outage.failed(error));
  await redis.connect().catch((error: Error) => outage.failed(error));
  return { redis, outage };
}
