import type { FastifyBaseLogger } from 'fastify';
import type { AnswerKeeper, KeptAnswer } from '../gateway/relay';
import type { CacheScope } from './cacheKey';
import type { CachePlan, CacheTtlBounds } from './cacheRequest';
import type { CachedAnswer, CacheSizeLimits, CacheStore } from './cacheStore';
import type { SemanticCache } from './semanticCache';

/**
 * The response cache's room (docs/gateway.md#caching): looks a request up, and makes identical requests in flight
 * at once on this instance one upstream call. The first of them leads: it looks in the store and, on a miss, goes to
 * the provider; the others wait for it and are served what it kept. A leader whose answer is not kept (an error, a
 * stream cut short, an answer too large) lets them go on, the first of them leading again.
 */

export interface ResponseCacheConfig {
  ttl: CacheTtlBounds;
  sizes: CacheSizeLimits;
}

/** What a lookup found: an answer to serve, or the lead of this request's identical ones (null: not coalesced). */
export type Found = { hit: CachedAnswer } | { lead: Lead | null };

/** The request leading its identical ones: keeps its answer for them and the store, and ends their wait. */
export interface Lead {
  keeper(entry: { scope: CacheScope; endpoint: string; ttlSeconds: number; requestId: string }): AnswerKeeper;
  /** Called once the request is over, kept or not: a follower still waiting goes on. */
  done(): void;
  /** Ends the followers' wait with an answer found elsewhere (a semantic hit). */
  found(answer: CachedAnswer): void;
}

export interface ResponseCache {
  readonly config: ResponseCacheConfig;
  readonly store: CacheStore;
  /** The prompts' embeddings of the routes with a semantic cache (semanticCache.ts). */
  readonly semantic: SemanticCache;
  /** Deletes a team's answers, or one key's, and their prompts' embeddings; returns how many answers. */
  purge(target: { teamId: string; keyId?: string }): Promise<number>;
  find(key: string, mode: Extract<CachePlan, { ttlSeconds: number }>['mode']): Promise<Found>;
  /** How many requests wait now for an identical one in flight (metrics, tests). */
  waiting(): number;
  /** Keeps count of a write made after its answer left (an answer stored, a prompt remembered), for `settled`. */
  track(write: Promise<unknown>): void;
  /** Resolves once every write tracked so far is done (tests: the next identical request then finds it). */
  settled(): Promise<void>;
  /** Stops the expiry timer and waits for a pass in progress. */
  close(): Promise<void>;
}

/** How often expired answers are deleted: they are never served meanwhile (the lookup reads expires_at). */
const EXPIRY_EVERY_MS = 5 * 60_000;

/** How many times a follower whose leader kept nothing waits for the next leader before it goes on its own. */
const ROUNDS = 3;

export function createResponseCache(
  store: CacheStore,
  semantic: SemanticCache,
  config: ResponseCacheConfig,
  log: Pick<FastifyBaseLogger, 'warn'>,
): ResponseCache {
  const inFlight = new Map<string, Promise<CachedAnswer | null>>();
  let followers = 0;
  const writing = new Set<Promise<unknown>>();
  const track = (write: Promise<unknown>) => {
    writing.add(write);
    void write.finally(() => writing.delete(write));
  };
  let closed = false;
  let expiring: Promise<unknown> = Promise.resolve();
  const expiry = setInterval(() => {
    const stopped = () => closed;
    expiring = Promise.all([store.expire({ stopped }), semantic.expire({ stopped })]).catch((error: unknown) =>
      log.warn({ err: error }, 'expired cached answers could not be deleted'),
    );
  }, EXPIRY_EVERY_MS);
  expiry.unref();

  /** Leads `key`'s requests in flight; `found` ends the followers' wait with an answer read from the store. */
  function lead(key: string): Lead {
    let settle!: (answer: CachedAnswer | null) => void;
    inFlight.set(
      key,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    let over = false;
    const finish = (answer: CachedAnswer | null) => {
      if (over) return;
      over = true;
      inFlight.delete(key);
      settle(answer);
    };
    return {
      keeper(entry) {
        return {
          maxBytes: config.sizes.entryBytes,
          kept(answer: KeptAnswer) {
            const { deployment } = answer.candidate;
            const cached: CachedAnswer = {
              streamed: answer.streamed,
              contentType: answer.contentType,
              body: answer.body,
              requestId: entry.requestId,
              costCents: answer.costCents,
              model: deployment.model,
              provider: deployment.provider,
              deploymentId: deployment.id.startsWith('direct:') ? null : deployment.id,
            };
            // The followers are served from memory now; the store is written after the answer left.
            finish(cached);
            track(
              store
                .put(
                  { ...cached, key, scope: entry.scope, endpoint: entry.endpoint, ttlSeconds: entry.ttlSeconds },
                  config.sizes,
                )
                .catch((error: unknown) => log.warn({ err: error }, 'the response cache could not store an answer')),
            );
          },
        };
      },
      done: () => finish(null),
      found: finish,
    };
  }

  return {
    config,
    store,
    semantic,
    async purge(target) {
      const [deleted] = await Promise.all([store.purge(target), semantic.purge(target)]);
      return deleted;
    },
    waiting: () => followers,
    track,
    async settled() {
      await Promise.all([...writing]);
    },
    async close() {
      closed = true;
      clearInterval(expiry);
      await expiring;
    },
    async find(key, mode) {
      for (let round = 0; round < ROUNDS; round++) {
        const waiting = inFlight.get(key);
        if (waiting) {
          // A refresh does not want what another request is fetching: it fetches its own, unled.
          if (mode === 'refresh') return { lead: null };
          followers++;
          const answer = await waiting.finally(() => followers--);
          if (answer) return { hit: answer };
          continue;
        }
        // Taken before the first await, so the requests that come while this one looks are its followers.
        const leading = lead(key);
        if (mode === 'refresh') return { lead: leading };
        let stored: CachedAnswer | null = null;
        try {
          stored = await store.get(key);
        } catch (error) {
          // A cache that fails never fails the request: it is answered as a miss.
          log.warn({ err: error }, 'the response cache could not be read');
        }
        if (stored) {
          leading.found(stored);
          return { hit: stored };
        }
        return { lead: leading };
      }
      return { lead: null };
    },
  };
}
