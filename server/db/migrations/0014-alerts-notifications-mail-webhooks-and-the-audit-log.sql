-- Migration 14: alerts, notifications, mail, webhooks and the audit log.
-- (docs/alerts.md) What the team owner asks to be told about. A team without a row has the defaults, which the
-- server keeps (contract/schemas/alerts.ts, DEFAULT_ALERT_SETTINGS) and writes in full with the owner's first change.
CREATE TABLE alert_settings (
  team_id uuid PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  budget_thresholds integer[] NOT NULL,
  balance_below_cents bigint CHECK (balance_below_cents > 0),
  runway_days integer CHECK (runway_days BETWEEN 1 AND 365),
  key_limit boolean NOT NULL,
  member_cap boolean NOT NULL,
  -- Addresses told besides the team's owners.
  extra_recipients text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every alert that fired: what it said, once.
CREATE TABLE alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('budget', 'balance', 'runway', 'key_limit', 'member_cap', 'test')),
  -- The member a member_cap alert is about (they are told too).
  subject_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL,
  message text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alerts_team_time ON alerts (team_id, created_at DESC);

-- An alert fires once per crossing per period: the first transaction to insert its (team, rule, period) fires it,
-- every other (a concurrent batch, another instance, a restart) finds the row and does nothing. A balance or runway
-- alert's row (period '') is deleted when the balance has recovered, which arms it again.
CREATE TABLE alert_state (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  rule text NOT NULL,
  period text NOT NULL,
  alert_id uuid REFERENCES alerts(id) ON DELETE SET NULL,
  fired_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, rule, period)
);

-- The bell: one row per person told.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams(id) ON DELETE CASCADE,
  alert_id uuid REFERENCES alerts(id) ON DELETE CASCADE,
  title text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_time ON notifications (user_id, created_at DESC, id);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;

-- Every email: queued in the transaction that decides to send it, then sent by SMTP (SMTP_URL) or kept here (the
-- outbox administrators read when no SMTP server is configured).
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid REFERENCES teams(id) ON DELETE CASCADE,
  alert_id uuid REFERENCES alerts(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('alert', 'invite', 'test')),
  recipients text[] NOT NULL CHECK (cardinality(recipients) > 0),
  subject text NOT NULL,
  body_text text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'kept', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX mail_outbox_time ON mail_outbox (created_at DESC, id);

-- The URLs a team owner has alerts sent to, each with its signing secret (Standard Webhooks: whsec_ + base64).
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX webhook_endpoints_team ON webhook_endpoints (team_id) WHERE deleted_at IS NULL;

-- One message to one endpoint, tried with exponential backoff for 24 hours, then failed.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  alert_id uuid REFERENCES alerts(id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_status_code integer,
  last_error text,
  response_excerpt text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX webhook_deliveries_endpoint_time ON webhook_deliveries (endpoint_id, created_at DESC, id);

-- Each try of a delivery, for the owner to read: when, the answer's status (or why there was none), how long.
CREATE TABLE webhook_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
);

-- An invitation's link names it by a token only its email holds; stored as a SHA-256 hash.
ALTER TABLE team_invites ADD COLUMN token_hash text UNIQUE;

-- (docs/audit.md) Every change an owner or administrator makes, written in the change's own transaction. No foreign
-- keys: an entry outlives what it names, and a cascade would be a delete.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  team_id uuid,
  actor_id uuid,
  actor_label text NOT NULL,
  actor_role text NOT NULL CHECK (actor_role IN ('owner', 'member', 'user', 'admin', 'system')),
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  target_label text,
  before jsonb,
  after jsonb,
  ip text,
  user_agent text
);
-- The pages' keyset scans (newest first, then id): the team's or everyone's, and each filter's.
CREATE INDEX audit_log_team ON audit_log (team_id, created_at, id);
CREATE INDEX audit_log_time ON audit_log (created_at, id);
CREATE INDEX audit_log_team_actor ON audit_log (team_id, actor_id, created_at, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at, id);
CREATE INDEX audit_log_team_action ON audit_log (team_id, action, created_at, id);
CREATE INDEX audit_log_action ON audit_log (action, created_at, id);
CREATE INDEX audit_log_team_target_type ON audit_log (team_id, target_type, created_at, id);
CREATE INDEX audit_log_target_type ON audit_log (target_type, created_at, id);
CREATE INDEX audit_log_team_target ON audit_log (team_id, target_id, created_at, id);
CREATE INDEX audit_log_target ON audit_log (target_id, created_at, id);

-- Append-only: no statement may change or delete an entry, except the retention job, which says so for its own
-- transaction (SET LOCAL audit.retention = 'on').
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('audit.retention', true) = 'on' AND TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
