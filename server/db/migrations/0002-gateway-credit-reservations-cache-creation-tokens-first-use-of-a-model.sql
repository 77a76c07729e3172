-- Migration 2: gateway: credit reservations, cache-creation tokens, first use of a model.
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
