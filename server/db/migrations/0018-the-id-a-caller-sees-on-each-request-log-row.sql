-- Migration 18: the id a caller sees on each request log row.
-- Every gateway answer carries x-request-id; a row of the request log (usage_events) now keeps it, so a user who has
-- that id from a failing call finds the call (and its failed tries, which share it) in the log (docs/governance.md,
-- "Request log"). Rows written before this migration have none.
ALTER TABLE usage_events ADD COLUMN caller_request_id text;
CREATE INDEX usage_events_team_caller_request ON usage_events (team_id, caller_request_id)
  WHERE caller_request_id IS NOT NULL;
