import type { Db, Queryable } from '../db/types';
import { conflict, forbidden, isUniqueViolation, notFound, noTeam } from '../lib/errors';
import { centsToDollars, percentOf, formatCents } from '../lib/money';
import { MONTH_START_SQL, iso } from '../lib/time';
import { recordActivity } from './activity';
import type { TeamRole } from '../../contract/schemas/auth';
import type { MyCap } from '../../contract/schemas/teams';
import { periodResetsAt } from '../../contract/keyLimits';

export interface Membership {
  teamId: string;
  role: TeamRole;
}

export function requireTeam(membership: Membership | null): Membership {
  if (!membership) throw noTeam();
  return membership;
}

export function requireOwner(membership: Membership | null): Membership {
  if (requireTeam(membership).role !== 'owner') throw forbidden('Only the team owner can do this');
  return membership!;
}

/**
 * One prepared statement (the dashboard's hot path: every round trip to PGlite's single connection is one more turn
 * in its queue under load).
 */
export async function teamView(q: Queryable, teamId: string) {
  const [row] = await q.query<{
    id: string;
    name: string;
    budget_limit_cents: number;
    created_at: Date;
    member_count: number;
    month_cents: number;
  }>(
    `SELECT t.id, t.name, t.budget_limit_cents, t.created_at,
            (SELECT count(*) FROM team_members m WHERE m.team_id = t.id) AS member_count,
            (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily WHERE team_id = t.id AND day >= ${MONTH_START_SQL})
              AS month_cents
     FROM teams t WHERE t.id = $1`,
    [teamId],
    { name: 'team_view' },
  );
  if (!row) throw notFound('Team not found');
  return {
    id: row.id,
    name: row.name,
    budget_limit: centsToDollars(row.budget_limit_cents),
    current_usage: centsToDollars(row.month_cents),
    budget_utilization: percentOf(row.month_cents, row.budget_limit_cents),
    member_count: row.member_count,
    created_at: iso(row.created_at),
  };
}

export async function createTeam(db: Db, userId: string, name: string, budgetCents: number) {
  try {
    const teamId = await db.tx(async (q) => {
      const [team] = await q.query<{ id: string }>(
        'INSERT INTO teams (name, budget_limit_cents) VALUES ($1, $2) RETURNING id',
        [name, budgetCents],
      );
      await q.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [team.id, userId]);
      await recordActivity(q, team.id, userId, 'team_created', `Team "${name}" was created`);
      return team.id;
    });
    return teamView(db, teamId);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You already belong to a team');
    throw error;
  }
}

export async function updateBudget(db: Db, membership: Membership | null, userId: string, budgetCents: number) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    // Row lock so concurrent updates serialise and each activity entry records the true previous value.
    const [before] = await q.query<{ budget_limit_cents: number }>(
      'SELECT budget_limit_cents FROM teams WHERE id = $1 FOR UPDATE',
      [teamId],
    );
    await q.query('UPDATE teams SET budget_limit_cents = $2 WHERE id = $1', [teamId, budgetCents]);
    await recordActivity(
      q,
      teamId,
      userId,
      'team_updated',
      `Monthly budget changed from ${formatCents(before.budget_limit_cents)} to ${formatCents(budgetCents)}`,
    );
  });
  return teamView(db, teamId);
}

/** What a member's keys spent this UTC month, from the roll-up admission reads; `m` is their team_members row. */
const MEMBER_MONTH_SPEND_SQL = `(SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
   WHERE d.team_id = m.team_id AND d.user_id = m.user_id AND d.day >= ${MONTH_START_SQL})`;

/** The member's own monthly cap with this month's spend and its reset, or null without a cap. */
export async function myCap(q: Queryable, membership: Membership, userId: string): Promise<MyCap | null> {
  const [row] = await q.query<{ monthly_cap_cents: number; month_spend_cents: number }>(
    `SELECT m.monthly_cap_cents, ${MEMBER_MONTH_SPEND_SQL} AS month_spend_cents
     FROM team_members m WHERE m.team_id = $1 AND m.user_id = $2 AND m.monthly_cap_cents IS NOT NULL`,
    [membership.teamId, userId],
  );
  if (!row) return null;
  return { ...row, resets_at: iso(periodResetsAt('monthly', new Date())!) };
}

export async function listMembers(q: Queryable, teamId: string) {
  const rows = await q.query<{
    id: string;
    name: string | null;
    login: string;
    email: string | null;
    role: 'owner' | 'member';
    created_at: Date;
    monthly_cap_cents: number | null;
    month_spend_cents: number;
  }>(
    `SELECT u.id, u.name, u.login, u.email, m.role, m.created_at, m.monthly_cap_cents,
            ${MEMBER_MONTH_SPEND_SQL} AS month_spend_cents
     FROM team_members m JOIN users u ON u.id = m.user_id
     WHERE m.team_id = $1 ORDER BY m.role = 'owner' DESC, m.created_at, u.login`,
    [teamId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? row.login,
    email: row.email,
    role: row.role,
    created_at: iso(row.created_at),
    monthly_cap_cents: row.monthly_cap_cents,
    month_spend_cents: row.month_spend_cents,
  }));
}

/** The owner's monthly cap on one member's keys together (docs/governance.md#member-caps); null lifts it. */
export async function setMemberCap(
  db: Db,
  membership: Membership | null,
  userId: string,
  memberId: string,
  capCents: number | null,
) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    const [member] = await q.query<{ who: string }>(
      `UPDATE team_members m SET monthly_cap_cents = $3 FROM users u
       WHERE m.team_id = $1 AND m.user_id = $2 AND u.id = m.user_id RETURNING COALESCE(u.email, u.login) AS who`,
      [teamId, memberId, capCents],
    );
    if (!member) throw notFound('Team member not found');
    const cap = capCents === null ? 'no monthly cap' : `a monthly cap of ${formatCents(capCents)}`;
    await recordActivity(q, teamId, userId, 'member_cap_changed', `${member.who} now has ${cap}`);
  });
  const members = await listMembers(db, teamId);
  return members.find((member) => member.id === memberId)!;
}

export async function inviteMember(db: Db, membership: Membership | null, userId: string, email: string) {
  const { teamId } = requireOwner(membership);
  const normalised = email.trim().toLowerCase();
  await db.tx(async (q) => {
    const [member] = await q.query(
      `SELECT 1 FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND lower(u.email) = $2`,
      [teamId, normalised],
    );
    if (member) throw conflict(`${normalised} is already a member of this team`);
    // An accepted invite of someone who has since left may be renewed; a pending one is refused, not sent twice.
    const [invite] = await q.query(
      `INSERT INTO team_invites (team_id, email, invited_by) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, email) DO UPDATE SET status = 'pending', invited_by = EXCLUDED.invited_by, created_at = now()
       WHERE team_invites.status <> 'pending'
       RETURNING id`,
      [teamId, normalised, userId],
    );
    if (!invite) throw conflict(`${normalised} has already been invited to this team`);
    await recordActivity(q, teamId, userId, 'member_invited', `${normalised} was invited to the team`);
  });
  return { email: normalised, status: 'pending' as const };
}

/** The team's invites nobody has accepted yet, newest first. */
export async function listPendingInvites(db: Db, membership: Membership | null) {
  const { teamId } = requireTeam(membership);
  const rows = await db.query<{ id: string; email: string; created_at: Date; invited_by: string | null }>(
    `SELECT i.id, i.email, i.created_at, COALESCE(u.name, u.login) AS invited_by
     FROM team_invites i LEFT JOIN users u ON u.id = i.invited_by
     WHERE i.team_id = $1 AND i.status = 'pending' ORDER BY i.created_at DESC, i.email`,
    [teamId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}

export async function cancelInvite(db: Db, membership: Membership | null, userId: string, inviteId: string) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    const [invite] = await q.query<{ email: string }>(
      `DELETE FROM team_invites WHERE id = $1 AND team_id = $2 AND status = 'pending' RETURNING email`,
      [inviteId, teamId],
    );
    if (!invite) throw notFound('Invite not found');
    await recordActivity(q, teamId, userId, 'invite_cancelled', `The invite of ${invite.email} was cancelled`);
  });
  return { success: true as const };
}

export async function removeMember(db: Db, membership: Membership | null, userId: string, memberId: string) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    const [member] = await q.query<{ role: string; email: string | null; login: string }>(
      `SELECT m.role, u.email, u.login FROM team_members m JOIN users u ON u.id = m.user_id
       WHERE m.team_id = $1 AND m.user_id = $2`,
      [teamId, memberId],
    );
    if (!member) throw notFound('Team member not found');
    if (member.role === 'owner') throw forbidden('The team owner cannot be removed');
    await q.query('DELETE FROM team_members WHERE team_id = $1 AND user_id = $2', [teamId, memberId]);
    await recordActivity(
      q,
      teamId,
      userId,
      'member_removed',
      `${member.email ?? member.login} was removed from the team`,
    );
  });
  return { success: true as const };
}
