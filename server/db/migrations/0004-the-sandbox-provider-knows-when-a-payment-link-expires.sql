-- Migration 4: the sandbox provider knows when a payment link expires.
-- Told at checkout creation, as a real provider is (Stripe's expires_at): it refuses payment after this moment, so no
-- money can be taken for a link we have already called expired.
ALTER TABLE sandbox_checkouts ADD COLUMN expires_at timestamptz;
UPDATE sandbox_checkouts s SET expires_at = p.expires_at FROM payments p WHERE p.order_id = s.order_id;
UPDATE sandbox_checkouts SET expires_at = updated_at WHERE expires_at IS NULL;
ALTER TABLE sandbox_checkouts ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX payments_unsettled ON payments (expires_at) WHERE status IN ('pending', 'expired');
