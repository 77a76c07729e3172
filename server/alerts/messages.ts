import { formatCents } from '../lib/money';
import { alertEventType, type AlertKind } from '../../contract/schemas/alerts';

/**
 * What an alert says (docs/alerts.md#what-is-sent): one title and message, used by the bell, the email and Slack; the
 * webhook's JSON carries them with the figures. Money by the one money rule, dates as UTC calendar days.
 */

export type AlertDetails = Record<string, string | number | null>;

export interface AlertText {
  title: string;
  message: string;
}

const num = (details: AlertDetails, field: string) => Number(details[field] ?? 0);
const str = (details: AlertDetails, field: string) => String(details[field] ?? '');
const day = (instant: string) => instant.slice(0, 10);
/** '2026-11' to 'November 2026'. */
function monthName(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return `${new Date(Date.UTC(year, index - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${year}`;
}
const nextMonthStart = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 10);
};

export function alertText(kind: AlertKind, teamName: string, details: AlertDetails): AlertText {
  switch (kind) {
    case 'budget':
      return {
        title: `${teamName} has used ${num(details, 'threshold_percent')}% of its monthly budget`,
        message:
          `${formatCents(num(details, 'month_spend_cents'))} of the ${formatCents(num(details, 'budget_cents'))} ` +
          `monthly budget is spent in ${monthName(str(details, 'month'))} (${num(details, 'used_percent')}%, UTC).` +
          (num(details, 'threshold_percent') >= 100
            ? ' The gateway refuses the team\u2019s calls until the budget is raised or the month ends.'
            : ''),
      };
    case 'balance':
      return {
        title: `${teamName}'s credit balance is below ${formatCents(num(details, 'below_cents'))}`,
        message:
          `The credit balance is ${formatCents(num(details, 'balance_cents'))}, below the ` +
          `${formatCents(num(details, 'below_cents'))} you set. Buy credits on the Billing page.`,
      };
    case 'runway':
      return {
        title: `${teamName}'s credits last about ${num(details, 'days_left')} days`,
        message:
          `At the last 7 days' rate (${formatCents(num(details, 'daily_spend_cents'))} a day) the balance of ` +
          `${formatCents(num(details, 'balance_cents'))} lasts about ${num(details, 'days_left')} days, fewer than ` +
          `the ${num(details, 'runway_days')} you set.`,
      };
    case 'key_limit': {
      const resets = details.resets_at ? `until ${day(str(details, 'resets_at'))} (UTC)` : 'until its limit is raised';
      return {
        title: `API key "${str(details, 'key_name')}" reached its spending limit`,
        message:
          `It has spent ${formatCents(num(details, 'spent_cents'))} of its ${formatCents(num(details, 'limit_cents'))} ` +
          `limit; the gateway refuses its calls ${resets}.`,
      };
    }
    case 'member_cap':
      return {
        title: `${str(details, 'member')} reached their monthly cap`,
        message:
          `Their keys have spent ${formatCents(num(details, 'spent_cents'))} of the ` +
          `${formatCents(num(details, 'cap_cents'))} monthly cap; the gateway refuses their calls until ` +
          `${nextMonthStart(str(details, 'month'))} (UTC) or until the team owner raises the cap.`,
      };
    case 'test':
      return {
        title: 'Test alert from AI Model Gateway',
        message: `This is a test of ${teamName}'s alert webhook. Nothing needs doing.`,
      };
  }
}

/** The email: the alert's title as the subject, its message, and where to change what is sent. */
export function alertEmail(text: AlertText, teamName: string, appUrl: string) {
  return {
    subject: `[AI Model Gateway] ${text.title}`,
    text: `${text.message}\n\n` + `Team: ${teamName}\n` + `Change these alerts on Team Settings: ${appUrl}/team\n`,
  };
}

/** The webhook's body (Standard Webhooks: type, timestamp, data). */
export function alertPayload(
  kind: AlertKind,
  alert: { id: string; teamId: string; teamName: string; createdAt: Date; details: AlertDetails; text: AlertText },
) {
  return {
    type: alertEventType(kind),
    timestamp: alert.createdAt.toISOString(),
    data: {
      alert_id: alert.id,
      team_id: alert.teamId,
      team_name: alert.teamName,
      kind,
      title: alert.text.title,
      message: alert.text.message,
      ...alert.details,
    },
  };
}
