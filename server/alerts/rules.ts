import type { AlertKind, AlertSettingsBody } from '../../contract/schemas/alerts';

/**
 * When an alert fires (docs/alerts.md#when-an-alert-fires), decided from a team's figures and the alerts already fired
 * (alert_state). Each alert is a rule with a period: it fires when its condition holds and its (rule, period) has not
 * fired; the database's unique key on that pair makes "has not fired" exact across concurrent evaluations.
 *
 * - budget:<percent>, per UTC month: the month's spend reached that percent of a budget above 0. Several thresholds
 *   crossed at once fire as one alert, the highest; the lower ones are marked fired with it.
 * - balance, period '': the balance is below the amount set; once it is back at or above, it is armed again.
 * - runway, period '': at the last 7 days' rate (a day's spend = those days' spend / 7) the balance lasts fewer than
 *   the days set (no spend: it lasts for ever); armed again once it lasts that long.
 * - key:<id>, per the key's limit period: the key's spend this period reached its limit (as API Keys' "Limit reached").
 * - member:<user id>, per UTC month: the member's spend this month reached the cap the owner set them.
 */

export interface KeyFigures {
  id: string;
  name: string;
  limitCents: number;
  spentCents: number;
  limitPeriod: string;
  /** The period's start (text), or 'lifetime'. */
  periodKey: string;
  /** When the limit starts over; null for a lifetime limit. */
  resetsAt: Date | null;
}

export interface MemberFigures {
  userId: string;
  label: string;
  capCents: number;
  spentCents: number;
}

export interface TeamFigures {
  teamId: string;
  teamName: string;
  budgetCents: number;
  monthCents: number;
  balanceCents: number;
  /** Spent over the last 7 UTC days, today included. */
  weekCents: number;
  /** The UTC month, 'YYYY-MM'. */
  month: string;
  settings: Omit<AlertSettingsBody, 'extra_recipients'>;
  /** `rule|period` of the alerts already fired that matter now. */
  fired: ReadonlySet<string>;
  /** The keys and members whose bills were just written (only they can have reached a limit). */
  keys: readonly KeyFigures[];
  members: readonly MemberFigures[];
}

export interface Firing {
  kind: Exclude<AlertKind, 'test'>;
  rule: string;
  period: string;
  /** Marked fired with it: lower budget thresholds crossed at the same time. */
  alsoMarks: { rule: string; period: string }[];
  /** The member a member_cap alert is about. */
  subjectUserId: string | null;
  /** What the messages say (messages.ts), and the webhook's `data`. */
  details: Record<string, string | number | null>;
}

export interface Decision {
  fire: Firing[];
  /** Rules (period '') whose condition no longer holds: their state is deleted, which arms them again. */
  rearm: string[];
}

export const firedKey = (rule: string, period: string) => `${rule}|${period}`;
const DAYS_OF_RATE = 7;

export function decideAlerts(team: TeamFigures): Decision {
  const fire: Firing[] = [];
  const rearm: string[] = [];
  const fired = (rule: string, period: string) => team.fired.has(firedKey(rule, period));
  const { settings } = team;

  if (team.budgetCents > 0) {
    const crossed = [...new Set(settings.budget_thresholds)]
      .sort((a, b) => a - b)
      .filter((percent) => team.monthCents * 100 >= percent * team.budgetCents)
      .filter((percent) => !fired(`budget:${percent}`, team.month));
    const highest = crossed.at(-1);
    if (highest !== undefined) {
      fire.push({
        kind: 'budget',
        rule: `budget:${highest}`,
        period: team.month,
        alsoMarks: crossed.slice(0, -1).map((percent) => ({ rule: `budget:${percent}`, period: team.month })),
        subjectUserId: null,
        details: {
          threshold_percent: highest,
          used_percent: Math.floor((team.monthCents * 1000) / team.budgetCents) / 10,
          month_spend_cents: team.monthCents,
          budget_cents: team.budgetCents,
          month: team.month,
        },
      });
    }
  }

  const below = settings.balance_below_cents !== null && team.balanceCents < settings.balance_below_cents;
  if (below && !fired('balance', '')) {
    fire.push({
      kind: 'balance',
      rule: 'balance',
      period: '',
      alsoMarks: [],
      subjectUserId: null,
      details: { balance_cents: team.balanceCents, below_cents: settings.balance_below_cents },
    });
  } else if (!below && fired('balance', '')) rearm.push('balance');

  const dailyCents = team.weekCents / DAYS_OF_RATE;
  const daysLeft = dailyCents > 0 ? Math.max(0, team.balanceCents) / dailyCents : null;
  const short = settings.runway_days !== null && daysLeft !== null && daysLeft < settings.runway_days;
  if (short && !fired('runway', '')) {
    fire.push({
      kind: 'runway',
      rule: 'runway',
      period: '',
      alsoMarks: [],
      subjectUserId: null,
      details: {
        days_left: Math.floor(daysLeft! * 10) / 10,
        runway_days: settings.runway_days,
        balance_cents: team.balanceCents,
        daily_spend_cents: Math.round(dailyCents),
      },
    });
  } else if (!short && fired('runway', '')) rearm.push('runway');

  if (settings.key_limit) {
    for (const key of team.keys) {
      if (key.spentCents < key.limitCents || fired(`key:${key.id}`, key.periodKey)) continue;
      fire.push({
        kind: 'key_limit',
        rule: `key:${key.id}`,
        period: key.periodKey,
        alsoMarks: [],
        subjectUserId: null,
        details: {
          api_key_id: key.id,
          key_name: key.name,
          spent_cents: key.spentCents,
          limit_cents: key.limitCents,
          limit_period: key.limitPeriod,
          resets_at: key.resetsAt?.toISOString() ?? null,
        },
      });
    }
  }

  if (settings.member_cap) {
    for (const member of team.members) {
      if (member.spentCents < member.capCents || fired(`member:${member.userId}`, team.month)) continue;
      fire.push({
        kind: 'member_cap',
        rule: `member:${member.userId}`,
        period: team.month,
        alsoMarks: [],
        subjectUserId: member.userId,
        details: {
          user_id: member.userId,
          member: member.label,
          spent_cents: member.spentCents,
          cap_cents: member.capCents,
          month: team.month,
        },
      });
    }
  }
  return { fire, rearm };
}
