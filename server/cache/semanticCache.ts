import { purgeInBatches, type PurgeOptions } from '../db/purge';
import type { Db } from '../db/types';
import type { EndpointName } from '../formats/types';
import { hashOf, scopeText, type CacheScope } from './cacheKey';

/**
 * The semantic cache's index (docs/gateway.md#semantic-cache): for each answer a route stored with its prompt's
 * embedding, where the answer is (its exact-match cache key) and the embedding, unit length. A lookup reads the
 * newest SEARCH_LIMIT rows of the request's semantic scope and compares them all (an exact search: no vector index
 * is needed, nor available in PGlite or Debian 12's PostgreSQL), so a scope's cost is bounded however much it holds.
 */

/** How many of a scope's newest answers a lookup compares. */
export const SEARCH_LIMIT = 500;

/** Everything an answer depends on but the prompt's words: two requests are compared only within one. */
export interface SemanticScopeParts {
  endpoint: EndpointName;
  route: { name: string; deploymentIds: string[] };
  /** The body without the user's words (semanticPrompt.ts). */
  rest: unknown;
  scope: CacheScope;
  /** The embedding model: vectors of two models are not comparable. */
  model: string;
}

export function semanticScopeKey(parts: SemanticScopeParts): string {
  return hashOf({
    v: 1,
    endpoint: parts.endpoint,
    route: parts.route,
    scope: scopeText(parts.scope),
    model: parts.model,
    rest: parts.rest,
  });
}

/** The vector scaled to unit length (null for a zero or non-finite one), so similarity is a dot product. */
export function unitVector(values: readonly number[]): Float32Array | null {
  let sum = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) return null;
    sum += value * value;
  }
  if (sum === 0) return null;
  const norm = Math.sqrt(sum);
  return Float32Array.from(values, (value) => value / norm);
}

/** Cosine similarity of two unit vectors; -1 when their lengths differ (not comparable). */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return -1;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
}

const toBytes = (vector: Float32Array) => {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes;
};

const fromBytes = (bytes: Uint8Array) => {
  const buffer = Buffer.from(bytes);
  const vector = new Float32Array(buffer.length / 4);
  for (let i = 0; i < vector.length; i++) vector[i] = buffer.readFloatLE(i * 4);
  return vector;
};

export interface SemanticMatch {
  cacheKey: string;
  similarity: number;
}

export interface SemanticCache {
  /** The most similar answer of the scope at least `threshold` similar, or null. */
  find(scopeKey: string, vector: Float32Array, threshold: number): Promise<SemanticMatch | null>;
  remember(entry: {
    scopeKey: string;
    scope: CacheScope;
    cacheKey: string;
    vector: Float32Array;
    ttlSeconds: number;
  }): Promise<void>;
  /** Forgets a team's rows, or one key's; the answers themselves are purged from the cache's store. */
  purge(target: { teamId: string; keyId?: string }): Promise<number>;
  expire(options?: PurgeOptions): Promise<number>;
}

export function databaseSemanticCache(db: Db): SemanticCache {
  return {
    async find(scopeKey, vector, threshold) {
      const rows = await db.query<{ cache_key: string; embedding: Uint8Array }>(
        `SELECT cache_key, embedding FROM semantic_cache WHERE scope_key = $1 AND expires_at > now()
         ORDER BY created_at DESC LIMIT $2`,
        [scopeKey, SEARCH_LIMIT],
        { name: 'semantic_cache_find' },
      );
      let best: SemanticMatch | null = null;
      for (const row of rows) {
        const score = similarity(vector, fromBytes(row.embedding));
        if (score >= threshold && (!best || score > best.similarity))
          best = { cacheKey: row.cache_key, similarity: score };
      }
      return best;
    },

    async remember({ scopeKey, scope, cacheKey, vector, ttlSeconds }) {
      await db.query(
        `INSERT INTO semantic_cache (scope_key, team_id, api_key_id, cache_key, embedding, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
        [scopeKey, scope.teamId, scope.kind === 'key' ? scope.keyId : null, cacheKey, toBytes(vector), ttlSeconds],
      );
    },

    async purge({ teamId, keyId }) {
      const [row] = await db.query<{ deleted: number }>(
        `WITH gone AS (DELETE FROM semantic_cache WHERE team_id = $1 AND ($2::uuid IS NULL OR api_key_id = $2)
                       RETURNING 1)
         SELECT count(*)::int AS deleted FROM gone`,
        [teamId, keyId ?? null],
      );
      return row.deleted;
    },

    expire(options) {
      return purgeInBatches(
        db,
        'semantic-cache-expiry',
        async (q, batchSize) => {
          const [row] = await q.query<{ deleted: number }>(
            `WITH gone AS (
               DELETE FROM semantic_cache WHERE id IN (
                 SELECT id FROM semantic_cache WHERE expires_at <= now() ORDER BY expires_at LIMIT $1)
               RETURNING 1)
             SELECT count(*)::int AS deleted FROM gone`,
            [batchSize],
          );
          return row.deleted;
        },
        options,
      );
    },
  };
}
