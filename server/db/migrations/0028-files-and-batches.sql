-- Migration 28: files and batches (docs/batches.md, issue 42).
-- OpenAI's Files and Batch APIs: a team's members upload JSONL files of requests and run them as a batch, in the
-- background, at the batch price (a percent of the tier's price, 50 unless the operator sets another). A batch holds
-- its whole worst case at creation as a credit lease of its own (instance 'batch:<id>', credit/sql/batch.sql); each
-- line's bill takes its cost out of that lease, in the same transaction as its result, and what is left is given back
-- when the batch ends.
ALTER TABLE pricing_tiers ADD COLUMN batch_percent integer NOT NULL DEFAULT 50
  CHECK (batch_percent BETWEEN 0 AND 100);

CREATE TABLE gateway_files (
  id text PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- The member whose key uploaded it (or whose batch wrote it): a file is seen only through that member's keys.
  user_id uuid NOT NULL,
  purpose text NOT NULL,
  filename text NOT NULL,
  bytes bigint NOT NULL,
  -- The content, when FILES_STORE is database (the default); null when it is kept in FILES_DIR.
  content bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);
CREATE INDEX gateway_files_owner ON gateway_files (team_id, user_id, created_at DESC, id DESC);
CREATE INDEX gateway_files_expiry ON gateway_files (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE gateway_batches (
  id text PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  input_file_id text NOT NULL,
  completion_window text NOT NULL,
  status text NOT NULL,
  metadata jsonb,
  -- The hold: the lease it is held on, and how much it held at creation.
  lease_id bigint NOT NULL,
  held_cents bigint NOT NULL,
  total_lines integer NOT NULL,
  output_file_id text,
  error_file_id text,
  errors jsonb,
  -- The instance running it, until when (another takes it over after that: server/batches/runner.ts).
  claimed_by text,
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  in_progress_at timestamptz,
  finalizing_at timestamptz,
  completed_at timestamptz,
  failed_at timestamptz,
  expired_at timestamptz,
  cancelling_at timestamptz,
  cancelled_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX gateway_batches_owner ON gateway_batches (team_id, user_id, created_at DESC, id DESC);
CREATE INDEX gateway_batches_open ON gateway_batches (claimed_until)
  WHERE status IN ('in_progress', 'finalizing', 'cancelling');

-- Request ids for batch lines (the idempotency key of their bills), above every lease block and reservation id.
CREATE SEQUENCE gateway_batch_request_ids START WITH 2000000000000000;

CREATE TABLE gateway_batch_lines (
  batch_id text NOT NULL REFERENCES gateway_batches(id) ON DELETE CASCADE,
  line integer NOT NULL,
  custom_id text NOT NULL,
  body jsonb NOT NULL,
  hold_cents bigint NOT NULL,
  request_id bigint NOT NULL UNIQUE DEFAULT nextval('gateway_batch_request_ids'),
  -- pending, running (sent by an instance: never sent again), done or failed.
  status text NOT NULL DEFAULT 'pending',
  status_code integer,
  response jsonb,
  error jsonb,
  PRIMARY KEY (batch_id, line)
);
CREATE INDEX gateway_batch_lines_pending ON gateway_batch_lines (batch_id, line) WHERE status = 'pending';

-- A batch line's bill names its batch (the request log shows it).
ALTER TABLE usage_events ADD COLUMN batch_id text;
