// A payment's documents and the monthly statement (docs/rules.md#invoices-and-statements).
import type { PaymentDocument } from '../../../contract/schemas/billing';

const DOCUMENT_NAMES: Record<PaymentDocument['kind'], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/** 'Invoice INV-2026-000042', 'Credit note CN-2026-000003': what its download link says. */
export const documentLabel = (document: Pick<PaymentDocument, 'kind' | 'number'>) =>
  `${DOCUMENT_NAMES[document.kind]} ${document.number}`;

/**
 * The month 'Download Invoice' gives the statement of: the current one by the UTC calendar, which the statements and
 * the ledger's days are kept in (a browser already in December by its clock may still be in November there).
 */
export const statementMonth = (now: Date) => now.toISOString().slice(0, 7);
