import { createHash } from 'node:crypto';
import { recordAudit, type UserAuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { conflict, forbidden, isUniqueViolation, notFound, noTeam } from '../lib/errors';
import { centsToDollars, percentOf, formatCents } from '../lib/money';
import { randomToken } from '../lib/random';
import { MONTH_START_SQL, iso } from '../lib/time';
import { queueMail } from '../mail/outbox';
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

export async function createTeam(db: Db, who: UserAuditContext, name: string, budgetCents: number) {
  try {
    const teamId = await db.tx(async (q) => {
      const [team] = await q.query<{ id: string }>(
        'INSERT INTO teams (name, budget_limit_cents) VALUES ($1, $2) RETURNING id',
        [name, budgetCents],
      );
      await q.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [
        team.id,
        who.userId,
      ]);
      await recordActivity(q, team.id, who.userId, 'team_created', `Team "${name}" was created`);
      await recordAudit(q, who, {
        teamId: team.id,
        action: 'team.created',
        target: { id: team.id, label: name },
        after: { name, budget_limit_cents: budgetCents },
      });
      return team.id;
    });
    return teamView(db, teamId);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You already belong to a team');
    throw error;
  }
}

export async function updateBudget(db: Db, membership: Membership | null, who: UserAuditContext, budgetCents: number) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    // Row lock so concurrent updates serialise and each activity entry records the true previous value.
    const [before] = await q.query<{ name: string; budget_limit_cents: number }>(
      'SELECT name, budget_limit_cents FROM teams WHERE id = $1 FOR UPDATE',
      [teamId],
    );
    await q.query('UPDATE teams SET budget_limit_cents = $2 WHERE id = $1', [teamId, budgetCents]);
    await recordActivity(
      q,
      teamId,
      who.userId,
      'team_updated',
      `Monthly budget changed from ${formatCents(before.budget_limit_cents)} to ${formatCents(budgetCents)}`,
    );
    await recordAudit(q, who, {
      teamId,
      action: 'team.budget_changed',
      target: { id: teamId, label: before.name },
      before: { budget_limit_cents: before.budget_limit_cents },
      after: { budget_limit_cents: budgetCents },
    });
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
  who: UserAuditContext,
  memberId: string,
  capCents: number | null,
) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    const [member] = await q.query<{ who: string; monthly_cap_cents: number | null }>(
      `SELECT COALESCE(u.email, u.login) AS who, m.monthly_cap_cents FROM team_members m JOIN users u ON u.id = m.user_id
       WHERE m.team_id = $1 AND m.user_id = $2 FOR UPDATE OF m`,
      [teamId, memberId],
    );
    if (!member) throw notFound('Team member not found');
    await q.query('UPDATE team_members SET monthly_cap_cents = $3 WHERE team_id = $1 AND user_id = $2', [
      teamId,
      memberId,
      capCents,
    ]);
    const cap = capCents === null ? 'no monthly cap' : `a monthly cap of ${formatCents(capCents)}`;
    await recordActivity(q, teamId, who.userId, 'member_cap_changed', `${member.who} now has ${cap}`);
    await recordAudit(q, who, {
      teamId,
      action: 'member.cap_changed',
      target: { id: memberId, label: member.who },
      before: { monthly_cap_cents: member.monthly_cap_cents },
      after: { monthly_cap_cents: capCents },
    });
  });
  const members = await listMembers(db, teamId);
  return members.find((member) => member.id === memberId)!;
}

/** The SHA-256 of an invitation's token: what is stored, so the table alone cannot be used to join a team. */
export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invites an address and sends the invitation (docs/alerts.md#invitations) through the mail room, in the same
 * transaction: its link (`acceptUrl(token)`) brings the invitee to sign-in and into the team.
 */
export async function inviteMember(
  db: Db,
  membership: Membership | null,
  who: UserAuditContext,
  email: string,
  acceptUrl: (token: string) => string,
) {
  const { teamId } = requireOwner(membership);
  const normalised = email.trim().toLowerCase();
  const token = randomToken(24);
  await db.tx(async (q) => {
    const [member] = await q.query(
      `SELECT 1 FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND lower(u.email) = $2`,
      [teamId, normalised],
    );
    if (member) throw conflict(`${normalised} is already a member of this team`);
    // An accepted invite of someone who has since left may be renewed; a pending one is refused, not sent twice.
    const [invite] = await q.query<{ id: string }>(
      `INSERT INTO team_invites (team_id, email, invited_by, token_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id, email) DO UPDATE
         SET status = 'pending', invited_by = EXCLUDED.invited_by, created_at = now(), token_hash = EXCLUDED.token_hash
       WHERE team_invites.status <> 'pending'
       RETURNING id`,
      [teamId, normalised, who.userId, inviteTokenHash(token)],
    );
    if (!invite) throw conflict(`${normalised} has already been invited to this team`);
    await recordActivity(q, teamId, who.userId, 'member_invited', `${normalised} was invited to the team`);
    await recordAudit(q, who, {
      teamId,
      action: 'member.invited',
      target: { id: invite.id, label: normalised },
      after: { email: normalised, status: 'pending' },
    });
    const [inviter] = await q.query<{ name: string; team: string }>(
      `SELECT COALESCE(u.name, u.login) AS name, t.name AS team FROM users u, teams t WHERE u.id = $1 AND t.id = $2`,
      [who.userId, teamId],
    );
    await queueMail(q, {
      teamId,
      kind: 'invite',
      to: [normalised],
      subject: `${inviter.name} invited you to ${inviter.team} on AI Model Gateway`,
      text:
        `${inviter.name} invited you to join the team "${inviter.team}" on AI Model Gateway.\n\n` +
        `Accept the invitation: ${acceptUrl(token)}\n\n` +
        'The link signs you in and adds you to the team. If you did not expect this email, ignore it.\n',
    });
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

export async function cancelInvite(db: Db, membership: Membership | null, who: UserAuditContext, inviteId: string) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    const [invite] = await q.query<{ email: string }>(
      `DELETE FROM team_invites WHERE id = $1 AND team_id = $2 AND status = 'pending' RETURNING email`,
      [inviteId, teamId],
    );
    if (!invite) throw notFound('Invite not found');
    await recordActivity(q, teamId, who.userId, 'invite_cancelled', `The invite of ${invite.email} was cancelled`);
    await recordAudit(q, who, {
      teamId,
      action: 'invite.cancelled',
      target: { id: inviteId, label: invite.email },
      before: { email: invite.email, status: 'pending' },
    });
  });
  return { success: true as const };
}

export async function removeMember(db: Db, membership: Membership | null, who: UserAuditContext, memberId: string) {
  const { teamId } = requireOwner(membership);
  await db.tx(async (q) => {
    const [member] = await q.query<{
      role: string;
      email: string | null;
      login: string;
      monthly_cap_cents: number | null;
    }>(
      `SELECT m.role, u.email, u.login, m.monthly_cap_cents FROM team_members m JOIN users u ON u.id = m.user_id
       WHERE m.team_id = $1 AND m.user_id = $2`,
      [teamId, memberId],
    );
    if (!member) throw notFound('Team member not found');
    if (member.role === 'owner') throw forbidden('The team owner cannot be removed');
    await q.query('DELETE FROM team_members WHERE team_id = $1 AND user_id = $2', [teamId, memberId]);
    await recordActivity(
      q,
      teamId,
      who.userId,
      'member_removed',
      `${member.email ?? member.login} was removed from the team`,
    );
    await recordAudit(q, who, {
      teamId,
      action: 'member.removed',
      target: { id: memberId, label: member.email ?? member.login },
      before: {
        login: member.login,
        email: member.email,
        role: member.role,
        monthly_cap_cents: member.monthly_cap_cents,
      },
    });
  });
  return { success: true as const };
}
