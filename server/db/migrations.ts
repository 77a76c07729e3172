import fs from 'node:fs';
import path from 'node:path';
import { LEASE_MIGRATION_SQL } from './leaseMigration';

/**
 * Plain SQL migrations, applied in order and recorded in schema_migrations. Never edit a released entry: append a
 * new one. Money is integer cents (BIGINT); pricing is integer micro-dollars per 1M tokens so 0.075 $/1M is exact.
 */
export const migrations: { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  github_id bigint UNIQUE,
  login text NOT NULL UNIQUE,
  name text,
  email text,
  is_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  budget_limit_cents bigint NOT NULL DEFAULT 0 CHECK (budget_limit_cents >= 0),
  -- Denormalised sum(credit_ledger) - sum(usage cost), kept in the same transaction as every write to either.
  credit_balance_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- UNIQUE: a user belongs to at most one team.
  user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE team_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email text NOT NULL,
  invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  UNIQUE (team_id, email)
);
CREATE INDEX team_invites_pending_email ON team_invites (email) WHERE status = 'pending';

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  key_prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX api_keys_team ON api_keys (team_id, created_at DESC);

CREATE TABLE credit_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('topup', 'refund', 'adjustment', 'transfer', 'other')),
  amount_cents bigint NOT NULL,
  description text NOT NULL,
  payment_id uuid,
  coupon_redemption_id uuid,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_team ON credit_ledger (team_id, created_at DESC);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  order_id text NOT NULL UNIQUE,
  provider text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'USD',
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'expired', 'refunded')),
  payment_url text,
  failure_reason text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  failed_at timestamptz,
  refunded_at timestamptz
);
CREATE INDEX payments_team ON payments (team_id, created_at DESC);

-- The sandbox provider's own record of what the payer did on its checkout page.
CREATE TABLE sandbox_checkouts (
  order_id text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  failure_reason text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (code = upper(code)),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  description text,
  active boolean NOT NULL DEFAULT true,
  max_uses integer NOT NULL CHECK (max_uses >= 1),
  current_uses integer NOT NULL DEFAULT 0 CHECK (current_uses >= 0),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupon_redemptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  coupon_id uuid NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  amount_cents bigint NOT NULL,
  redeemed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (coupon_id, team_id)
);
CREATE INDEX coupon_redemptions_team ON coupon_redemptions (team_id, redeemed_at DESC);

CREATE TABLE pricing_tiers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  model text NOT NULL,
  tier_name text NOT NULL,
  tier_order integer NOT NULL CHECK (tier_order >= 1),
  tier_description text,
  min_tokens bigint NOT NULL CHECK (min_tokens >= 0),
  max_tokens bigint CHECK (max_tokens IS NULL OR max_tokens > min_tokens),
  prompt_micros_per_1m bigint NOT NULL CHECK (prompt_micros_per_1m >= 0),
  completion_micros_per_1m bigint NOT NULL CHECK (completion_micros_per_1m >= 0),
  cache_create_micros_per_1m bigint,
  cache_read_micros_per_1m bigint,
  supports_caching boolean NOT NULL DEFAULT false,
  cache_min_tokens integer,
  cache_ttl_minutes integer,
  notes text,
  effective_time timestamptz NOT NULL DEFAULT now(),
  expiry_time timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pricing_tiers_model ON pricing_tiers (provider, model);

CREATE TABLE usage_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id),
  api_key_id uuid REFERENCES api_keys(id),
  model text NOT NULL,
  provider text NOT NULL,
  prompt_tokens integer NOT NULL DEFAULT 0,
  completion_tokens integer NOT NULL DEFAULT 0,
  cached_tokens integer NOT NULL DEFAULT 0,
  cost_cents bigint NOT NULL DEFAULT 0,
  latency_ms integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'success' CHECK (status IN ('success', 'error')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_events_team_time ON usage_events (team_id, created_at);

-- Daily roll-up (UTC days) maintained with every usage_events insert, so reports never scan the raw events.
CREATE TABLE usage_daily (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  day date NOT NULL,
  model text NOT NULL,
  provider text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id),
  request_count bigint NOT NULL DEFAULT 0,
  error_count bigint NOT NULL DEFAULT 0,
  prompt_tokens bigint NOT NULL DEFAULT 0,
  completion_tokens bigint NOT NULL DEFAULT 0,
  cached_tokens bigint NOT NULL DEFAULT 0,
  cost_cents bigint NOT NULL DEFAULT 0,
  latency_ms_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, day, model, provider, user_id)
);

CREATE TABLE activity_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  type text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_events_team ON activity_events (team_id, created_at DESC);
`,
  },
  {
    id: 2,
    name: 'gateway: credit reservations, cache-creation tokens, first use of a model',
    sql: `
-- Credits held by requests in flight: available = credit_balance_cents - reserved_cents. Moved by one conditional
-- UPDATE when a request is admitted and in the settlement that bills it.
ALTER TABLE teams ADD COLUMN reserved_cents bigint NOT NULL DEFAULT 0;

-- One row per held reservation, so a crashed instance's holds expire (the sweeper gives them back) instead of
-- shrinking the team's available credit for ever.
CREATE TABLE gateway_reservations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX gateway_reservations_expiry ON gateway_reservations (expires_at);

ALTER TABLE usage_events ADD COLUMN cache_creation_tokens integer NOT NULL DEFAULT 0;

-- The models each team has used successfully; an insert that is not a conflict is the first use of a model.
CREATE TABLE team_models (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  provider text NOT NULL,
  model text NOT NULL,
  first_used_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, provider, model)
);
INSERT INTO team_models (team_id, provider, model, first_used_at)
SELECT team_id, provider, model, min(day)::timestamptz FROM usage_daily WHERE request_count > error_count
GROUP BY team_id, provider, model;
`,
  },
  {
    id: 3,
    name: 'sessions that can be ended',
    sql: `
-- A session token names its row; signing out ends the row, so a copied token stops working at once. Rows outlive
-- their expiry briefly and are deleted when their user next signs in.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);
`,
  },
  {
    id: 4,
    name: 'the sandbox provider knows when a payment link expires',
    sql: `
-- Told at checkout creation, as a real provider is (Stripe's expires_at): it refuses payment after this moment, so no
-- money can be taken for a link we have already called expired.
ALTER TABLE sandbox_checkouts ADD COLUMN expires_at timestamptz;
UPDATE sandbox_checkouts s SET expires_at = p.expires_at FROM payments p WHERE p.order_id = s.order_id;
UPDATE sandbox_checkouts SET expires_at = updated_at WHERE expires_at IS NULL;
ALTER TABLE sandbox_checkouts ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX payments_unsettled ON payments (expires_at) WHERE status IN ('pending', 'expired');
`,
  },
  {
    id: 5,
    name: 'gateway bills survive a crash',
    sql: `
-- The instance that holds a reservation: on start, an instance gives back the holds of its own previous run at once
-- instead of leaving them to the 15-minute expiry.
ALTER TABLE gateway_reservations ADD COLUMN instance_id text NOT NULL DEFAULT '';
CREATE INDEX gateway_reservations_instance ON gateway_reservations (instance_id);

-- A gateway request's bill names the request (its reservation id), so replaying the journal after a crash bills a
-- request at most once.
ALTER TABLE usage_events ADD COLUMN request_id bigint;
CREATE UNIQUE INDEX usage_events_request ON usage_events (request_id) WHERE request_id IS NOT NULL;
`,
  },
  {
    id: 6,
    name: 'no ledger entry of ours reads Unknown',
    sql: `
-- The demo seed wrote its thank-you credit as 'other', which the dashboard labels 'Unknown'; it was an adjustment.
-- Nothing the server writes uses 'other' any more.
UPDATE credit_ledger SET type = 'adjustment' WHERE type = 'other';
`,
  },
  {
    id: 7,
    name: 'model routes, provider credentials and where each request went',
    sql: `
-- Provider API keys entered by an admin (docs/gateway.md#credentials). The secret is stored only encrypted
-- (AES-256-GCM with GATEWAY_CREDENTIALS_KEY, "v1:" iv, tag and ciphertext in base64url); its last four characters are
-- kept in clear so admins can tell keys apart. It is never sent back.
CREATE TABLE provider_credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  name text NOT NULL,
  secret_ciphertext text NOT NULL,
  secret_hint text NOT NULL,
  base_url text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, name)
);

-- A model name clients call (an alias such as team/default-smart, or a real model name it takes over) and the
-- policy for trying its deployments (docs/gateway.md#model-routes).
CREATE TABLE model_routes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  max_retries integer NOT NULL DEFAULT 1 CHECK (max_retries BETWEEN 0 AND 5),
  backoff_ms integer NOT NULL DEFAULT 200 CHECK (backoff_ms BETWEEN 0 AND 60000),
  cooldown_failures integer NOT NULL DEFAULT 3 CHECK (cooldown_failures BETWEEN 1 AND 10000),
  cooldown_seconds integer NOT NULL DEFAULT 30 CHECK (cooldown_seconds BETWEEN 1 AND 86400),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Where a route sends requests: lower rank first; deployments of equal rank share load by weight. No credential:
-- the provider's key from the environment.
CREATE TABLE route_deployments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  route_id uuid NOT NULL REFERENCES model_routes(id) ON DELETE CASCADE,
  rank integer NOT NULL DEFAULT 1 CHECK (rank BETWEEN 1 AND 100),
  weight integer NOT NULL DEFAULT 1 CHECK (weight BETWEEN 1 AND 1000),
  provider text NOT NULL,
  model text NOT NULL,
  credential_id uuid REFERENCES provider_credentials(id) ON DELETE RESTRICT,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX route_deployments_route ON route_deployments (route_id);

-- Which API a request came in through, the route and deployment that answered it (or failed), the time to its
-- first streamed byte, and why it failed. Each failed try of a fallback is its own zero-cost error event.
ALTER TABLE usage_events ADD COLUMN endpoint text NOT NULL DEFAULT 'chat.completions';
ALTER TABLE usage_events ADD COLUMN route_name text;
ALTER TABLE usage_events ADD COLUMN deployment_id uuid;
ALTER TABLE usage_events ADD COLUMN ttft_ms integer;
ALTER TABLE usage_events ADD COLUMN error_code text;
-- The provider health view reads the last day of every team's events.
CREATE INDEX usage_events_time ON usage_events (created_at);
`,
  },
  {
    id: 8,
    name: 'per-key controls, member caps and key rotation',
    sql: `
-- Per-key controls (docs/governance.md#per-key-controls). NULL limits are "no limit".
ALTER TABLE api_keys
  ADD COLUMN spend_limit_cents bigint CHECK (spend_limit_cents > 0),
  ADD COLUMN limit_period text NOT NULL DEFAULT 'none' CHECK (limit_period IN ('none', 'daily', 'weekly', 'monthly')),
  ADD COLUMN rpm_limit integer CHECK (rpm_limit > 0),
  ADD COLUMN tpm_limit bigint CHECK (tpm_limit > 0),
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN allowed_models text[] NOT NULL DEFAULT '{}',
  ADD COLUMN note text NOT NULL DEFAULT '',
  -- The key's counters, moved by gateway_admit and the settlement: credits held by its requests in flight, what it
  -- spent in the period starting at spend_period_start (NULL: the 'none' period, since creation), and the requests
  -- and tokens of the UTC minute rate_minute.
  ADD COLUMN reserved_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN period_spend_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN spend_period_start timestamptz,
  ADD COLUMN rate_minute timestamptz,
  ADD COLUMN rate_requests integer NOT NULL DEFAULT 0,
  ADD COLUMN rate_tokens bigint NOT NULL DEFAULT 0,
  -- Rotation: the previous secret, as a SHA-256 hash like key_hash, works until previous_key_expires_at.
  ADD COLUMN previous_key_hash text UNIQUE,
  ADD COLUMN previous_key_prefix text,
  ADD COLUMN previous_key_expires_at timestamptz,
  ADD COLUMN rotated_at timestamptz;

-- The owner's monthly cap on a member's keys together, and the credits the member's requests in flight hold.
ALTER TABLE team_members
  ADD COLUMN monthly_cap_cents bigint CHECK (monthly_cap_cents >= 0),
  ADD COLUMN reserved_cents bigint NOT NULL DEFAULT 0;

-- A hold names the key and member it is also held on, and the tokens it counts in its minute's rate window, so the
-- settlement and the expiry sweep give back all of it.
ALTER TABLE gateway_reservations
  ADD COLUMN key_id uuid,
  ADD COLUMN user_id uuid,
  ADD COLUMN tokens bigint NOT NULL DEFAULT 0,
  ADD COLUMN minute timestamptz;

-- The SQL twin of contract/keyLimits.ts (server/test/keyLimits.test.ts checks they agree): the UTC calendar period
-- holding "at", and its end. NULL for 'none'.
CREATE FUNCTION key_period_start(period text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT timezone('UTC', date_trunc(CASE period WHEN 'daily' THEN 'day' WHEN 'weekly' THEN 'week' ELSE 'month' END,
                                    timezone('UTC', at)))
  WHERE period <> 'none'
$$;
CREATE FUNCTION key_period_end(period text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT timezone('UTC', timezone('UTC', key_period_start(period, at))
                         + CASE period WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '1 week'
                                       ELSE interval '1 month' END)
  WHERE period <> 'none'
$$;

-- Admission (server/services/reservations.ts): ONE statement. It locks the key, its member and its team, always in
-- that order (the settlement locks in the same order), checks every limit against the locked rows, and holds the
-- request's worst case on all three and its tokens in the key's minute, or changes nothing and says why.
CREATE FUNCTION gateway_admit(
  p_key_hash text, p_amount bigint, p_ttl_seconds integer, p_instance text, p_models text[], p_tokens bigint,
  OUT key_id uuid, OUT team_id uuid, OUT user_id uuid, OUT reservation_id bigint,
  OUT refusal text, OUT limit_value bigint, OUT resets_at timestamptz, OUT retry_after integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k record;
  m record;
  t record;
  v_now timestamptz := now();
  v_minute timestamptz := date_trunc('minute', now(), 'UTC');
  v_requests integer;
  v_tokens bigint;
  v_spend bigint;
BEGIN
  SELECT a.* INTO k FROM api_keys a
  WHERE (a.key_hash = p_key_hash OR (a.previous_key_hash = p_key_hash AND a.previous_key_expires_at > v_now))
    AND a.is_active AND a.deleted_at IS NULL
  FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  -- A key works only while its creator belongs to its team.
  SELECT tm.* INTO m FROM team_members tm WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'invalid_key'; RETURN; END IF;
  key_id := k.id;
  team_id := k.team_id;
  user_id := k.user_id;

  IF k.expires_at <= v_now THEN
    refusal := 'key_expired'; resets_at := k.expires_at; RETURN;
  END IF;
  IF cardinality(k.allowed_models) > 0 AND NOT (k.allowed_models && p_models) THEN
    refusal := 'model_not_allowed'; RETURN;
  END IF;
  v_requests := CASE WHEN k.rate_minute = v_minute THEN k.rate_requests ELSE 0 END;
  v_tokens := CASE WHEN k.rate_minute = v_minute THEN k.rate_tokens ELSE 0 END;
  retry_after := GREATEST(1, ceil(extract(epoch FROM v_minute + interval '1 minute' - v_now)))::integer;
  IF v_requests >= k.rpm_limit THEN
    refusal := 'rpm_exceeded'; limit_value := k.rpm_limit; RETURN;
  END IF;
  IF v_tokens + p_tokens > k.tpm_limit THEN
    refusal := 'tpm_exceeded'; limit_value := k.tpm_limit; RETURN;
  END IF;
  retry_after := NULL;
  v_spend := CASE WHEN k.spend_period_start IS NOT DISTINCT FROM key_period_start(k.limit_period, v_now)
                  THEN k.period_spend_cents ELSE 0 END;
  IF v_spend + k.reserved_cents >= k.spend_limit_cents THEN
    refusal := 'key_budget_exceeded'; limit_value := k.spend_limit_cents;
    resets_at := key_period_end(k.limit_period, v_now); RETURN;
  END IF;
  IF m.monthly_cap_cents IS NOT NULL AND m.reserved_cents + (
       SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
       WHERE d.team_id = k.team_id AND d.user_id = k.user_id
         AND d.day >= date_trunc('month', timezone('UTC', v_now))::date) >= m.monthly_cap_cents THEN
    refusal := 'member_budget_exceeded'; limit_value := m.monthly_cap_cents;
    resets_at := key_period_end('monthly', v_now); RETURN;
  END IF;

  SELECT tt.credit_balance_cents - tt.reserved_cents AS available, tt.budget_limit_cents, tt.reserved_cents INTO t
  FROM teams tt WHERE tt.id = k.team_id FOR NO KEY UPDATE;
  IF t.available <= 0 THEN refusal := 'insufficient_credits'; RETURN; END IF;
  IF t.budget_limit_cents > 0 AND t.reserved_cents + (
       SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
       WHERE d.team_id = k.team_id AND d.day >= date_trunc('month', timezone('UTC', v_now))::date
     ) >= t.budget_limit_cents THEN
    refusal := 'budget_exceeded'; limit_value := t.budget_limit_cents; RETURN;
  END IF;

  UPDATE api_keys a SET reserved_cents = a.reserved_cents + p_amount, rate_minute = v_minute,
                        rate_requests = v_requests + 1, rate_tokens = v_tokens + p_tokens
  WHERE a.id = k.id;
  UPDATE team_members tm SET reserved_cents = tm.reserved_cents + p_amount
  WHERE tm.team_id = k.team_id AND tm.user_id = k.user_id;
  UPDATE teams tt SET reserved_cents = tt.reserved_cents + p_amount WHERE tt.id = k.team_id;
  INSERT INTO gateway_reservations (team_id, key_id, user_id, amount_cents, tokens, minute, expires_at, instance_id)
  VALUES (k.team_id, k.id, k.user_id, p_amount, p_tokens, v_minute, v_now + make_interval(secs => p_ttl_seconds),
          p_instance)
  RETURNING id INTO reservation_id;
END
$$;
`,
  },
  {
    id: 9,
    name: 'the request log: error messages and the indexes its pages read',
    sql: `
-- The message the client got for a failed request (never a request or response body).
ALTER TABLE usage_events ADD COLUMN error_message text;

-- The log's pages are keyset scans "team (and one filter) in sort order, then id" (services/requestLog.ts): each
-- index below serves one filter or one sort without reading the team's other events. They replace
-- usage_events_team_time, whose (team_id, created_at) prefix the first one covers. Every index costs the gateway's
-- write path one more insert per request (docs/governance.md#request-log measures it), so there is one per filter
-- and sort, not one per combination: a filter under a non-time sort reads that filter's index in time order and
-- sorts at most the filter's rows of the chosen range.
CREATE INDEX usage_events_log ON usage_events (team_id, created_at, id);
DROP INDEX usage_events_team_time;
CREATE INDEX usage_events_log_key ON usage_events (team_id, api_key_id, created_at, id);
CREATE INDEX usage_events_log_member ON usage_events (team_id, user_id, created_at, id);
CREATE INDEX usage_events_log_model ON usage_events (team_id, model, created_at, id);
-- Failures are ~2% of the events: a partial index is small and costs successful requests nothing.
CREATE INDEX usage_events_log_errors ON usage_events (team_id, created_at, id) WHERE status = 'error';
CREATE INDEX usage_events_log_cost ON usage_events (team_id, cost_cents, id);
CREATE INDEX usage_events_log_latency ON usage_events (team_id, latency_ms, id);
CREATE INDEX usage_events_log_tokens ON usage_events (team_id, (prompt_tokens + completion_tokens), id);
`,
  },
  { id: 10, name: 'credit leases and instance heartbeats', sql: LEASE_MIGRATION_SQL },
  ...sqlFiles(path.join(__dirname, 'migrations')),
];

/** Migrations from 11 on: one `NNNN-name.sql` file each in server/db/migrations/, applied in their number's order. */
function sqlFiles(folder: string) {
  return fs
    .readdirSync(folder)
    .filter((file) => /^\d{4}-.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      id: Number(file.slice(0, 4)),
      name: file.slice(5, -'.sql'.length).replaceAll('-', ' '),
      sql: fs.readFileSync(path.join(folder, file), 'utf8'),
    }));
}
