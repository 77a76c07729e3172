import type { AuthUser } from '../../contract/schemas/auth';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { recordActivity } from '../teams/activity';
import type { Membership } from '../teams/teams';

export interface UserRow {
  id: string;
  login: string;
  name: string | null;
  email: string | null;
  is_admin: boolean;
}

/** A user signing in, and whether an administrator has disabled them (docs/governance.md#disabled-users). */
export interface SignInUser extends UserRow {
  disabled: boolean;
}

const USER_COLUMNS = 'id, login, name, email, is_admin, disabled_at IS NOT NULL AS disabled';

/** The signed-in user as the contract's AuthUser has it, with their team and role in it (null without one). */
export const toAuthUser = (user: UserRow, membership: Membership | null): AuthUser => ({
  id: user.id,
  login: user.login,
  name: user.name,
  email: user.email,
  is_admin: user.is_admin,
  team_id: membership?.teamId ?? null,
  team_role: membership?.role ?? null,
});

/** The team a user belongs to (a user belongs to at most one) and their role in it, or null. */
export async function membershipOf(q: Queryable, userId: string): Promise<Membership | null> {
  const [row] = await q.query<{ team_id: string; role: Membership['role'] }>(
    'SELECT team_id, role FROM team_members WHERE user_id = $1',
    [userId],
  );
  return row ? { teamId: row.team_id, role: row.role } : null;
}

/** Development sign-in: the login is the identity; new logins get a placeholder email so invites can match. */
export async function upsertDevUser(q: Queryable, login: string, isAdmin: boolean): Promise<SignInUser> {
  const [user] = await q.query<SignInUser>(
    `INSERT INTO users (login, name, email, is_admin) VALUES ($1, $1, lower($1) || '@example.com', $2)
     ON CONFLICT (login) DO UPDATE SET is_admin = EXCLUDED.is_admin
     RETURNING ${USER_COLUMNS}`,
    [login, isAdmin],
  );
  return user;
}

export async function upsertGithubUser(
  q: Queryable,
  profile: { githubId: number; login: string; name: string | null; email: string | null },
  isAdmin: boolean,
): Promise<SignInUser> {
  const [user] = await q.query<SignInUser>(
    `INSERT INTO users (github_id, login, name, email, is_admin) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (github_id) DO UPDATE
       SET login = EXCLUDED.login, name = EXCLUDED.name, email = COALESCE(EXCLUDED.email, users.email),
           is_admin = EXCLUDED.is_admin
     RETURNING ${USER_COLUMNS}`,
    [profile.githubId, profile.login, profile.name, profile.email, isAdmin],
  );
  return user;
}

/**
 * A user without a team whose email has a pending invite joins that team (or, with `tokenHash`, the team whose
 * invitation link they followed, whatever their email). The UNIQUE team_members.user_id makes concurrent calls safe:
 * only one insert wins. Returns the team joined, or null.
 */
export async function acceptPendingInvite(
  db: Db,
  user: UserRow,
  who: AuditContext,
  tokenHash: string | null = null,
): Promise<string | null> {
  if (!user.email && tokenHash === null) return null;
  // Cheap check first so the common case (no invite) costs one indexed read and no transaction.
  const [pending] = await db.query(
    `SELECT 1 FROM team_invites WHERE (email = lower($1) OR token_hash = $2) AND status = 'pending' LIMIT 1`,
    [user.email, tokenHash],
  );
  if (!pending) return null;
  return db.tx(async (q) => {
    const [invite] = await q.query<{ id: string; team_id: string; email: string }>(
      `SELECT i.id, i.team_id, i.email FROM team_invites i
       WHERE (i.email = lower($1) OR i.token_hash = $3) AND i.status = 'pending'
         AND NOT EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = $2)
       ORDER BY i.token_hash = $3 DESC NULLS LAST, i.created_at LIMIT 1`,
      [user.email, user.id, tokenHash],
    );
    if (!invite) return null;
    const joined = await q.query(
      `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'member') ON CONFLICT DO NOTHING RETURNING user_id`,
      [invite.team_id, user.id],
    );
    if (joined.length === 0) return null;
    await q.query(`UPDATE team_invites SET status = 'accepted', accepted_at = now() WHERE id = $1`, [invite.id]);
    await recordActivity(q, invite.team_id, user.id, 'member_joined', `${user.name ?? user.login} joined the team`);
    await recordAudit(q, who, {
      teamId: invite.team_id,
      action: 'member.joined',
      target: { id: user.id, label: user.email ?? user.login },
      after: { invite_id: invite.id, invited_email: invite.email, role: 'member' },
    });
    return invite.team_id;
  });
}
