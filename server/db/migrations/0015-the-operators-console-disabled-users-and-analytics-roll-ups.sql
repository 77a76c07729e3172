-- Migration 15: the operator's console, disabled users and analytics roll-ups.
-- An administrator may disable a user (docs/governance.md#disabled-users): their sessions end, sign-in is refused and
-- their keys stop (credit/sql/admit.sql and lease.sql refuse a key whose creator is disabled).
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

-- A request's latency as a bucket of a histogram (docs/gateway.md#analytics): 0 for up to 1 ms, then bucket b holds
-- (1.2^(b-1), 1.2^b] ms, so a percentile read from the buckets is within 10% of the true one. Its inverse, the
-- bucket's range, is latencyBucketRange in server/analytics/latency.ts (latency.test.ts checks they agree).
CREATE FUNCTION latency_bucket(ms integer) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN ms <= 1 THEN 0 ELSE LEAST(ceil(ln(ms::float8) / ln(1.2)), 32767)::smallint END
$$;

-- The administrators' analytics read these two roll-ups, written with usage_daily by the same settlement statement
-- (credit/writeBills.ts), so a query over a year reads thousands of rows whatever the traffic:
-- every team's day by model and latency bucket (totals, providers, models, percentiles) ...
CREATE TABLE usage_daily_models (
  day date NOT NULL,
  provider text NOT NULL,
  model text NOT NULL,
  latency_bucket smallint NOT NULL,
  request_count bigint NOT NULL DEFAULT 0,
  error_count bigint NOT NULL DEFAULT 0,
  prompt_tokens bigint NOT NULL DEFAULT 0,
  completion_tokens bigint NOT NULL DEFAULT 0,
  cached_tokens bigint NOT NULL DEFAULT 0,
  cost_cents bigint NOT NULL DEFAULT 0,
  latency_ms_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, provider, model, latency_bucket)
);

-- ... and each team's day (the teams' breakdown, top teams, the calls of a day).
CREATE TABLE usage_daily_teams (
  day date NOT NULL,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  request_count bigint NOT NULL DEFAULT 0,
  error_count bigint NOT NULL DEFAULT 0,
  prompt_tokens bigint NOT NULL DEFAULT 0,
  completion_tokens bigint NOT NULL DEFAULT 0,
  cached_tokens bigint NOT NULL DEFAULT 0,
  cost_cents bigint NOT NULL DEFAULT 0,
  latency_ms_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, team_id)
);
CREATE INDEX usage_daily_teams_team ON usage_daily_teams (team_id, day);

-- What is already recorded: the teams' days from usage_daily (which keeps every day), the latency buckets from the
-- events still kept (REQUEST_LOG_RETENTION_DAYS); what only usage_daily still has goes in bucket -1, "latency not
-- known", which the percentiles leave out.
INSERT INTO usage_daily_teams (day, team_id, request_count, error_count, prompt_tokens, completion_tokens,
                               cached_tokens, cost_cents, latency_ms_sum)
SELECT day, team_id, sum(request_count), sum(error_count), sum(prompt_tokens), sum(completion_tokens),
       sum(cached_tokens), sum(cost_cents), sum(latency_ms_sum)
FROM usage_daily GROUP BY 1, 2;

INSERT INTO usage_daily_models (day, provider, model, latency_bucket, request_count, error_count, prompt_tokens,
                                completion_tokens, cached_tokens, cost_cents, latency_ms_sum)
SELECT timezone('UTC', created_at)::date, provider, model, latency_bucket(latency_ms), count(*),
       count(*) FILTER (WHERE status = 'error'), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens),
       sum(cost_cents), sum(latency_ms)
FROM usage_events GROUP BY 1, 2, 3, 4;

-- What the events no longer cover, from usage_daily, without a latency histogram.
INSERT INTO usage_daily_models (day, provider, model, latency_bucket, request_count, error_count, prompt_tokens,
                                completion_tokens, cached_tokens, cost_cents, latency_ms_sum)
SELECT d.day, d.provider, d.model, -1, sum(d.request_count) - COALESCE(max(e.requests), 0),
       sum(d.error_count) - COALESCE(max(e.errors), 0), sum(d.prompt_tokens) - COALESCE(max(e.prompt), 0),
       sum(d.completion_tokens) - COALESCE(max(e.completion), 0), sum(d.cached_tokens) - COALESCE(max(e.cached), 0),
       sum(d.cost_cents) - COALESCE(max(e.cost), 0), sum(d.latency_ms_sum) - COALESCE(max(e.latency), 0)
FROM usage_daily d
LEFT JOIN (SELECT day, provider, model, sum(request_count) AS requests, sum(error_count) AS errors,
                  sum(prompt_tokens) AS prompt, sum(completion_tokens) AS completion, sum(cached_tokens) AS cached,
                  sum(cost_cents) AS cost, sum(latency_ms_sum) AS latency
           FROM usage_daily_models GROUP BY 1, 2, 3) e
  ON (e.day, e.provider, e.model) = (d.day, d.provider, d.model)
GROUP BY d.day, d.provider, d.model
HAVING sum(d.request_count) > COALESCE(max(e.requests), 0);

-- The credits sold over a period (payments completed, coupons redeemed) are read by their time.
CREATE INDEX payments_completed_at ON payments (completed_at) WHERE completed_at IS NOT NULL;
CREATE INDEX coupon_redemptions_redeemed_at ON coupon_redemptions (redeemed_at);
CREATE INDEX credit_ledger_created_at ON credit_ledger (created_at);
