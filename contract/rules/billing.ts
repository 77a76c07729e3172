/**
 * Manual credit adjustments' messages: plain values beside the schemas of contract/schemas/billing.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

export const ADJUSTMENT_AMOUNT_MESSAGE = 'amount_cents must be a whole number of cents other than 0';

export const ADJUSTMENT_REASON_MESSAGE = 'Give a reason of 1-200 characters.';
