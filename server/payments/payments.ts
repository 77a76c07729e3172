import { recordAudit, type UserAuditContext } from '../audit/audit';
import type { OperatorDetails } from '../invoicing/settings';
import type { Db, Queryable } from '../db/types';
import { documentsOfPayments } from '../invoicing/documents';
import { notFound } from '../lib/errors';
import { randomCode } from '../lib/random';
import { iso, isoOrNull } from '../lib/time';
import type { PaymentDocument, PaymentStatus } from '../../contract/schemas/billing';
import type { IncomingNotification, PaymentProvider } from './provider';
import { applyCheckout, applyProviderEvent } from './applyEvents';

const ORDER_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

interface PaymentRow {
  id: string;
  team_id: string;
  order_id: string;
  provider: string;
  provider_checkout_id: string | null;
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
  description: string;
  created_at: Date;
  completed_at: Date | null;
  failed_at: Date | null;
  expires_at: Date;
  payment_url: string | null;
  failure_reason: string | null;
}

const amount = (cents: number) => ({ cents, currency: 'USD' as const });

const toPayment = (row: PaymentRow, documents: PaymentDocument[]) => ({
  order_id: row.order_id,
  status: row.status,
  amount: amount(row.amount_cents),
  refunded: amount(row.refunded_cents),
  documents,
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
  who: UserAuditContext,
  input: { teamId: string; amountCents: number; description: string; baseUrl: string },
) {
  const orderId = `ord_${randomCode(20, ORDER_ALPHABET)}`;
  // One expiry for both sides: the provider refuses payment after the moment we call the link expired. In whole
  // seconds, as providers keep it (Stripe's expires_at).
  const expiresAt = new Date(Math.floor((Date.now() + provider.linkMinutes * 60_000) / 1000) * 1000);
  const { paymentUrl, checkoutId } = await provider.createCheckout({
    orderId,
    teamId: input.teamId,
    amountCents: input.amountCents,
    description: input.description,
    baseUrl: input.baseUrl,
    expiresAt,
  });
  const row = await db.tx(async (q) => {
    const [inserted] = await q.query<PaymentRow>(
      `INSERT INTO payments (team_id, order_id, provider, provider_checkout_id, amount_cents, description, status,
                             payment_url, created_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9) RETURNING *`,
      [
        input.teamId,
        orderId,
        provider.name,
        checkoutId,
        input.amountCents,
        input.description,
        paymentUrl,
        who.userId,
        expiresAt,
      ],
    );
    await recordAudit(q, who, {
      teamId: input.teamId,
      action: 'payment.link_created',
      target: { id: orderId, label: orderId },
      after: {
        provider: provider.name,
        amount_cents: input.amountCents,
        description: input.description,
        status: 'pending',
        expires_at: iso(expiresAt),
      },
    });
    return inserted;
  });
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

/** A provider's webhook: a genuine notification's event is applied once; null when it is not genuine. */
export async function receiveNotification(
  db: Db,
  provider: PaymentProvider,
  operator: OperatorDetails,
  notification: IncomingNotification,
) {
  const event = await provider.readNotification(notification);
  if (event === null) return null;
  return applyProviderEvent(db, provider.name, event, operator);
}

/**
 * 'Refresh Status': re-reads the provider and applies what it says, through the very function a webhook's report goes
 * through (applyCheckout). A payment made with another provider than the one configured is left as it is.
 */
export async function checkPayment(
  db: Db,
  provider: PaymentProvider,
  operator: OperatorDetails,
  teamId: string,
  orderId: string,
) {
  const payment = await findPayment(db, teamId, orderId);
  if (payment.status === 'completed' || payment.status === 'refunded' || payment.provider !== provider.name) {
    return { updated: false, status: payment.status };
  }
  const report = await provider.fetchCheckout({ orderId, checkoutId: payment.provider_checkout_id });
  const outcome = await db.tx((q) => applyCheckout(q, provider.name, report, operator));
  const after = await findPayment(db, teamId, orderId);
  return { updated: outcome === 'applied', status: after.status };
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
  const documents = await documentsOfPayments(
    db,
    rows.map((row) => row.id),
  );
  return { payments: rows.map((row) => toPayment(row, documents.get(row.id) ?? [])), count: rows.length };
}
