/**
 * Alert kinds, their limits and messages: plain values beside the schemas of contract/schemas/alerts.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

export const ALERT_KINDS = ['budget', 'balance', 'runway', 'key_limit', 'member_cap', 'test'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A webhook's event type: `alert.<kind>`. */
export const alertEventType = (kind: AlertKind) => `alert.${kind}`;

/** The most budget thresholds a team keeps, and their range (percent of the monthly budget). */
export const MAX_BUDGET_THRESHOLDS = 10;

export const MAX_THRESHOLD_PERCENT = 1000;

export const MAX_RUNWAY_DAYS = 365;

export const MAX_EXTRA_RECIPIENTS = 20;

export const THRESHOLDS_MESSAGE = `Budget alerts must be whole percentages from 1 to ${MAX_THRESHOLD_PERCENT}, at most ${MAX_BUDGET_THRESHOLDS}.`;

export const BALANCE_BELOW_MESSAGE = 'The balance alert must be an amount above $0.00, or off.';

export const RUNWAY_MESSAGE = `The runway alert must be a whole number of days from 1 to ${MAX_RUNWAY_DAYS}, or off.`;

export const RECIPIENTS_MESSAGE = `Add at most ${MAX_EXTRA_RECIPIENTS} email addresses, each like name@example.com.`;

export const WEBHOOK_URL_MESSAGE = 'Enter an http:// or https:// URL of at most 2,000 characters.';
