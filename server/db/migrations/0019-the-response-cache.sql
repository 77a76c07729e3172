-- Migration 19: the response cache (docs/gateway.md#caching, issue 39).
-- One row per stored answer, under the hash of its door, route, canonical body and scope (server/cache/cacheKey.ts).
-- The team is on every row, so purging a team's or a key's answers, and holding a team to its size limit, reads only
-- that team's rows; expiry reads the expires_at index, never the whole table.
CREATE TABLE response_cache (
  cache_key text PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  -- The key whose answers these are; NULL: shared by the team's keys (the team scope).
  api_key_id uuid REFERENCES api_keys (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  -- The bytes the client was sent: a JSON body, or, for a stream, its events in the door's own format.
  streamed boolean NOT NULL,
  content_type text NOT NULL,
  body bytea NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  -- The answer stored: the x-request-id its client got, what it was billed, and who answered it.
  request_id text NOT NULL,
  cost_cents bigint NOT NULL CHECK (cost_cents >= 0),
  model text NOT NULL,
  provider text NOT NULL,
  deployment_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0
);
CREATE INDEX response_cache_expiry ON response_cache (expires_at);
CREATE INDEX response_cache_team_age ON response_cache (team_id, created_at);
CREATE INDEX response_cache_key ON response_cache (api_key_id) WHERE api_key_id IS NOT NULL;

-- A request answered from the cache is a row of the request log like any other, marked with the answer it was
-- served from and what that answer had cost (what the hit saved is that less what the hit was billed).
ALTER TABLE usage_events ADD COLUMN cached_from text;
ALTER TABLE usage_events ADD COLUMN cache_saved_cents bigint;
-- This month's savings on the dashboard, from the roll-up the dashboard already reads.
ALTER TABLE usage_daily ADD COLUMN cache_hits bigint NOT NULL DEFAULT 0;
ALTER TABLE usage_daily ADD COLUMN cache_saved_cents bigint NOT NULL DEFAULT 0;
