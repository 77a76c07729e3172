-- Migration 5: gateway bills survive a crash.
-- The instance that holds a reservation: on start, an instance gives back the holds of its own previous run at once
-- instead of leaving them to the 15-minute expiry.
ALTER TABLE gateway_reservations ADD COLUMN instance_id text NOT NULL DEFAULT '';
CREATE INDEX gateway_reservations_instance ON gateway_reservations (instance_id);

-- A gateway request's bill names the request (its reservation id), so replaying the journal after a crash bills a
-- request at most once.
ALTER TABLE usage_events ADD COLUMN request_id bigint;
CREATE UNIQUE INDEX usage_events_request ON usage_events (request_id) WHERE request_id IS NOT NULL;
