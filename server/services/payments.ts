import type { Db, Queryable } from '../db/types';
import { notFound } from '../lib/errors';
import { randomCode } from '../lib/random';
import { iso, isoOrNull } from '../lib/time';
import { recordActivity } from './activity';
import { appendLedgerEntry } from './credits';
import type { PaymentProvider } from './paymentProvider';

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
  const { paymentUrl } = await provider.createCheckout({ orderId, baseUrl: input.baseUrl });
  const [row] = await db.query<PaymentRow>(
    `INSERT INTO payments (team_id, order_id, provider, amount_cents, description, status, payment_url, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, now() + make_interval(mins => $8)) RETURNING *`,
    [
      input.teamId,
      orderId,
      provider.name,
      input.amountCents,
      input.description,
      paymentUrl,
      input.userId,
      PAYMENT_LINK_MINUTES,
    ],
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
 * Credits the team exactly once: the conditional UPDATE lets only one caller move the payment out of 'pending',
 * and the ledger entry is written in that same transaction.
 */
export async function completePayment(db: Db, orderId: string): Promise<boolean> {
  return db.tx(async (q) => {
    const [payment] = await q.query<PaymentRow & { created_by: string | null }>(
      `UPDATE payments SET status = 'completed', completed_at = now()
       WHERE order_id = $1 AND status = 'pending' RETURNING *`,
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
      `Payment of $${(payment.amount_cents / 100).toFixed(2)} completed`,
    );
    return true;
  });
}

export async function failPayment(db: Db, orderId: string, reason: string): Promise<boolean> {
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

/** Re-reads the provider and applies what it says; safe to call any number of times, concurrently too. */
export async function checkPayment(db: Db, provider: PaymentProvider, teamId: string, orderId: string) {
  const payment = await findPayment(db, teamId, orderId);
  if (payment.status !== 'pending') return { updated: false, status: payment.status };
  const remote = await provider.fetchStatus(orderId);
  let updated = false;
  if (remote.status === 'completed') updated = await completePayment(db, orderId);
  else if (remote.status === 'failed')
    updated = await failPayment(db, orderId, remote.failureReason ?? 'Payment failed');
  else {
    const expired = await db.query(
      `UPDATE payments SET status = 'expired' WHERE order_id = $1 AND status = 'pending' AND expires_at <= now() RETURNING id`,
      [orderId],
    );
    updated = expired.length > 0;
  }
  const after = await findPayment(db, teamId, orderId);
  return { updated, status: after.status };
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

/** What the sandbox checkout page shows. */
export async function checkoutView(db: Db, orderId: string) {
  const [row] = await db.query<PaymentRow & { team_name: string; live: boolean }>(
    `SELECT p.*, t.name AS team_name, p.expires_at > now() AS live FROM payments p JOIN teams t ON t.id = p.team_id
     WHERE p.order_id = $1`,
    [orderId],
  );
  return row ?? null;
}
