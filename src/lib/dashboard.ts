// Rules of the dashboard's figures (docs/rules.md#dashboard).
import { periodResetsAt } from '../../contract/keyLimits';
import { formatCents, formatMoney } from '../../contract/money';
import type { MyCap, Team } from '../../contract/schemas/teams';
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

/**
 * The dashboard's title: 'Welcome back, Alice' for someone who has been here before (they belong to a team), 'Welcome,
 * Carol' for a new user who has not set one up yet.
 */
export function greeting(name: string, returning: boolean): string {
  const welcome = returning ? 'Welcome back' : 'Welcome';
  return name ? `${welcome}, ${name}` : welcome;
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

export interface TeamBlock {
  title: string;
  text: string;
  /** Where it is dealt with, and the link's text. */
  to: string;
  linkLabel: string;
}

/**
 * Why the gateway refuses every call of the team's keys now, as the dashboard says it (the same order as the
 * gateway's checks, contract/keyBlock.ts): the credit used up (402 insufficient_credits), then the monthly budget
 * reached (429 budget_exceeded, until the 1st of next month, UTC); null while calls are admitted. `balance` is the
 * credit balance in dollars, undefined while unknown.
 */
export function teamBlock(
  team: Pick<Team, 'budget_limit' | 'current_usage'>,
  balance: number | undefined,
  isOwner: boolean,
  now: Date,
): TeamBlock | null {
  const owner = (yes: string, no: string) => (isOwner ? yes : no);
  if (balance !== undefined && balance <= 0) {
    return {
      title: "Your team's credit is used up",
      text:
        "The gateway refuses every call of the team's keys until credit is added. " +
        owner(
          'Buy credits or redeem a coupon on the Billing page.',
          'Anyone in the team can buy credits or redeem a coupon on the Billing page.',
        ),
      to: '/billing',
      linkLabel: 'Add credit',
    };
  }
  if (team.budget_limit > 0 && team.current_usage >= team.budget_limit) {
    const resets = periodResetsAt('monthly', now)?.toISOString();
    return {
      title: "Your team's monthly budget is reached",
      text:
        `The team has spent ${formatMoney(team.current_usage)} of its ${formatMoney(team.budget_limit)} monthly budget, so the ` +
        `gateway refuses every call of the team's keys until the budget resets on ${formatUtcDateTime(resets)}` +
        owner(', or sooner if you raise it.', ', or sooner if the team owner raises it.'),
      to: '/billing',
      linkLabel: owner('Manage Budget', 'See the budget'),
    };
  }
  return null;
}
