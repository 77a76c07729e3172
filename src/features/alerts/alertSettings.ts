// The Alerts section's rules (docs/alerts.md#settings): the settings as the form shows them, read back with the
// server's own messages, so a value the server would refuse is said under its field before anything is sent.
import { centsToDollars, dollarsToCents, formatCents } from '../../../contract/money';
import {
  BALANCE_BELOW_MESSAGE,
  MAX_BUDGET_THRESHOLDS,
  MAX_EXTRA_RECIPIENTS,
  MAX_RUNWAY_DAYS,
  MAX_THRESHOLD_PERCENT,
  RECIPIENTS_MESSAGE,
  RUNWAY_MESSAGE,
  THRESHOLDS_MESSAGE,
  ALERT_KINDS,
  alertEventType,
} from '../../../contract/rules/alerts';
import type {
  AlertKind,
  AlertSettings,
  AlertSettingsBody,
  DeliveryStatus,
  WebhookDelivery,
} from '../../../contract/schemas/alerts';
import { MAX_AMOUNT_CENTS } from '../../../contract/rules/common';

export interface AlertSettingsForm {
  /** '50, 80, 100': percentages of the monthly budget. */
  thresholds: string;
  /** Dollars; '' for off. */
  balanceBelow: string;
  /** Days; '' for off. */
  runwayDays: string;
  keyLimit: boolean;
  memberCap: boolean;
  /** One address per line (commas too). */
  recipients: string;
}

export type AlertSettingsErrors = Partial<Record<'thresholds' | 'balanceBelow' | 'runwayDays' | 'recipients', string>>;

export const alertSettingsForm = (settings: AlertSettingsBody): AlertSettingsForm => ({
  thresholds: settings.budget_thresholds.join(', '),
  balanceBelow: settings.balance_below_cents === null ? '' : centsToDollars(settings.balance_below_cents).toFixed(2),
  runwayDays: settings.runway_days === null ? '' : String(settings.runway_days),
  keyLimit: settings.key_limit,
  memberCap: settings.member_cap,
  recipients: settings.extra_recipients.join('\n'),
});

const parts = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

const WHOLE = /^\d+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The body to send, or what is wrong with each field (the server's own sentences). */
export function alertSettingsBody(
  form: AlertSettingsForm,
): { body: AlertSettingsBody; errors: null } | { body: null; errors: AlertSettingsErrors } {
  const errors: AlertSettingsErrors = {};
  const thresholds = parts(form.thresholds.replace(/%/g, ''));
  const percents = thresholds.map(Number);
  if (
    thresholds.length > MAX_BUDGET_THRESHOLDS ||
    thresholds.some((part) => !WHOLE.test(part)) ||
    percents.some((percent) => percent < 1 || percent > MAX_THRESHOLD_PERCENT)
  ) {
    errors.thresholds = THRESHOLDS_MESSAGE;
  }
  const balanceText = form.balanceBelow.trim().replace(/^\$/, '');
  const balanceCents = balanceText === '' ? null : dollarsToCents(Number(balanceText));
  if (
    balanceText !== '' &&
    (!/^\d+(\.\d{1,2})?$/.test(balanceText) || balanceCents! < 1 || balanceCents! > MAX_AMOUNT_CENTS)
  ) {
    errors.balanceBelow = BALANCE_BELOW_MESSAGE;
  }
  const runwayText = form.runwayDays.trim();
  const runway = runwayText === '' ? null : Number(runwayText);
  if (runway !== null && (!WHOLE.test(runwayText) || runway < 1 || runway > MAX_RUNWAY_DAYS)) {
    errors.runwayDays = RUNWAY_MESSAGE;
  }
  const recipients = parts(form.recipients).map((address) => address.toLowerCase());
  if (recipients.length > MAX_EXTRA_RECIPIENTS || recipients.some((address) => !EMAIL.test(address))) {
    errors.recipients = RECIPIENTS_MESSAGE;
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    body: {
      budget_thresholds: [...new Set(percents)].sort((a, b) => a - b),
      balance_below_cents: balanceCents,
      runway_days: runway,
      key_limit: form.keyLimit,
      member_cap: form.memberCap,
      extra_recipients: [...new Set(recipients)],
    },
    errors: null,
  };
}

/** One line per alert that is on, as the section's summary says it. */
export function alertSummary(settings: AlertSettings): string[] {
  const lines: string[] = [];
  if (settings.budget_thresholds.length > 0) {
    lines.push(
      `Budget: at ${settings.budget_thresholds.map((percent) => `${percent}%`).join(', ')} of the month's budget`,
    );
  }
  if (settings.balance_below_cents !== null) {
    lines.push(`Credit balance below ${formatCents(settings.balance_below_cents)}`);
  }
  if (settings.runway_days !== null) {
    lines.push(`Credits lasting fewer than ${settings.runway_days} days at the last 7 days' rate`);
  }
  if (settings.key_limit) lines.push('An API key at its spending limit');
  if (settings.member_cap) lines.push('A member at their monthly cap (they are told too)');
  return lines;
}

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Retrying',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_STATUS_COLORS: Record<DeliveryStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'warning',
  sending: 'default',
  succeeded: 'success',
  failed: 'error',
};

/** The answer of a try: its HTTP status, or why there was none. */
export const answerText = (statusCode: number | null, error: string | null): string =>
  statusCode !== null ? `HTTP ${statusCode}` : (error ?? 'No answer');

/** '1 try' / '6 tries'. */
export const triesText = (delivery: Pick<WebhookDelivery, 'attempts'>) =>
  `${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`;

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  budget: 'Budget alert',
  balance: 'Balance alert',
  runway: 'Runway alert',
  key_limit: 'Key limit alert',
  member_cap: 'Member cap alert',
  test: 'Test',
};

/** A delivery's event type as a person reads it: 'alert.budget' is 'Budget alert'. */
export function eventLabel(eventType: string): string {
  const kind = ALERT_KINDS.find((candidate) => alertEventType(candidate) === eventType);
  return kind ? ALERT_KIND_LABELS[kind] : eventType;
}
