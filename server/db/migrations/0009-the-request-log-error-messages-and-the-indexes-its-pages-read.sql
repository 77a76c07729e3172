-- Migration 9: the request log: error messages and the indexes its pages read.
-- The message the client got for a failed request (never a request or response body).
ALTER TABLE usage_events ADD COLUMN error_message text;

-- The log's pages are keyset scans "team (and one filter) in sort order, then id" (usage/requestLog.ts): each
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
