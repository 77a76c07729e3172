import { dollarsToCents } from '../../../contract/money';
import { ADJUSTMENT_REASON_MESSAGE } from '../../../contract/rules/billing';
import { MAX_AMOUNT_CENTS } from '../../../contract/rules/common';

/** A manual adjustment's direction (docs/governance.md#manual-adjustments): a credit adds, a debit takes away. */
export type AdjustmentDirection = 'credit' | 'debit';

export interface AdjustmentCheck {
  /** Signed cents to send: positive for a credit, negative for a debit; null while the form is not valid. */
  amountCents: number | null;
  /** The balance the team would have, in cents; null while the amount is not valid. */
  resultingCents: number | null;
  amountError: string | null;
  reasonError: string | null;
}

export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount in dollars greater than 0, at most two decimals.';
export const DEBIT_TOO_LARGE_MESSAGE = 'A debit cannot take the balance below zero.';
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/**
 * Checks the adjustment form: a dollar amount over 0 with at most cents, a debit no larger than the balance, and a
 * reason of 1-200 characters. The server checks again (and also keeps what requests in flight hold).
 */
export function checkAdjustment(
  direction: AdjustmentDirection,
  amountText: string,
  reason: string,
  balanceCents: number,
): AdjustmentCheck {
  const trimmed = amountText.trim();
  const cents = AMOUNT_PATTERN.test(trimmed) ? dollarsToCents(Number(trimmed)) : 0;
  let amountError: string | null = null;
  if (cents <= 0 || cents > MAX_AMOUNT_CENTS) amountError = AMOUNT_FORMAT_MESSAGE;
  else if (direction === 'debit' && cents > balanceCents) amountError = DEBIT_TOO_LARGE_MESSAGE;
  const reasonLength = reason.trim().length;
  const reasonError = reasonLength === 0 || reasonLength > 200 ? ADJUSTMENT_REASON_MESSAGE : null;
  const signed = direction === 'credit' ? cents : -cents;
  return {
    amountCents: amountError || reasonError ? null : signed,
    resultingCents: amountError ? null : balanceCents + signed,
    amountError: trimmed === '' ? null : amountError,
    reasonError: reason === '' ? null : reasonError,
  };
}
