import { purgeInBatches, type PurgeOptions } from '../db/purge';
import type { Db, Queryable } from '../db/types';
import type { CacheScope } from './cacheKey';

/**
 * Where the response cache keeps its answers (docs/gateway.md#caching): the database by default, PGlite or
 * PostgreSQL, which every instance of a cluster shares. An answer past its TTL is never served; expired rows are
 * deleted in batches through the expires_at index, never by a full scan.
 */

/** An answer as it is stored: the bytes the client was sent, and the request that paid for them. */
export interface CachedAnswer {
  streamed: boolean;
  /** The Content-Type the client was sent with it. */
  contentType: string;
  body: Buffer;
  /** The x-request-id of the request whose answer this is. */
  requestId: string;
  costCents: number;
  model: string;
  provider: string;
  deploymentId: string | null;
}

export interface CacheEntry extends CachedAnswer {
  key: string;
  scope: CacheScope;
  endpoint: string;
  ttlSeconds: number;
}

/** The operator's size limits: an answer larger than `entryBytes` is not stored; a team keeps its newest `teamBytes`. */
export interface CacheSizeLimits {
  entryBytes: number;
  teamBytes: number;
}

export interface CacheStore {
  /** The answer under `key` if it has not expired (and counts the hit). */
  get(key: string): Promise<CachedAnswer | null>;
  /** Stores (or replaces) an entry; false when it is larger than an entry may be. Then trims the team to its limit. */
  put(entry: CacheEntry, limits: CacheSizeLimits): Promise<boolean>;
  /** Deletes a team's answers, or one key's; returns how many. */
  purge(target: { teamId: string; keyId?: string }): Promise<number>;
  /** Deletes expired answers in batches; returns how many. */
  expire(options?: PurgeOptions): Promise<number>;
}

interface Row {
  streamed: boolean;
  content_type: string;
  body: Uint8Array;
  request_id: string;
  cost_cents: number;
  model: string;
  provider: string;
  deployment_id: string | null;
}

export function databaseCacheStore(db: Db): CacheStore {
  return {
    async get(key) {
      const [row] = await db.query<Row>(
        `UPDATE response_cache SET hits = hits + 1 WHERE cache_key = $1 AND expires_at > now()
         RETURNING streamed, content_type, body, request_id, cost_cents, model, provider, deployment_id`,
        [key],
        { name: 'cache_get' },
      );
      if (!row) return null;
      return {
        streamed: row.streamed,
        contentType: row.content_type,
        body: Buffer.from(row.body),
        requestId: row.request_id,
        costCents: row.cost_cents,
        model: row.model,
        provider: row.provider,
        deploymentId: row.deployment_id,
      };
    },

    async put(entry, limits) {
      if (entry.body.length > limits.entryBytes) return false;
      const teamId = entry.scope.teamId;
      await db.tx(async (q) => {
        await q.query(
          `INSERT INTO response_cache (cache_key, team_id, api_key_id, endpoint, streamed, body, size_bytes, request_id,
                                       cost_cents, model, provider, deployment_id, expires_at, content_type)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(secs => $13), $14)
           ON CONFLICT (cache_key) DO UPDATE SET
             body = EXCLUDED.body, content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes, streamed = EXCLUDED.streamed,
             request_id = EXCLUDED.request_id, cost_cents = EXCLUDED.cost_cents, model = EXCLUDED.model,
             provider = EXCLUDED.provider, deployment_id = EXCLUDED.deployment_id, created_at = now(),
             expires_at = EXCLUDED.expires_at, hits = 0`,
          [
            entry.key,
            teamId,
            entry.scope.kind === 'key' ? entry.scope.keyId : null,
            entry.endpoint,
            entry.streamed,
            entry.body,
            entry.body.length,
            entry.requestId,
            entry.costCents,
            entry.model,
            entry.provider,
            entry.deploymentId,
            entry.ttlSeconds,
            entry.contentType,
          ],
        );
        await trimTeam(q, teamId, limits.teamBytes);
      });
      return true;
    },

    async purge({ teamId, keyId }) {
      const [row] = await db.query<{ deleted: number }>(
        `WITH gone AS (DELETE FROM response_cache WHERE team_id = $1 AND ($2::uuid IS NULL OR api_key_id = $2)
                       RETURNING 1)
         SELECT count(*) AS deleted FROM gone`,
        [teamId, keyId ?? null],
      );
      return row.deleted;
    },

    expire(options) {
      return purgeInBatches(
        db,
        'response-cache-expiry',
        async (q, batchSize) => {
          const [row] = await q.query<{ deleted: number }>(
            `WITH gone AS (
               DELETE FROM response_cache WHERE cache_key IN (
                 SELECT cache_key FROM response_cache WHERE expires_at <= now() ORDER BY expires_at LIMIT $1)
               RETURNING 1)
             SELECT count(*) AS deleted FROM gone`,
            [batchSize],
          );
          return row.deleted;
        },
        options,
      );
    },
  };
}

/**
 * Keeps a team's newest answers within `teamBytes`, oldest out first. Reads only the team's rows, newest first
 * (response_cache_team_age), which the limit itself bounds.
 */
async function trimTeam(q: Queryable, teamId: string, teamBytes: number) {
  await q.query(
    `DELETE FROM response_cache WHERE cache_key IN (
       SELECT cache_key FROM (
         SELECT cache_key, sum(size_bytes) OVER (ORDER BY created_at DESC, cache_key) AS kept
         FROM response_cache WHERE team_id = $1) newest
       WHERE kept > $2)`,
    [teamId, teamBytes],
  );
}
