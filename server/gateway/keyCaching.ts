/**
 * The keys whose owner turned the response cache on (migration 21; docs/gateway.md#caching), kept in memory like the
 * routing table (reloadingCache.ts): a request reads its key's setting with no round trip, and an edit of any key
 * (the `keys` change notice) or a key created with caching on (`caching`) makes the next read reload.
 */
import type { Queryable } from '../db/types';
import type { CacheSetting } from '../cache/cacheRequest';
import type { CacheScopeName } from '../../contract/schemas/apiKeys';
import { createReloadingCache } from './reloadingCache';

/** Reloaded this often even without a notice (one lost while the listening connection was down), as the routing table is. */
const RELOAD_MS = 5_000;

export async function loadKeyCaching(q: Queryable): Promise<ReadonlyMap<string, CacheSetting>> {
  const rows = await q.query<{ id: string; cache_scope: CacheScopeName; cache_ttl_seconds: number | null }>(
    'SELECT id, cache_scope, cache_ttl_seconds FROM api_keys WHERE cache_enabled AND deleted_at IS NULL',
  );
  return new Map(
    rows.map((row) => [row.id, { enabled: true, scope: row.cache_scope, ttlSeconds: row.cache_ttl_seconds }]),
  );
}

export const createKeyCaching = (q: Queryable) => createReloadingCache(() => loadKeyCaching(q), RELOAD_MS);

export type KeyCaching = ReturnType<typeof createKeyCaching>;
