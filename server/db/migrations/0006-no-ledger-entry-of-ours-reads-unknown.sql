-- Migration 6: no ledger entry of ours reads Unknown.
-- The demo seed wrote its thank-you credit as 'other', which the dashboard labels 'Unknown'; it was an adjustment.
-- Nothing the server writes uses 'other' any more.
UPDATE credit_ledger SET type = 'adjustment' WHERE type = 'other';
