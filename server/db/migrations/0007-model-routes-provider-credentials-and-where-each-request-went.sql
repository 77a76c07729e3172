-- Migration 7: model routes, provider credentials and where each request went.
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
