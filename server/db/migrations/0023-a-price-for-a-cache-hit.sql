-- Migration 23: a price for a cache hit.
-- What a request answered from the response cache costs, per pricing tier (docs/gateway.md#caching): a whole percent
-- of what the stored answer cost, 0 (the default) for free. The tier is the one the hit's model and prompt size fall
-- in now (server/cache/hitPrice.ts).
ALTER TABLE pricing_tiers
  ADD COLUMN cache_hit_percent integer NOT NULL DEFAULT 0 CHECK (cache_hit_percent BETWEEN 0 AND 100);
