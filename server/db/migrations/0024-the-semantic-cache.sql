-- Migration 24: the semantic cache (docs/gateway.md#semantic-cache, issue 39).
-- A route may answer a single-turn request from the cached answer of one that meant the same: the last user message
-- is embedded through semantic_cache_model (billed to the team as an embeddings request), and a cached answer whose
-- prompt's embedding is at least semantic_cache_threshold similar (cosine) is served. NULL model: off.
ALTER TABLE model_routes
  ADD COLUMN semantic_cache_model text,
  ADD COLUMN semantic_cache_threshold real NOT NULL DEFAULT 0.95
    CHECK (semantic_cache_threshold > 0 AND semantic_cache_threshold <= 1),
  -- Single-turn requests only (false), or also a conversation's last user message when its earlier turns are identical.
  ADD COLUMN semantic_cache_conversations boolean NOT NULL DEFAULT false;

-- One row per answer stored with its prompt's embedding (float32, little-endian). scope_key is the hash of everything
-- the answer depends on but the prompt's words (the door, the route, the rest of the body, the key's or team's
-- scope), so a search reads only the rows that could match, newest first and bounded (server/cache/semanticCache.ts):
-- neither PGlite nor Debian 12's PostgreSQL ships pgvector, and an exact search of a bounded set needs no index.
CREATE TABLE semantic_cache (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scope_key text NOT NULL,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  -- The key whose answer this is; NULL: the team scope.
  api_key_id uuid REFERENCES api_keys (id) ON DELETE CASCADE,
  -- The answer, in the response cache's store (the database's or Redis): gone there, this row matches nothing.
  cache_key text NOT NULL,
  embedding bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX semantic_cache_scope ON semantic_cache (scope_key, created_at DESC);
CREATE INDEX semantic_cache_expiry ON semantic_cache (expires_at);
CREATE INDEX semantic_cache_team ON semantic_cache (team_id, api_key_id);
