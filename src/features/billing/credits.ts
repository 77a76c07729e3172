// Credit history rules: entry type labels and filters of the Credit History widget.
import type { CreditEntry } from '../../../contract/schemas/billing';

const TYPE_LABELS: Record<string, string> = {
  topup: 'Top-up',
  refund: 'Refund',
  adjustment: 'Adjustment',
  transfer: 'Transfer',
};

export function creditTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? 'Unknown';
}

export type CreditFilter = 'all' | 'topup' | 'refund' | 'adjustment';

export const CREDIT_FILTERS: { value: CreditFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'topup', label: 'Top-ups' },
  { value: 'refund', label: 'Refunds' },
  { value: 'adjustment', label: 'Adjustments' },
];

export function filterCreditEntries(entries: CreditEntry[], filter: CreditFilter): CreditEntry[] {
  return filter === 'all' ? entries : entries.filter((entry) => entry.type === filter);
}

export const NO_TRANSACTIONS_TITLE = 'No transactions found';

/**
 * The empty text under 'No transactions found'. {type} is the entry type's label in lower case, as a person reads
 * it: 'No top-up transactions found.', 'No refund transactions found.', 'No adjustment transactions found.'
 */
export function emptyCreditHistoryText(filter: CreditFilter): string {
  if (filter === 'all') return 'No credit transactions yet.';
  return `No ${creditTypeLabel(filter).toLowerCase()} transactions found.`;
}

/** '+$25.00' for credits, '-$10.00' for debits. */
export function signedMoney(amount: number, format: (dollars: number) => string): string {
  if (!Number.isFinite(amount) || amount === 0) return format(0);
  return `${amount > 0 ? '+' : '-'}${format(Math.abs(amount))}`;
}
