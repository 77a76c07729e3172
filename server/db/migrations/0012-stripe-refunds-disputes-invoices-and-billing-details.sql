-- Migration 12: Stripe, refunds and disputes, numbered invoices and credit notes, billing details.
-- (docs/payments.md) A payment remembers the provider's ids: its checkout (Stripe's Checkout Session, the sandbox's
-- order) and the money movement refunds and disputes name (Stripe's PaymentIntent), known once it is paid.
ALTER TABLE payments
  ADD COLUMN provider_checkout_id text,
  ADD COLUMN provider_payment_id text,
  -- What the provider has given back so far; charge.refunded reports the running total, so applying it is "raise to".
  ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0;
UPDATE payments SET refunded_cents = amount_cents WHERE status = 'refunded';
ALTER TABLE payments ADD CONSTRAINT payments_refunded_within_amount CHECK (refunded_cents BETWEEN 0 AND amount_cents);
CREATE UNIQUE INDEX payments_provider_payment ON payments (provider, provider_payment_id)
  WHERE provider_payment_id IS NOT NULL;

-- Every provider event we were sent, once: its effect is applied in the same transaction as this row is inserted, so a
-- repeated or concurrent delivery finds the row and changes nothing. An event about a payment we cannot match yet (a
-- refund that overtook the payment's completion) waits here with its effect until the payment completes.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  order_id text,
  provider_payment_id text,
  outcome text NOT NULL CHECK (outcome IN ('applied', 'unchanged', 'unknown_order', 'waiting', 'ignored')),
  effect jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz,
  PRIMARY KEY (provider, event_id)
);
CREATE INDEX payment_events_waiting ON payment_events (provider, provider_payment_id) WHERE outcome = 'waiting';

-- A dispute (chargeback) of a payment: opened, then won or lost. Only the move to 'lost' takes money back, once.
CREATE TABLE payment_disputes (
  provider text NOT NULL,
  dispute_id text NOT NULL,
  payment_id uuid NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL CHECK (status IN ('open', 'won', 'lost')),
  reason text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  PRIMARY KEY (provider, dispute_id)
);

-- What the team wants on its invoices (the owner edits it on Billing).
CREATE TABLE team_billing_details (
  team_id uuid PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  legal_name text NOT NULL,
  address text NOT NULL,
  tax_id text NOT NULL DEFAULT '',
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The last number issued in each series (INV, CN) and year. A number is taken by updating this row in the transaction
-- that issues the document, so a rollback gives it back: no gaps, unlike a sequence.
CREATE TABLE document_counters (
  series text NOT NULL,
  year integer NOT NULL,
  last_number integer NOT NULL CHECK (last_number > 0),
  PRIMARY KEY (series, year)
);

-- Invoices (series INV, one per completed payment) and credit notes (series CN, one per refund, naming the invoice they
-- correct). The seller's and buyer's details are copied in when the document is issued: a document never changes.
CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE,
  series text NOT NULL CHECK (series IN ('INV', 'CN')),
  year integer NOT NULL,
  sequence integer NOT NULL CHECK (sequence > 0),
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  payment_id uuid NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  corrects_invoice_id uuid REFERENCES invoices(id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL,
  currency text NOT NULL,
  total_cents bigint NOT NULL CHECK (total_cents > 0),
  reason text,
  seller jsonb NOT NULL,
  buyer jsonb NOT NULL,
  lines jsonb NOT NULL,
  UNIQUE (series, year, sequence),
  CHECK ((series = 'CN') = (corrects_invoice_id IS NOT NULL))
);
CREATE UNIQUE INDEX invoices_one_per_payment ON invoices (payment_id) WHERE series = 'INV';
CREATE INDEX invoices_team ON invoices (team_id, issued_at DESC);

-- The document behind a ledger entry: a top-up's invoice, a refund's credit note (read by the monthly statement).
ALTER TABLE credit_ledger ADD COLUMN document_id uuid REFERENCES invoices(id) ON DELETE SET NULL;
