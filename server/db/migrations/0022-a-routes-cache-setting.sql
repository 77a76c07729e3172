-- Migration 22: a route's cache setting.
-- An administrator turns the response cache on for a route (docs/gateway.md#caching): every request of any team's key
-- that calls the route is looked up and stored as if it sent `x-gateway-cache: true`, each key's answers its own
-- unless the key's owner chose the team scope (the route never shares answers between keys), kept cache_ttl_seconds
-- (NULL: the operator's default). Loaded with the routing table (server/routing/routeTable.ts).
ALTER TABLE model_routes
  ADD COLUMN cache_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN cache_ttl_seconds integer CHECK (cache_ttl_seconds > 0);
