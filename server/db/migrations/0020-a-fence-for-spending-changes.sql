-- Migration 20: a fence for spending changes.
-- A spending change (a key revoked or edited, a member capped, a budget lowered) holds on every instance before its
-- reply is sent (server/credit/fence.ts, docs/deploy.md#credit-leases). Each change takes the next number;
-- each instance writes the highest number it has heard (after dropping its credit leases) as keys_seen, and the
-- change's reply waits until every live instance has. An instance trusts its leases only while its heartbeat finds it
-- up to date, so one that never hears a change stops admitting from leases within a bounded time.
CREATE SEQUENCE gateway_key_changes;

ALTER TABLE gateway_instances ADD COLUMN keys_seen bigint NOT NULL DEFAULT 0;
