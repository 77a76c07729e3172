import type { Db, Queryable } from '../db/types';
import { conflict, isUuid, notFound } from '../lib/errors';
import { containsPattern, orderBy } from '../lib/listQuery';
import { MONTH_START_SQL, iso, isoOrNull } from '../lib/time';
import { recordAudit, type UserAuditContext } from '../audit/audit';
import { recordActivity } from '../teams/activity';
import {
  CONSOLE_DEFAULT_PAGE,
  DISABLE_SELF_MESSAGE,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserRow,
  type AdminUserSort,
} from '../../contract/schemas/adminConsole';
import type { TeamRole } from '../../contract/schemas/auth';

interface UserRowSql {
  id: string;
  login: string;
  name: string | null;
  email: string | null;
  is_admin: boolean;
  disabled_at: Date | null;
  created_at: Date;
  last_sign_in_at: Date | null;
  team_id: string | null;
  team_name: string | null;
  role: TeamRole | null;
  key_count: number;
  month_spend_cents: number;
}

const USER_SORTS: Record<AdminUserSort, string> = {
  login: 'lower(login)',
  created_at: 'created_at',
  last_sign_in_at: 'last_sign_in_at',
  key_count: 'key_count',
  month_spend_cents: 'month_spend_cents',
};

/**
 * Every user with their team and figures. `$1` a search pattern or null, `$2` a user id or null, `$3` the status
 * ('active', 'disabled') or null, `$4` the administrators' logins (ADMIN_LOGINS, read on every request). The last
 * sign-in is the newest session's start (a sign-in deletes only expired sessions, never the one it begins).
 */
const USERS_SQL = `
  WITH keys AS (
    SELECT user_id, count(*) AS n FROM api_keys WHERE deleted_at IS NULL AND user_id IS NOT NULL GROUP BY user_id
  ), signed_in AS (
    SELECT user_id, max(created_at) AS at FROM sessions GROUP BY user_id
  ), month AS (
    SELECT team_id, user_id, sum(cost_cents) AS cents FROM usage_daily WHERE day >= ${MONTH_START_SQL}
    GROUP BY team_id, user_id
  ), listed AS (
    SELECT u.id, u.login, u.name, u.email, lower(u.login) = ANY($4::text[]) AS is_admin, u.disabled_at, u.created_at,
           s.at AS last_sign_in_at, t.id AS team_id, t.name AS team_name, m.role, COALESCE(k.n, 0) AS key_count,
           COALESCE(mo.cents, 0) AS month_spend_cents
    FROM users u
    LEFT JOIN team_members m ON m.user_id = u.id
    LEFT JOIN teams t ON t.id = m.team_id
    LEFT JOIN keys k ON k.user_id = u.id
    LEFT JOIN signed_in s ON s.user_id = u.id
    LEFT JOIN month mo ON mo.team_id = m.team_id AND mo.user_id = u.id
    WHERE ($1::text IS NULL OR u.login ILIKE $1 OR u.name ILIKE $1 OR u.email ILIKE $1 OR t.name ILIKE $1)
      AND ($2::uuid IS NULL OR u.id = $2)
      AND ($3::text IS NULL OR (u.disabled_at IS NOT NULL) = ($3 = 'disabled'))
  )
  SELECT *, count(*) OVER () AS total FROM listed`;

function toUserRow(row: UserRowSql): AdminUserRow {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    email: row.email,
    is_admin: row.is_admin,
    disabled_at: isoOrNull(row.disabled_at),
    created_at: iso(row.created_at),
    last_sign_in_at: isoOrNull(row.last_sign_in_at),
    team: row.team_id && row.team_name ? { id: row.team_id, name: row.team_name } : null,
    role: row.role,
    key_count: row.key_count,
    month_spend_cents: row.month_spend_cents,
  };
}

/** GET /v1/admin/users: a page of every user, searched by login, name, email or team name. */
export async function listUsers(
  q: Queryable,
  query: AdminUserListQuery,
  adminLogins: readonly string[],
): Promise<AdminUserList> {
  const filters = [containsPattern(query.search), null, query.status ?? null, adminLogins];
  const rows = await q.query<UserRowSql & { total: number }>(
    `${USERS_SQL} ${orderBy(USER_SORTS, query.sort ?? 'created_at', query.order ?? 'desc')} LIMIT $5 OFFSET $6`,
    [...filters, query.limit ?? CONSOLE_DEFAULT_PAGE, query.offset ?? 0],
  );
  // Past the last page there is no row to carry the count.
  const total =
    rows.length > 0
      ? rows[0].total
      : (await q.query<{ total: number }>(`SELECT count(*) AS total FROM (${USERS_SQL}) users_found`, filters))[0]
          .total;
  return { rows: rows.map(toUserRow), total };
}

async function userRow(q: Queryable, userId: string, adminLogins: readonly string[]): Promise<AdminUserRow> {
  const [row] = await q.query<UserRowSql>(USERS_SQL, [null, userId, null, adminLogins]);
  if (!row) throw notFound('User not found');
  return toUserRow(row);
}

/**
 * Disables a user (docs/governance.md#disabled-users): every session of theirs ends in the same transaction, and
 * admission refuses their keys from the next request on (credit/sql: the route publishes the keys change, so every
 * instance drops its leases). Enabling lets them sign in again; their keys work again. An administrator cannot
 * disable their own account. Recorded in the user's team's activity feed and, with the user's status before and after,
 * in the audit log, in the same transaction.
 */
export async function setUserDisabled(
  db: Db,
  who: UserAuditContext,
  userId: string,
  disabled: boolean,
  adminLogins: readonly string[],
): Promise<AdminUserRow> {
  if (!isUuid(userId)) throw notFound('User not found');
  if (disabled && userId === who.userId) throw conflict(DISABLE_SELF_MESSAGE);
  await db.tx(async (q) => {
    const [user] = await q.query<{ login: string; changed: boolean; team_id: string | null; was: Date | null }>(
      `WITH before AS (SELECT id, disabled_at FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET disabled_at = CASE WHEN $2 THEN COALESCE(b.disabled_at, now()) END
       FROM before b WHERE u.id = b.id
       RETURNING u.login, (b.disabled_at IS NOT NULL) <> $2 AS changed, b.disabled_at AS was,
                 (SELECT team_id FROM team_members m WHERE m.user_id = u.id) AS team_id`,
      [userId, disabled],
    );
    if (!user) throw notFound('User not found');
    if (disabled) {
      await q.query('UPDATE sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL', [userId]);
    }
    if (!user.changed) return;
    if (user.team_id) {
      const message = disabled
        ? `${user.login}'s account was disabled by an administrator (${who.label}): their keys stop working`
        : `${user.login}'s account was enabled again by an administrator (${who.label})`;
      await recordActivity(q, user.team_id, who.userId, disabled ? 'user_disabled' : 'user_enabled', message);
    }
    await recordAudit(q, who, {
      teamId: user.team_id,
      action: disabled ? 'user.disabled' : 'user.enabled',
      target: { id: userId, label: user.login },
      before: { disabled: user.was !== null },
      after: { disabled },
    });
  });
  return userRow(db, userId, adminLogins);
}
