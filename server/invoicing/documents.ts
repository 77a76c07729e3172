import type { OperatorDetails } from './settings';
import type { Queryable } from '../db/types';
import { iso } from '../lib/time';
import type { PaymentDocument } from '../../contract/schemas/billing';
import { documentNumber, takeNumber, type Series } from './numbering';
import { buyerOf } from './billingDetails';

/** A seller or buyer as printed on a document, copied in when it is issued. */
export interface Party {
  name: string;
  addressLines: string[];
  taxId: string | null;
  email: string | null;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export type DocumentKind = 'invoice' | 'credit_note';
const SERIES: Record<DocumentKind, Series> = { invoice: 'INV', credit_note: 'CN' };
const KIND: Record<Series, DocumentKind> = { INV: 'invoice', CN: 'credit_note' };

/** An issued invoice or credit note, as stored and as its PDF prints it. */
export interface IssuedDocument {
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  currency: string;
  totalCents: number;
  reason: string | null;
  seller: Party;
  buyer: Party;
  lines: DocumentLine[];
  /** The payment's order, its provider and when it was paid. */
  orderId: string;
  provider: string;
  paidAt: Date | null;
  /** A credit note's invoice. */
  corrects: { number: string; issuedAt: Date } | null;
}

/** An issued document's row id (a ledger entry names it) and number. */
export interface DocumentRef {
  id: string;
  number: string;
}

/** What a payment tells the documents about itself. */
export interface PaidPayment {
  id: string;
  team_id: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  description: string;
}

export const sellerOf = (operator: OperatorDetails): Party => ({
  name: operator.name,
  addressLines: operator.addressLines,
  taxId: operator.taxId,
  email: operator.email,
});

async function insertDocument(
  q: Queryable,
  kind: DocumentKind,
  input: {
    payment: PaidPayment;
    operator: OperatorDetails;
    issuedAt: Date;
    totalCents: number;
    reason: string | null;
    lines: DocumentLine[];
    correctsInvoiceId: string | null;
  },
): Promise<DocumentRef> {
  const series = SERIES[kind];
  const year = input.issuedAt.getUTCFullYear();
  const sequence = await takeNumber(q, series, year);
  const number = documentNumber(series, year, sequence);
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO invoices (number, series, year, sequence, team_id, payment_id, corrects_invoice_id, issued_at, currency,
                           total_cents, reason, seller, buyer, lines)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14::jsonb) RETURNING id`,
    [
      number,
      series,
      year,
      sequence,
      input.payment.team_id,
      input.payment.id,
      input.correctsInvoiceId,
      input.issuedAt,
      input.payment.currency,
      input.totalCents,
      input.reason,
      JSON.stringify(sellerOf(input.operator)),
      JSON.stringify(await buyerOf(q, input.payment.team_id)),
      JSON.stringify(input.lines),
    ],
  );
  return { id: row.id, number };
}

const creditsLine = (description: string, cents: number): DocumentLine => ({
  description,
  quantity: 1,
  unitCents: cents,
  amountCents: cents,
});

/**
 * The invoice of a payment just completed, in the transaction that credits it (payments/applyEvents.ts): its number is
 * taken there, so a rolled-back completion leaves no gap and a completed payment always has its invoice.
 */
export function issueInvoice(
  q: Queryable,
  payment: PaidPayment,
  operator: OperatorDetails,
  issuedAt = new Date(),
): Promise<DocumentRef> {
  return insertDocument(q, 'invoice', {
    payment,
    operator,
    issuedAt,
    totalCents: payment.amount_cents,
    reason: null,
    lines: [creditsLine(`Prepaid AI Model Gateway credits: ${payment.description}`, payment.amount_cents)],
    correctsInvoiceId: null,
  });
}

/**
 * The credit note of `cents` given back on a payment, naming the payment's invoice; in the refund's transaction.
 * Returns null when the payment has no invoice to correct (paid before invoices existed).
 */
export async function issueCreditNote(
  q: Queryable,
  input: { payment: PaidPayment; cents: number; reason: string; operator: OperatorDetails; issuedAt?: Date },
): Promise<DocumentRef | null> {
  const [invoice] = await q.query<{ id: string }>(`SELECT id FROM invoices WHERE payment_id = $1 AND series = 'INV'`, [
    input.payment.id,
  ]);
  if (!invoice) return null;
  return insertDocument(q, 'credit_note', {
    payment: input.payment,
    operator: input.operator,
    issuedAt: input.issuedAt ?? new Date(),
    totalCents: input.cents,
    reason: input.reason,
    lines: [creditsLine(`Refund of prepaid credits (order ${input.payment.order_id})`, input.cents)],
    correctsInvoiceId: invoice.id,
  });
}

/** The documents of each payment, for the payment history: payment id to its documents, oldest first. */
export async function documentsOfPayments(q: Queryable, paymentIds: string[]) {
  const rows = await q.query<{
    payment_id: string;
    series: Series;
    number: string;
    issued_at: Date;
    total_cents: number;
  }>(
    `SELECT payment_id, series, number, issued_at, total_cents FROM invoices
     WHERE payment_id = ANY($1::uuid[]) ORDER BY issued_at, series DESC, sequence`,
    [paymentIds],
  );
  const byPayment = new Map<string, PaymentDocument[]>();
  for (const row of rows) {
    const list = byPayment.get(row.payment_id) ?? [];
    list.push({
      kind: KIND[row.series],
      number: row.number,
      issued_at: iso(row.issued_at),
      total: { cents: row.total_cents, currency: 'USD' },
    });
    byPayment.set(row.payment_id, list);
  }
  return byPayment;
}

/** One of the team's documents by its number, as its PDF prints it; null when the team has none of that number. */
export async function findDocument(q: Queryable, teamId: string, number: string): Promise<IssuedDocument | null> {
  const [row] = await q.query<{
    series: Series;
    number: string;
    issued_at: Date;
    currency: string;
    total_cents: number;
    reason: string | null;
    seller: Party;
    buyer: Party;
    lines: DocumentLine[];
    order_id: string;
    provider: string;
    completed_at: Date | null;
    corrects_number: string | null;
    corrects_issued_at: Date | null;
  }>(
    `SELECT d.series, d.number, d.issued_at, d.currency, d.total_cents, d.reason, d.seller, d.buyer, d.lines,
            p.order_id, p.provider, p.completed_at, c.number AS corrects_number, c.issued_at AS corrects_issued_at
     FROM invoices d JOIN payments p ON p.id = d.payment_id LEFT JOIN invoices c ON c.id = d.corrects_invoice_id
     WHERE d.team_id = $1 AND d.number = $2`,
    [teamId, number],
  );
  if (!row) return null;
  return {
    kind: KIND[row.series],
    number: row.number,
    issuedAt: row.issued_at,
    currency: row.currency,
    totalCents: row.total_cents,
    reason: row.reason,
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    orderId: row.order_id,
    provider: row.provider,
    paidAt: row.completed_at,
    corrects:
      row.corrects_number && row.corrects_issued_at
        ? { number: row.corrects_number, issuedAt: row.corrects_issued_at }
        : null,
  };
}
