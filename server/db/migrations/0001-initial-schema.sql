-- Migration 1: initial schema.
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
