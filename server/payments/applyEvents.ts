import type { OperatorDetails } from '../invoicing/settings';
import { lockFor } from '../db/perSchema';
import type { Db, Queryable } from '../db/types';
import { issueCreditNote, issueInvoice } from '../invoicing/documents';
import { formatCents } from '../lib/money';
import { recordActivity } from '../teams/activity';
import { appendLedgerEntry } from '../ledger/ledger';
import type { CheckoutReport, PaymentEffect, ProviderEvent } from './provider';

/**
 * Where a provider's word becomes our state, and money moves: completion (credit and invoice), failure, expiry,
 * refunds (debit and credit note) and disputes (a lost one is a debit). Every move is a conditional write in the
 * caller's transaction with its ledger entry and document, so whatever calls it (a webhook, a re-check, the
 * reconciler), however often and concurrently, each move happens once.
 */
export type Outcome = 'applied' | 'unchanged' | 'unknown_order' | 'waiting' | 'ignored';

interface PaymentRow {
  id: string;
  team_id: string;
  order_id: string;
  amount_cents: number;
  refunded_cents: number;
  currency: string;
  description: string;
  created_by: string | null;
}

/**
 * A provider's payment (its PaymentIntent) is completed, refunded and disputed by different events that may arrive in
 * any order and at once; each takes this lock first, so they apply one after another and a refund never misses the
 * completion it waits for.
 */
const lockPaymentRef = (q: Queryable, provider: string, ref: string) => lockFor(q, `payment:${provider}:${ref}`);

/** Applies what the provider says about one checkout. */
export async function applyCheckout(
  q: Queryable,
  provider: string,
  report: CheckoutReport,
  operator: OperatorDetails,
): Promise<Outcome> {
  if (report.paymentRef) await lockPaymentRef(q, provider, report.paymentRef);
  const moved = await moveCheckout(q, provider, report, operator);
  if (moved) return 'applied';
  const [known] = await q.query('SELECT 1 FROM payments WHERE order_id = $1 AND provider = $2', [
    report.orderId,
    provider,
  ]);
  return known ? 'unchanged' : 'unknown_order';
}

async function moveCheckout(q: Queryable, provider: string, report: CheckoutReport, operator: OperatorDetails) {
  switch (report.state) {
    case 'completed':
      return completePayment(q, provider, report, operator);
    case 'failed': {
      const rows = await q.query(
        `UPDATE payments SET status = 'failed', failed_at = now(), failure_reason = $3
         WHERE order_id = $1 AND provider = $2 AND status = 'pending' RETURNING id`,
        [report.orderId, provider, report.failureReason ?? 'Payment failed'],
      );
      return rows.length > 0;
    }
    case 'expired':
    case 'pending': {
      // The provider's own expiry, or ours: a link past its expires_at can no longer be paid.
      const rows = await q.query(
        `UPDATE payments SET status = 'expired'
         WHERE order_id = $1 AND provider = $2 AND status = 'pending' AND ($3::boolean OR expires_at <= now()) RETURNING id`,
        [report.orderId, provider, report.state === 'expired'],
      );
      return rows.length > 0;
    }
  }
}

/**
 * Credits the team once for money the provider took: only one caller moves the payment to 'completed', and the same
 * transaction issues its invoice (taking the next number), writes the ledger entry, and applies the refunds and
 * disputes that arrived before it. Whatever we had concluded locally ('expired' after a read, 'failed' before a retry
 * at the provider) gives way to the provider's word: money taken is never left uncredited. A report of another amount
 * than the one asked for moves nothing.
 */
async function completePayment(q: Queryable, provider: string, report: CheckoutReport, operator: OperatorDetails) {
  const [payment] = await q.query<PaymentRow>(
    `UPDATE payments SET status = 'completed', completed_at = now(), failed_at = NULL, failure_reason = NULL,
       provider_payment_id = COALESCE($3, provider_payment_id)
     WHERE order_id = $1 AND provider = $2 AND status IN ('pending', 'expired', 'failed')
       AND ($4::bigint IS NULL OR amount_cents = $4)
     RETURNING *`,
    [report.orderId, provider, report.paymentRef, report.amountCents],
  );
  if (!payment) return false;
  const invoice = await issueInvoice(q, payment, operator);
  await appendLedgerEntry(q, {
    teamId: payment.team_id,
    type: 'topup',
    amountCents: payment.amount_cents,
    description: payment.description,
    paymentId: payment.id,
    documentId: invoice.id,
    createdBy: payment.created_by,
  });
  await recordActivity(
    q,
    payment.team_id,
    payment.created_by,
    'payment_completed',
    `Payment of ${formatCents(payment.amount_cents)} completed (invoice ${invoice.number})`,
  );
  if (report.paymentRef) await applyWaitingEvents(q, provider, report.paymentRef, operator);
  return true;
}

/**
 * Gives back up to `targetCents` in all on a completed payment (read FOR UPDATE by the caller): the part not refunded
 * yet, with its credit note and ledger entry. Providers report the running total, so a repeated or older report moves
 * nothing.
 */
async function refundUpTo(
  q: Queryable,
  payment: PaymentRow,
  targetCents: number,
  reason: string,
  operator: OperatorDetails,
  createdBy: string | null,
): Promise<boolean> {
  const target = Math.min(targetCents, payment.amount_cents);
  const [moved] = await q.query<PaymentRow>(
    `UPDATE payments SET refunded_cents = $2, refunded_at = now(),
       status = CASE WHEN $2 >= amount_cents THEN 'refunded' ELSE status END
     WHERE id = $1 AND status IN ('completed', 'refunded') AND refunded_cents = $3 AND refunded_cents < $2
     RETURNING *`,
    [payment.id, target, payment.refunded_cents],
  );
  if (!moved) return false;
  const cents = target - payment.refunded_cents;
  const creditNote = await issueCreditNote(q, { payment: moved, cents, reason, operator });
  await appendLedgerEntry(q, {
    teamId: moved.team_id,
    type: 'refund',
    amountCents: -cents,
    description: `Refund of order ${moved.order_id}: ${reason}`,
    paymentId: moved.id,
    documentId: creditNote?.id ?? null,
    createdBy,
  });
  await recordActivity(
    q,
    moved.team_id,
    createdBy,
    'payment_refunded',
    `Refund of ${formatCents(cents)} on order ${moved.order_id}${creditNote ? ` (credit note ${creditNote.number})` : ''}`,
  );
  return true;
}

/** The payment a provider's ref names, locked for this transaction; null until its completion has named it. */
async function paymentByRef(q: Queryable, provider: string, ref: string): Promise<PaymentRow | null> {
  const [payment] = await q.query<PaymentRow>(
    `SELECT * FROM payments WHERE provider = $1 AND provider_payment_id = $2 FOR UPDATE`,
    [provider, ref],
  );
  return payment ?? null;
}

async function applyRefund(
  q: Queryable,
  provider: string,
  effect: Extract<PaymentEffect, { kind: 'refund' }>,
  operator: OperatorDetails,
): Promise<Outcome> {
  await lockPaymentRef(q, provider, effect.paymentRef);
  const payment = await paymentByRef(q, provider, effect.paymentRef);
  if (!payment) return 'waiting';
  return (await refundUpTo(q, payment, effect.refundedCents, effect.reason, operator, null)) ? 'applied' : 'unchanged';
}

/** A dispute opened, won or lost, in any order: only its first move to 'lost' takes the disputed amount back. */
async function applyDispute(
  q: Queryable,
  provider: string,
  effect: Extract<PaymentEffect, { kind: 'dispute' }>,
): Promise<Outcome> {
  await lockPaymentRef(q, provider, effect.paymentRef);
  const payment = await paymentByRef(q, provider, effect.paymentRef);
  if (!payment) return 'waiting';
  const [row] = await q.query<{ status: string }>(
    `INSERT INTO payment_disputes (provider, dispute_id, payment_id, amount_cents, status, reason, closed_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5 = 'open' THEN NULL ELSE now() END)
     ON CONFLICT (provider, dispute_id) DO UPDATE SET status = EXCLUDED.status, closed_at = EXCLUDED.closed_at
       WHERE payment_disputes.status = 'open' AND EXCLUDED.status <> 'open'
     RETURNING status`,
    [provider, effect.disputeId, payment.id, effect.amountCents, effect.state, effect.reason],
  );
  if (!row) return 'unchanged';
  const amount = formatCents(effect.amountCents);
  if (row.status === 'lost') {
    await appendLedgerEntry(q, {
      teamId: payment.team_id,
      type: 'adjustment',
      amountCents: -effect.amountCents,
      description: `Dispute lost on order ${payment.order_id}: ${effect.reason}`,
      paymentId: payment.id,
    });
  }
  const message = {
    open: `Payment of ${amount} on order ${payment.order_id} disputed: ${effect.reason}`,
    won: `Dispute of ${amount} on order ${payment.order_id} won: the payment stands`,
    lost: `Dispute of ${amount} on order ${payment.order_id} lost: ${amount} taken back`,
  }[row.status as 'open' | 'won' | 'lost'];
  await recordActivity(q, payment.team_id, null, 'payment_disputed', message);
  return 'applied';
}

async function applyEffect(
  q: Queryable,
  provider: string,
  effect: PaymentEffect,
  operator: OperatorDetails,
): Promise<Outcome> {
  switch (effect.kind) {
    case 'checkout':
      return applyCheckout(q, provider, effect.report, operator);
    case 'refund':
      return applyRefund(q, provider, effect, operator);
    case 'dispute':
      return applyDispute(q, provider, effect);
    case 'none':
      return 'ignored';
  }
}

/** The refunds and disputes that named a payment before its completion did, applied now in their order of arrival. */
async function applyWaitingEvents(q: Queryable, provider: string, ref: string, operator: OperatorDetails) {
  const waiting = await q.query<{ event_id: string; effect: PaymentEffect }>(
    `SELECT event_id, effect FROM payment_events
     WHERE provider = $1 AND provider_payment_id = $2 AND outcome = 'waiting' ORDER BY received_at, event_id`,
    [provider, ref],
  );
  for (const event of waiting) {
    const outcome = await applyEffect(q, provider, event.effect, operator);
    await q.query(
      `UPDATE payment_events SET outcome = $3, applied_at = now(), effect = NULL WHERE provider = $1 AND event_id = $2`,
      [provider, event.event_id, outcome],
    );
  }
}

const refOf = (effect: PaymentEffect) =>
  effect.kind === 'checkout' ? effect.report.paymentRef : effect.kind === 'none' ? null : effect.paymentRef;

/**
 * A provider event, applied exactly once whatever the order, repetition or concurrency of its deliveries: its id is
 * recorded (a unique key) in the transaction that applies it, so a second delivery finds it and does nothing, and a
 * concurrent one waits for the first to commit and then finds it. An event about a payment we cannot match yet waits
 * in the table with its effect; one about an order we never made is recorded as such.
 */
export async function applyProviderEvent(
  db: Db,
  provider: string,
  event: ProviderEvent,
  operator: OperatorDetails,
): Promise<Outcome | 'duplicate'> {
  return db.tx(async (q) => {
    if (event.id !== null) {
      const recorded = await q.query(
        `INSERT INTO payment_events (provider, event_id, type, order_id, provider_payment_id, outcome)
         VALUES ($1, $2, $3, $4, $5, 'applied') ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
        [
          provider,
          event.id,
          event.type,
          event.effect.kind === 'checkout' ? event.effect.report.orderId : null,
          refOf(event.effect),
        ],
      );
      if (recorded.length === 0) return 'duplicate';
    }
    const outcome = await applyEffect(q, provider, event.effect, operator);
    if (event.id !== null) {
      await q.query(
        `UPDATE payment_events SET outcome = $3, effect = $4::jsonb, applied_at = CASE WHEN $5::boolean THEN now() END
         WHERE provider = $1 AND event_id = $2`,
        [
          provider,
          event.id,
          outcome,
          outcome === 'waiting' ? JSON.stringify(event.effect) : null,
          outcome === 'applied' || outcome === 'unchanged',
        ],
      );
    }
    return outcome;
  });
}

/** An operator's refund of a whole completed payment (the sandbox has no refund events): once, with its credit note. */
export async function refundPayment(
  db: Db,
  orderId: string,
  operator: OperatorDetails,
  refundedBy: string | null,
): Promise<boolean> {
  return db.tx(async (q) => {
    const [payment] = await q.query<PaymentRow>('SELECT * FROM payments WHERE order_id = $1 FOR UPDATE', [orderId]);
    if (!payment) return false;
    return refundUpTo(q, payment, payment.amount_cents, 'Refunded by the operator', operator, refundedBy);
  });
}
