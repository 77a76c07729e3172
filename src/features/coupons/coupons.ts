// Coupon redemption rules: the code field (docs/rules.md#coupons).

export const EMPTY_CODE_MESSAGE = 'Please enter a coupon code';
export const MISSING_TEAM_MESSAGE = 'Team ID is required. Please refresh the page and try again.';
export const VALIDATE_FAILED_MESSAGE = 'Failed to validate coupon';
export const REDEEM_FAILED_MESSAGE = 'Failed to redeem coupon';

/** What the code field shows as a person types: upper-cased (trimming waits for submit). */
export const couponInput = (text: string): string => text.toUpperCase();

// The code as sent is trimmed and upper-cased by the one rule the server keeps codes by (contract/couponCode.ts), which
// the store's coupon endpoints apply to every body they send.

/** The first problem with a redeem attempt, or null. An empty code is reported before a missing team. */
export function couponCodeError(code: string, teamId: string | undefined): string | null {
  if (!code.trim()) return EMPTY_CODE_MESSAGE;
  if (!teamId) return MISSING_TEAM_MESSAGE;
  return null;
}
