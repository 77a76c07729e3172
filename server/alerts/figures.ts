import type { Queryable } from '../db/types';
import { MONTH_START_SQL, TODAY_SQL } from '../lib/time';
import { DEFAULT_ALERT_SETTINGS, type AlertSettingsBody } from '../../contract/schemas/alerts';
import { type KeyFigures, type MemberFigures, type TeamFigures } from './rules';

/**
 * What the rules read (rules.ts), for the teams, keys and members whose bills or credit just changed: three
 * statements, all reads, from the same columns and usage_daily rows the gateway's admission reads. Only the alert
 * states that matter now are read: this month's, the balance and runway ones, and those of these keys.
 */

interface TeamRow {
  team_id: string;
  team_name: string;
  budget_limit_cents: number;
  credit_balance_cents: number;
  month_cents: number;
  week_cents: number;
  month: string;
  budget_thresholds: number[];
  balance_below_cents: number | null;
  runway_days: number | null;
  key_limit: boolean;
  member_cap: boolean;
  fired: string[];
}

interface KeyRow {
  id: string;
  team_id: string;
  name: string;
  spend_limit_cents: number;
  limit_period: string;
  spent_cents: number;
  period_key: string;
  resets_at: Date | null;
}

interface MemberRow {
  team_id: string;
  user_id: string;
  label: string;
  monthly_cap_cents: number;
  spent_cents: number;
}

export interface Watched {
  teamIds: string[];
  keyIds: string[];
  userIds: string[];
}

export async function readFigures(q: Queryable, watched: Watched): Promise<TeamFigures[]> {
  const keyRules = watched.keyIds.map((id) => `key:${id}`);
  const defaults = DEFAULT_ALERT_SETTINGS;
  const teams = await q.query<TeamRow>(
    `SELECT t.id AS team_id, t.name AS team_name, t.budget_limit_cents, t.credit_balance_cents,
            (SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
              WHERE d.team_id = t.id AND d.day >= ${MONTH_START_SQL}) AS month_cents,
            (SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
              WHERE d.team_id = t.id AND d.day > ${TODAY_SQL} - 7) AS week_cents,
            to_char(${MONTH_START_SQL}, 'YYYY-MM') AS month,
            COALESCE(s.budget_thresholds, $3::int[]) AS budget_thresholds, s.balance_below_cents, s.runway_days,
            COALESCE(s.key_limit, $4) AS key_limit, COALESCE(s.member_cap, $5) AS member_cap,
            ARRAY(SELECT a.rule || '|' || a.period FROM alert_state a
                  WHERE a.team_id = t.id
                    AND (a.period IN ('', to_char(${MONTH_START_SQL}, 'YYYY-MM')) OR a.rule = ANY($2::text[])))
              AS fired
     FROM teams t LEFT JOIN alert_settings s ON s.team_id = t.id
     WHERE t.id = ANY($1::uuid[])`,
    [watched.teamIds, keyRules, defaults.budget_thresholds, defaults.key_limit, defaults.member_cap],
    { name: 'alert_team_figures' },
  );
  const keys =
    watched.keyIds.length === 0
      ? []
      : await q.query<KeyRow>(
          `SELECT k.id, k.team_id, k.name, k.spend_limit_cents, k.limit_period,
                  CASE WHEN k.spend_period_start IS NOT DISTINCT FROM key_period_start(k.limit_period, now())
                       THEN k.period_spend_cents ELSE 0 END AS spent_cents,
                  COALESCE(key_period_start(k.limit_period, now())::text, 'lifetime') AS period_key,
                  key_period_end(k.limit_period, now()) AS resets_at
           FROM api_keys k
           WHERE k.id = ANY($1::uuid[]) AND k.spend_limit_cents IS NOT NULL AND k.deleted_at IS NULL`,
          [watched.keyIds],
          { name: 'alert_key_figures' },
        );
  const members =
    watched.userIds.length === 0
      ? []
      : await q.query<MemberRow>(
          `SELECT m.team_id, m.user_id, COALESCE(u.email, u.login) AS label, m.monthly_cap_cents,
                  (SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
                    WHERE d.team_id = m.team_id AND d.user_id = m.user_id AND d.day >= ${MONTH_START_SQL})
                    AS spent_cents
           FROM team_members m JOIN users u ON u.id = m.user_id
           WHERE m.user_id = ANY($1::uuid[]) AND m.monthly_cap_cents IS NOT NULL`,
          [watched.userIds],
          { name: 'alert_member_figures' },
        );

  return teams.map((row): TeamFigures => {
    const settings: TeamFigures['settings'] = {
      budget_thresholds: row.budget_thresholds,
      balance_below_cents: row.balance_below_cents,
      runway_days: row.runway_days,
      key_limit: row.key_limit,
      member_cap: row.member_cap,
    } satisfies Omit<AlertSettingsBody, 'extra_recipients'>;
    return {
      teamId: row.team_id,
      teamName: row.team_name,
      budgetCents: row.budget_limit_cents,
      monthCents: row.month_cents,
      balanceCents: row.credit_balance_cents,
      weekCents: row.week_cents,
      month: row.month,
      settings,
      fired: new Set(row.fired),
      keys: keys
        .filter((key) => key.team_id === row.team_id)
        .map((key): KeyFigures => ({
          id: key.id,
          name: key.name,
          limitCents: key.spend_limit_cents,
          spentCents: key.spent_cents,
          limitPeriod: key.limit_period,
          periodKey: key.period_key,
          resetsAt: key.resets_at,
        })),
      members: members
        .filter((member) => member.team_id === row.team_id)
        .map((member): MemberFigures => ({
          userId: member.user_id,
          label: member.label,
          capCents: member.monthly_cap_cents,
          spentCents: member.spent_cents,
        })),
    };
  });
}
