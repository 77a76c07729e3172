// Rules of the dashboard's figures (docs/rules.md#dashboard).
import { formatCents } from '../../contract/money';
import type { MyCap } from '../../contract/schemas/teams';
import { spendOfLimit } from './budget';
import { formatUtcDateTime } from './time';

/** The dashboard shows the first 3 top models. */
export const DASHBOARD_TOP_MODELS = 3;

export type ChangeTone = 'good' | 'bad' | 'neutral';

/**
 * Whether a change string ('+12.5%', '-8.3%') is good news. A rise is good and a fall bad, except where lower is
 * better: for the average response time a '-' (faster) is good and a '+' (slower) bad. Anything that is not signed
 * (empty, '0', '0%') is neutral.
 */
export function changeTone(change: string | null | undefined, lowerIsBetter = false): ChangeTone {
  const text = (change ?? '').trim();
  const sign = text[0];
  if ((sign !== '+' && sign !== '-') || /^[+-]0*(\.0*)?%?$/.test(text)) return 'neutral';
  const rose = sign === '+';
  return rose !== lowerIsBetter ? 'good' : 'bad';
}

/** The greeting uses the first name, else the login. */
export function greetingName(user: { name: string | null; login?: string } | null | undefined): string {
  const firstName = user?.name?.trim().split(/\s+/)[0];
  return firstName || user?.login || '';
}

export const CAP_REACHED_TITLE = 'Your monthly cap is reached';

/**
 * What a member at the monthly cap the owner set reads on the dashboard: the cap, their spend and when it resets (the
 * 1st of next month, UTC); null below the cap or without one. The gateway refuses their keys' calls meanwhile
 * (429 member_budget_exceeded).
 */
export function capReachedText(cap: MyCap | null | undefined): string | null {
  if (!cap || !spendOfLimit(cap.month_spend_cents, cap.monthly_cap_cents).reached) return null;
  return (
    `Your keys have spent ${formatCents(cap.month_spend_cents)} of the ${formatCents(cap.monthly_cap_cents)} ` +
    `monthly cap the team owner set for you, so the gateway refuses their calls until the cap resets on ` +
    `${formatUtcDateTime(cap.resets_at)}. Ask the team owner if you need more this month.`
  );
}
