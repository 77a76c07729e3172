import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore';
import RedisStore from '@fastify/rate-limit/store/RedisStore';
import { openRedis, type RedisOutage } from '../lib/redis';

/** Every instance's counters live under this prefix, so they never collide with other data in the same Redis. */
export const REDIS_KEY_PREFIX = 'amg:rl:';

/** Counts in Redis, shared by every instance; while Redis fails, in this instance's memory. */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly outage: RedisOutage,
  ) {}

  incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          this.outage.answered();
          return callback(null, result);
        }
        this.outage.failed(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.outage);
  }
}

export interface SharedRateLimitStore {
  /** For @fastify/rate-limit's `store` option. */
  Store: FastifyRateLimitStoreCtor;
  close(): void;
}

/** Connects to Redis (an instance starts even when it cannot) and returns the store the rate limit plugin builds. */
export async function openSharedRateLimitStore(url: string, log: FastifyBaseLogger): Promise<SharedRateLimitStore> {
  const { redis, outage } = await openRedis(url, log, {
    down: 'rate limits counted locally: Redis unavailable',
    up: 'rate limits counted in Redis again',
  });

  class Store extends FallbackStore {
    constructor({ continueExceeding = false, exponentialBackoff = false }: RateLimitOptions) {
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, REDIS_KEY_PREFIX),
        new LocalStore(continueExceeding, exponentialBackoff),
        outage,
      );
    }
  }
  return { Store, close: () => redis.disconnect() };
}

/**
 * @fastify/rate-limit gives each route a child store of its own, so two routes never share a count, with a `groupId`
 * or without (its local store is a new map per route, its Redis store a key per route). A group of routes that must
 * share one limit (the gateway's doors: GATEWAY_RATE_LIMIT_PER_MINUTE per key across all of them) gets one child,
 * made for the group's first route, which every route of the group is given.
 */
export function groupedStore(Base: FastifyRateLimitStoreCtor | null): FastifyRateLimitStoreCtor {
  return class GroupedStore implements FastifyRateLimitStore {
    private readonly inner: FastifyRateLimitStore;
    private readonly groups = new Map<string, FastifyRateLimitStore>();

    constructor(options: RateLimitOptions & { cache?: number }) {
      this.inner = Base
        ? new Base(options)
        : new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, options.cache);
    }

    incr(...args: Parameters<FastifyRateLimitStore['incr']>) {
      this.inner.incr(...args);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // What the plugin passes beyond its types: the route's limit options, with the group and the route's place.
      const options = routeOptions as typeof routeOptions & { groupId?: string; routeInfo?: object };
      const group = options.groupId;
      if (group === undefined) return this.inner.child(routeOptions);
      let child = this.groups.get(group);
      if (!child) {
        // The Redis store keys a child by its route's method and URL: the group's name, for every route of it.
        const shared = { ...options, routeInfo: { ...options.routeInfo, method: 'GROUP ', url: group } };
        child = this.inner.child(shared as typeof routeOptions);
        this.groups.set(group, child);
      }
      return child;
    }
  };
}
