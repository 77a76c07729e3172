-- Migration 27: tool call content capture (docs/mcp.md#content-capture, issue 41).
-- A team may keep its tool calls' arguments and results in the request log (off by default). What is kept has been
-- through the calling key's guardrails (a rule that would redact or block leaves its placeholder), each side cut at
-- 16 KiB of JSON, and it lives on the call's own row, so the request log's retention deletes it with the row.
ALTER TABLE teams ADD COLUMN mcp_capture_content boolean NOT NULL DEFAULT false;
ALTER TABLE usage_events ADD COLUMN tool_content jsonb;
