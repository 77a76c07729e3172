import type { Db, Queryable } from '../db/types';
import { notFound } from '../lib/errors';
import { randomCode } from '../lib/random';
import { iso, isoOrNull } from '../lib/time';
import { recordActivity } from '../services/activity';
import { appendLedgerEntry } from '../services/credits';
import type { IncomingNotification, PaymentProvider, ProviderStatus } from './provider';
import { formatCents } from '../lib/money';

export const PAYMENT_LINK_MINUTES = 30;
const ORDER_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

type PaymentStatus = 'pending' | 'completed' | 'failed' | 'expired' | 'refunded';

interface PaymentRow {
  id: string;
  team_id: string;
  order_id: string;
  status: PaymentStatus;
  amount_cents: number;
  description: string;
  created_at: Date;
  completed_at: Date | null;
  failed_at: Date | null;
  expires_at: Date;
  payment_url: string | null;
  failure_reason: string | null;
}

const amount = (cents: number) => ({ cents, currency: 'USD' as const });

const toPayment = (row: PaymentRow) => ({
  order_id: row.order_id,
  status: row.status,
  amount: amount(row.amount_cents),
  description: row.description,
  created_at: iso(row.created_at),
  completed_at: isoOrNull(row.completed_at),
  failed_at: isoOrNull(row.failed_at),
  expires_at: iso(row.expires_at),
  payment_url: row.payment_url,
  failure_reason: row.failure_reason,
});

export async function createPaymentLink(
  db: Db,
  provider: PaymentProvider,
  input: { teamId: string; userId: string; amountCents: number; description: string; baseUrl: string },
) {
  const orderId = `ord_${randomCode(20, ORDER_ALPHABET)}`;
  // One expiry for both sides: the provider refuses payment after the moment we call the link expired.
  const expiresAt = new Date(Date.now() + PAYMENT_LINK_MINUTES * 60_000);
  const { paymentUrl } = await provider.createCheckout({ orderId, baseUrl: input.baseUrl, expiresAt });
  const [row] = await db.query<PaymentRow>(
    `INSERT INTO payments (team_id, order_id, provider, amount_cents, description, status, payment_url, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8) RETURNING *`,
    [input.teamId, orderId, provider.name, input.amountCents, input.description, paymentUrl, input.userId, expiresAt],
  );
  return {
    payment_url: paymentUrl,
    order_id: orderId,
    amount: amount(row.amount_cents),
    expires_at: iso(row.expires_at),
    status: 'pending' as const,
  };
}

/** Pending links past their expiry become expired whenever payments are read. */
async function expireStale(q: Queryable, teamId: string) {
  await q.query(
    `UPDATE payments SET status = 'expired' WHERE team_id = $1 AND status = 'pending' AND expires_at <= now()`,
    [teamId],
  );
}

async function findPayment(q: Queryable, teamId: string, orderId: string): Promise<PaymentRow> {
  const [row] = await q.query<PaymentRow>('SELECT * FROM payments WHERE team_id = $1 AND order_id = $2', [
    teamId,
    orderId,
  ]);
  if (!row) throw notFound('Payment not found');
  return row;
}

/**
 * Credits the team exactly once for money the provider took: the conditional UPDATE lets only one caller move the
 * payment to 'completed', and the ledger entry is written in that same transaction. Whatever we had concluded
 * locally ('expired' after a read, 'failed' before a retry at the provider) gives way to the provider's word: money
 * taken is never left uncredited.
 */
async function completePayment(db: Db, orderId: string): Promise<boolean> {
  return db.tx(async (q) => {
    const [payment] = await q.query<PaymentRow & { created_by: string | null }>(
      `UPDATE payments SET status = 'completed', completed_at = now(), failed_at = NULL, failure_reason = NULL
       WHERE order_id = $1 AND status IN ('pending', 'expired', 'failed') RETURNING *`,
      [orderId],
    );
    if (!payment) return false;
    await appendLedgerEntry(q, {
      teamId: payment.team_id,
      type: 'topup',
      amountCents: payment.amount_cents,
      description: payment.description,
      paymentId: payment.id,
      createdBy: payment.created_by,
    });
    await recordActivity(
      q,
      payment.team_id,
      payment.created_by,
      'payment_completed',
      `Payment of ${formatCents(payment.amount_cents)} completed`,
    );
    return true;
  });
}

async function failPayment(db: Db, orderId: string, reason: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE payments SET status = 'failed', failed_at = now(), failure_reason = $2
     WHERE order_id = $1 AND status = 'pending' RETURNING id`,
    [orderId, reason],
  );
  return rows.length > 0;
}

/** Admin adjustment: a completed payment is refunded and its credit reversed, once. */
export async function refundPayment(db: Db, orderId: string, adminId: string | null): Promise<boolean> {
  return db.tx(async (q) => {
    const [payment] = await q.query<PaymentRow>(
      `UPDATE payments SET status = 'refunded', refunded_at = now() WHERE order_id = $1 AND status = 'completed' RETURNING *`,
      [orderId],
    );
    if (!payment) return false;
    await appendLedgerEntry(q, {
      teamId: payment.team_id,
      type: 'refund',
      amountCents: -payment.amount_cents,
      description: `Refund of order ${orderId}`,
      paymentId: payment.id,
      createdBy: adminId,
    });
    return true;
  });
}

/**
 * The one place a provider's report becomes our state (the checkout's own report, a check, the reconciler). Safe
 * to call any number of times, concurrently too: each move is a conditional UPDATE. Returns whether anything moved.
 */
export async function applyProviderStatus(db: Db, orderId: string, remote: ProviderStatus): Promise<boolean> {
  if (remote.status === 'completed') return completePayment(db, orderId);
  if (remote.status === 'failed') return failPayment(db, orderId, remote.failureReason ?? 'Payment failed');
  const expired = await db.query(
    `UPDATE payments SET status = 'expired' WHERE order_id = $1 AND status = 'pending' AND expires_at <= now() RETURNING id`,
    [orderId],
  );
  return expired.length > 0;
}

/**
 * A provider's webhook: when its signature verifies, the order it names is fetched from the provider and applied.
 * Returns false for a notification that is not genuine (nothing is read or written for it).
 */
export async function receiveNotification(db: Db, provider: PaymentProvider, notification: IncomingNotification) {
  const orderId = provider.verifyNotification(notification);
  if (orderId === null) return false;
  await applyProviderStatus(db, orderId, await provider.fetchStatus(orderId));
  return true;
}

/** Re-reads the provider and applies what it says. */
export async function checkPayment(db: Db, provider: PaymentProvider, teamId: string, orderId: string) {
  const payment = await findPayment(db, teamId, orderId);
  if (payment.status === 'completed' || payment.status === 'refunded')
    return { updated: false, status: payment.status };
  const updated = await applyProviderStatus(db, orderId, await provider.fetchStatus(orderId));
  const after = await findPayment(db, teamId, orderId);
  return { updated, status: after.status };
}

/** How far back the reconciler looks: a provider may report a payment made just before expiry long after it. */
const RECONCILE_DAYS = 7;
const RECONCILE_BATCH = 500;

/**
 * Asks the provider about every payment not settled on our side (pending, or expired in the last RECONCILE_DAYS) and
 * applies its answer. Run at start and then periodically on every instance (each move is conditional, so instances
 * cannot double-credit): a payment whose report was lost (a crash between the payer's click and our ledger write,
 * a missed webhook) is credited all the same. Returns how many payments moved.
 */
export async function reconcilePayments(db: Db, provider: PaymentProvider): Promise<number> {
  const rows = await db.query<{ order_id: string }>(
    `SELECT order_id FROM payments
     WHERE provider = $1 AND status IN ('pending', 'expired') AND expires_at > now() - make_interval(days => $2)
     ORDER BY expires_at LIMIT $3`,
    [provider.name, RECONCILE_DAYS, RECONCILE_BATCH],
  );
  let moved = 0;
  for (const { order_id: orderId } of rows) {
    if (await applyProviderStatus(db, orderId, await provider.fetchStatus(orderId))) moved++;
  }
  return moved;
}

export async function paymentStatus(db: Db, teamId: string, orderId: string) {
  await expireStale(db, teamId);
  const row = await findPayment(db, teamId, orderId);
  return {
    order_id: row.order_id,
    status: row.status,
    failure_reason: row.failure_reason,
    amount: amount(row.amount_cents),
  };
}

export async function paymentHistory(db: Db, teamId: string) {
  await expireStale(db, teamId);
  const rows = await db.query<PaymentRow>('SELECT * FROM payments WHERE team_id = $1 ORDER BY created_at DESC, id', [
    teamId,
  ]);
  return { payments: rows.map(toPayment), count: rows.length };
}
