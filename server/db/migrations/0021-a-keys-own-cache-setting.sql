-- Migration 21: a key's own cache setting.
-- An owner turns the response cache on for a key (docs/gateway.md#caching): every request of the key is then looked
-- up and stored as if it sent `x-gateway-cache: true`, under the key's scope ('key': its own answers; 'team': shared
-- with the team's other keys whose scope is the team) and its TTL (NULL: the operator's default). The gateway keeps
-- the keys with caching on in memory (server/gateway/keyCaching.ts), read through the partial index.
ALTER TABLE api_keys
  ADD COLUMN cache_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN cache_scope text NOT NULL DEFAULT 'key' CHECK (cache_scope IN ('key', 'team')),
  ADD COLUMN cache_ttl_seconds integer CHECK (cache_ttl_seconds > 0);

CREATE INDEX api_keys_caching ON api_keys (id) WHERE cache_enabled AND deleted_at IS NULL;
