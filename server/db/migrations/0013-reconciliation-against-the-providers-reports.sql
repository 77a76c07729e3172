-- Migration 13: reconciliation against the providers' reports.
-- A stored credential may carry its provider's admin (usage) key, sealed like its secret (docs/gateway.md#reconciliation):
-- with it, the gateway reads the provider's own daily usage and cost report and compares it, per day and model, with
-- what it recorded for that credential.
ALTER TABLE provider_credentials
  ADD COLUMN usage_key_ciphertext text,
  ADD COLUMN usage_key_hint text,
  -- The last reconciliation of this credential, and why it failed (null: it did not).
  ADD COLUMN reconciled_at timestamptz,
  ADD COLUMN reconcile_error text;

-- One row per credential, UTC day and model: our counts (usage_events of the deployments that use the credential)
-- and the provider's, as last read. Written again at every reconciliation of the day (the provider's report for a
-- recent day grows while the day lasts).
CREATE TABLE reconciliation_days (
  credential_id uuid NOT NULL REFERENCES provider_credentials(id) ON DELETE CASCADE,
  day date NOT NULL,
  model text NOT NULL,
  ours_requests bigint NOT NULL DEFAULT 0,
  ours_input_tokens bigint NOT NULL DEFAULT 0,
  ours_output_tokens bigint NOT NULL DEFAULT 0,
  ours_cached_tokens bigint NOT NULL DEFAULT 0,
  ours_cost_cents bigint NOT NULL DEFAULT 0,
  theirs_input_tokens bigint NOT NULL DEFAULT 0,
  theirs_output_tokens bigint NOT NULL DEFAULT 0,
  theirs_cached_tokens bigint NOT NULL DEFAULT 0,
  -- null: the provider's cost report had no line for it.
  theirs_cost_cents bigint,
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (credential_id, day, model)
);
CREATE INDEX reconciliation_days_day ON reconciliation_days (day DESC);

-- A job that talks to the outside (a provider's report) runs on one instance at a time without holding a transaction
-- open while it waits: an instance claims it until a time, and gives it back when done (perSchema.ts claimJob).
CREATE TABLE job_claims (
  job text PRIMARY KEY,
  until timestamptz NOT NULL
);
