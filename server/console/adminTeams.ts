import type { Queryable } from '../db/types';
import { isUuid, notFound } from '../lib/errors';
import { containsPattern, orderBy } from '../lib/listQuery';
import { percentOf } from '../lib/money';
import { MONTH_START_SQL, TODAY_SQL, iso, isoOrNull } from '../lib/time';
import {
  CONSOLE_DEFAULT_PAGE,
  type AdminTeamDetail,
  type AdminTeamList,
  type AdminTeamListQuery,
  type AdminTeamRow,
  type AdminTeamSort,
  type PersonRef,
  type SystemOverview,
} from '../../contract/schemas/adminConsole';
import type { PaymentStatus } from '../../contract/schemas/billing';
import type { TeamRole } from '../../contract/schemas/auth';

/** The admin dashboard's System Overview: one statement over counts and today's row of the teams' roll-up. */
export async function systemOverview(q: Queryable): Promise<SystemOverview> {
  const [row] = await q.query<SystemOverview>(
    `SELECT (SELECT count(*) FROM users) AS total_users, (SELECT count(*) FROM teams) AS total_teams,
            (SELECT COALESCE(sum(request_count), 0) FROM usage_daily_teams WHERE day = ${TODAY_SQL}) AS api_calls_today`,
  );
  return row;
}

interface TeamRowSql {
  id: string;
  name: string;
  created_at: Date;
  member_count: number;
  balance_cents: number;
  month_spend_cents: number;
  budget_limit_cents: number;
  last_activity_at: Date | null;
  owner_id: string | null;
  owner_login: string | null;
  owner_name: string | null;
  owner_email: string | null;
}

const TEAM_SORTS: Record<AdminTeamSort, string> = {
  name: 'lower(name)',
  created_at: 'created_at',
  member_count: 'member_count',
  balance_cents: 'balance_cents',
  month_spend_cents: 'month_spend_cents',
  budget_use_percent: 'budget_use',
  last_activity_at: 'last_activity_at',
};

/**
 * Every team with its figures; `$1` is a search pattern (or null), `$2` a team id (or null) and `$3` the search as
 * typed (a team's id finds it). Month-to-date spend
 * from the teams' roll-up (one row per team and day), last activity from the keys' last use and the activity feed.
 */
const TEAMS_SQL = `
  WITH month AS (
    SELECT team_id, sum(cost_cents) AS cents FROM usage_daily_teams WHERE day >= ${MONTH_START_SQL} GROUP BY team_id
  ), listed AS (
    SELECT t.id, t.name, t.created_at, t.credit_balance_cents AS balance_cents, t.budget_limit_cents,
           (SELECT count(*) FROM team_members m WHERE m.team_id = t.id) AS member_count,
           COALESCE(mo.cents, 0) AS month_spend_cents,
           CASE WHEN t.budget_limit_cents > 0 THEN COALESCE(mo.cents, 0)::float8 / t.budget_limit_cents END AS budget_use,
           GREATEST((SELECT max(k.last_used_at) FROM api_keys k WHERE k.team_id = t.id),
                    (SELECT max(a.created_at) FROM activity_events a WHERE a.team_id = t.id)) AS last_activity_at,
           o.id AS owner_id, o.login AS owner_login, o.name AS owner_name, o.email AS owner_email
    FROM teams t
    LEFT JOIN month mo ON mo.team_id = t.id
    LEFT JOIN LATERAL (
      SELECT u.id, u.login, u.name, u.email FROM team_members om JOIN users u ON u.id = om.user_id
      WHERE om.team_id = t.id AND om.role = 'owner' ORDER BY om.created_at LIMIT 1
    ) o ON true
    WHERE ($1::text IS NULL OR t.name ILIKE $1 OR o.login ILIKE $1 OR o.email ILIKE $1 OR t.id::text = $3)
      AND ($2::uuid IS NULL OR t.id = $2)
  )
  SELECT *, count(*) OVER () AS total FROM listed`;

const person = (id: string | null, login: string | null, name: string | null, email: string | null) =>
  id && login ? { id, login, name, email } : null;

function toTeamRow(row: TeamRowSql): AdminTeamRow {
  return {
    id: row.id,
    name: row.name,
    created_at: iso(row.created_at),
    owner: person(row.owner_id, row.owner_login, row.owner_name, row.owner_email),
    member_count: row.member_count,
    balance_cents: row.balance_cents,
    month_spend_cents: row.month_spend_cents,
    budget_limit_cents: row.budget_limit_cents,
    budget_use_percent: row.budget_limit_cents > 0 ? percentOf(row.month_spend_cents, row.budget_limit_cents) : null,
    last_activity_at: isoOrNull(row.last_activity_at),
  };
}

/** GET /v1/admin/teams: a page of every team, searched by team name, owner login or email, or team id. */
export async function listTeams(q: Queryable, query: AdminTeamListQuery): Promise<AdminTeamList> {
  const filters = [containsPattern(query.search), null, query.search?.trim() ?? null];
  const rows = await q.query<TeamRowSql & { total: number }>(
    `${TEAMS_SQL} ${orderBy(TEAM_SORTS, query.sort ?? 'month_spend_cents', query.order ?? 'desc')}
     LIMIT $4 OFFSET $5`,
    [...filters, query.limit ?? CONSOLE_DEFAULT_PAGE, query.offset ?? 0],
  );
  // Past the last page there is no row to carry the count.
  const total =
    rows.length > 0
      ? rows[0].total
      : (await q.query<{ total: number }>(`SELECT count(*) AS total FROM (${TEAMS_SQL}) teams_found`, filters))[0]
          .total;
  return { rows: rows.map(toTeamRow), total };
}

const USAGE_DAYS = 30;

/** GET /v1/admin/teams/{teamId}: the team, its members, keys (never a secret), newest payments and ledger, usage. */
export async function teamDetail(q: Queryable, teamId: string): Promise<AdminTeamDetail> {
  if (!isUuid(teamId)) throw notFound('Team not found');
  const [team] = await q.query<TeamRowSql>(TEAMS_SQL, [null, teamId, null]);
  if (!team) throw notFound('Team not found');
  const [members, keys, payments, credits, days, models] = await Promise.all([
    q.query<{
      id: string;
      login: string;
      name: string | null;
      email: string | null;
      role: TeamRole;
      joined_at: Date;
      disabled: boolean;
      monthly_cap_cents: number | null;
      month_spend_cents: number;
    }>(
      `SELECT u.id, u.login, u.name, u.email, m.role, m.created_at AS joined_at, u.disabled_at IS NOT NULL AS disabled,
              m.monthly_cap_cents,
              (SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
               WHERE d.team_id = m.team_id AND d.user_id = m.user_id AND d.day >= ${MONTH_START_SQL}) AS month_spend_cents
       FROM team_members m JOIN users u ON u.id = m.user_id
       WHERE m.team_id = $1 ORDER BY m.role = 'owner' DESC, m.created_at, u.login`,
      [teamId],
    ),
    q.query<{
      id: string;
      name: string;
      key_prefix: string;
      is_active: boolean;
      created_at: Date;
      last_used_at: Date | null;
      expires_at: Date | null;
      user_id: string | null;
      login: string | null;
      user_name: string | null;
      email: string | null;
    }>(
      `SELECT k.id, k.name, k.key_prefix, k.is_active, k.created_at, k.last_used_at, k.expires_at,
              u.id AS user_id, u.login, u.name AS user_name, u.email
       FROM api_keys k LEFT JOIN users u ON u.id = k.user_id
       WHERE k.team_id = $1 AND k.deleted_at IS NULL ORDER BY k.created_at DESC, k.id`,
      [teamId],
    ),
    q.query<{
      order_id: string;
      status: PaymentStatus;
      amount_cents: number;
      refunded_cents: number;
      created_at: Date;
      completed_at: Date | null;
    }>(
      `SELECT order_id, status, amount_cents, refunded_cents, created_at, completed_at FROM payments
       WHERE team_id = $1 ORDER BY created_at DESC, id LIMIT 20`,
      [teamId],
    ),
    q.query<{
      id: string;
      type: string;
      description: string;
      amount_cents: number;
      created_at: Date;
      created_by: string | null;
    }>(
      `SELECT l.id, l.type, l.description, l.amount_cents, l.created_at, u.login AS created_by
       FROM credit_ledger l LEFT JOIN users u ON u.id = l.created_by
       WHERE l.team_id = $1 ORDER BY l.created_at DESC, l.id LIMIT 20`,
      [teamId],
    ),
    q.query<{ day: string; requests: number; cost_cents: number }>(
      `SELECT d::date::text AS day, COALESCE(t.request_count, 0) AS requests, COALESCE(t.cost_cents, 0) AS cost_cents
       FROM generate_series(${TODAY_SQL} - ${USAGE_DAYS - 1}, ${TODAY_SQL}, interval '1 day') d
       LEFT JOIN usage_daily_teams t ON t.team_id = $1 AND t.day = d::date ORDER BY d`,
      [teamId],
    ),
    q.query<{ provider: string; model: string; requests: number; tokens: number; cost_cents: number }>(
      `SELECT provider, model, sum(request_count) AS requests, sum(prompt_tokens + completion_tokens) AS tokens,
              sum(cost_cents) AS cost_cents
       FROM usage_daily WHERE team_id = $1 AND day > ${TODAY_SQL} - ${USAGE_DAYS}
       GROUP BY provider, model ORDER BY sum(cost_cents) DESC, provider, model`,
      [teamId],
    ),
  ]);
  return {
    team: toTeamRow(team),
    members: members.map(({ joined_at, ...member }) => ({ ...member, joined_at: iso(joined_at) })),
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      key_prefix: key.key_prefix,
      is_active: key.is_active,
      created_at: iso(key.created_at),
      last_used_at: isoOrNull(key.last_used_at),
      expires_at: isoOrNull(key.expires_at),
      user: person(key.user_id, key.login, key.user_name, key.email) as PersonRef | null,
    })),
    payments: payments.map((payment) => ({
      ...payment,
      created_at: iso(payment.created_at),
      completed_at: isoOrNull(payment.completed_at),
    })),
    credits: credits.map((entry) => ({ ...entry, created_at: iso(entry.created_at) })),
    usage: { days, models },
  };
}
