import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { isUuid } from '../lib/errors';
import type { Membership } from '../teams/teams';
import type { UserRow } from './users';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

type Refusal = { ok: false; code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED'; message: string };
export type SessionCheck = { ok: true; user: UserRow; membership: Membership | null; sessionId: string } | Refusal;

const INVALID: Refusal = { ok: false, code: 'INVALID_TOKEN', message: 'Invalid session token' };
const EXPIRED: Refusal = { ok: false, code: 'TOKEN_EXPIRED', message: 'Your session has expired' };
const ENDED: Refusal = { ok: false, code: 'INVALID_TOKEN', message: 'Your session has ended, please sign in again' };

interface SessionUserRow extends UserRow {
  team_id: string | null;
  role: 'owner' | 'member' | null;
  ended: boolean;
  expired: boolean;
}

/**
 * Sessions: a row in `sessions` per sign-in, named by an HS256 JWT (`sub` the user, `sid` the row, `exp` required).
 * The token proves who issued it; the row decides whether it still counts, so signing out (here or everywhere) ends
 * it on the server at once, and so does an administrator disabling the user. Administrator rights come from
 * ADMIN_LOGINS on every check, never from what was true when the session began, or from an OpenID provider's admin
 * claim as of the user's last sign-in with it (sso/identities.ts).
 */
/** Recorded with a sign-in or "sign out everywhere": who, and the team the entry belongs to. */
export interface SessionAudit {
  context: AuditContext;
  teamId: string | null;
}

export function createSessions(secret: string, db: Db, adminLogins: readonly string[]) {
  const key = new TextEncoder().encode(secret);
  const admins = adminLogins.map((login) => login.toLowerCase());

  /** The token's user and session, if we signed it. An expired token is INVALID/EXPIRED unless allowExpired. */
  async function claims(token: string, { allowExpired = false } = {}) {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['sub', 'sid', 'exp'] }));
    } catch (error) {
      // The signature is checked before the claims, so an expired token's payload is ours: it may still be ended.
      if (!(error instanceof errors.JWTExpired)) return INVALID;
      if (!allowExpired) return EXPIRED;
      payload = error.payload;
    }
    const { sub, sid } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || !isUuid(sub) || !isUuid(sid)) return INVALID;
    return { ok: true as const, userId: sub, sessionId: sid };
  }

  return {
    /**
     * Begins a session for a user who has just signed in; returns its token. With `audit`, the sign-in is recorded in
     * the audit log in the session's own transaction (docs/audit.md).
     */
    async start(userId: string, ttlSeconds = SESSION_TTL_SECONDS, audit?: SessionAudit): Promise<string> {
      const row = await db.tx(async (q: Queryable) => {
        await q.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at < now()', [userId]);
        const [session] = await q.query<{ id: string; exp: number }>(
          `INSERT INTO sessions (user_id, expires_at) VALUES ($1, now() + make_interval(secs => $2))
           RETURNING id, floor(extract(epoch FROM expires_at))::bigint AS exp`,
          [userId, ttlSeconds],
        );
        if (audit) {
          await recordAudit(q, audit.context, {
            teamId: audit.teamId,
            action: 'session.signed_in',
            target: { id: userId, label: audit.context.label },
            after: { session_id: session.id, expires_in_seconds: ttlSeconds },
          });
        }
        return session;
      });
      return new SignJWT({ sid: row.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(row.exp)
        .sign(key);
    },

    /** The signed-in user and their team, if the token names a session that is still open. */
    async check(token: string): Promise<SessionCheck> {
      const verified = await claims(token);
      if (!verified.ok) return verified;
      const [row] = await db.query<SessionUserRow>(
        `SELECT u.id, u.login, u.name, u.email,
                (lower(u.login) = ANY($3::text[])
                 OR EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id AND i.admin_by_claim)) AS is_admin,
                m.team_id, m.role,
                s.ended_at IS NOT NULL OR u.disabled_at IS NOT NULL AS ended, s.expires_at <= now() AS expired
         FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN team_members m ON m.user_id = u.id
         WHERE s.id = $1 AND s.user_id = $2`,
        [verified.sessionId, verified.userId, admins],
        { name: 'session_user' },
      );
      if (!row) return INVALID;
      if (row.ended) return ENDED;
      if (row.expired) return EXPIRED;
      const { team_id: teamId, role, ended: _ended, expired: _expired, ...user } = row;
      return {
        ok: true,
        user,
        membership: teamId && role ? { teamId, role } : null,
        sessionId: verified.sessionId,
      };
    },

    /** Sign out: the token's session ends for every copy of the token. A token that is not ours is ignored. */
    async end(token: string): Promise<void> {
      const verified = await claims(token, { allowExpired: true });
      if (!verified.ok) return;
      await db.query('UPDATE sessions SET ended_at = now() WHERE id = $1 AND user_id = $2 AND ended_at IS NULL', [
        verified.sessionId,
        verified.userId,
      ]);
    },

    /** Sign out everywhere (a lost laptop): every open session of the user ends, recorded; returns how many did. */
    async endAll(userId: string, audit: SessionAudit): Promise<number> {
      return db.tx(async (q: Queryable) => {
        const rows = await q.query(
          'UPDATE sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now() RETURNING id',
          [userId],
        );
        await recordAudit(q, audit.context, {
          teamId: audit.teamId,
          action: 'session.signed_out_everywhere',
          target: { id: userId, label: audit.context.label },
          after: { ended_sessions: rows.length },
        });
        return rows.length;
      });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
