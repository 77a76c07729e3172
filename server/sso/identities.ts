/**
 * Who an OpenID sign-in is (docs/operations.md#single-sign-on). A user is found by the provider's issuer and stable
 * subject (user_identities), never by an email alone. A first sign-in links the identity to the user whose email it
 * is only when the provider says the email is verified; an unverified email that an existing user has is refused (the
 * "nOAuth" account takeover: anyone may set any address at a provider that does not check it). Only a verified email
 * is stored, so only it can match an invitation, and only it joins a team by its domain.
 */
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { recordActivity } from '../teams/activity';
import type { SignInUser } from '../sessions/users';
import type { SignedInIdentity } from './oidc';

/** What the operator configured for this provider: who is an administrator, which domains join which team. */
export interface SignInRules {
  adminLogins: string[];
  adminClaim: { claim: string; value: string } | null;
  teamDomains: { domain: string; teamId: string }[];
}

export type IdentitySignIn = { ok: true; user: SignInUser } | { ok: false; reason: string };

const USER_COLUMNS = 'u.id, u.login, u.name, u.email, u.is_admin, u.disabled_at IS NOT NULL AS disabled';
const RETURNED = 'id, login, name, email, is_admin, disabled_at IS NOT NULL AS disabled';
const LOGIN_MAX = 39;

function holdsClaim(claims: Record<string, unknown>, { claim, value }: { claim: string; value: string }): boolean {
  const held = claims[claim];
  return Array.isArray(held) ? held.includes(value) : held === value || held === true;
}

/** A login from what the provider calls the user, in the form logins take (letters, digits, dashes). */
function loginBase(identity: SignedInIdentity): string {
  const from = identity.preferredUsername ?? identity.email?.split('@')[0] ?? `user-${identity.subject}`;
  const cleaned = from
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LOGIN_MAX - 5);
  return cleaned || 'user';
}

async function freeLogin(q: Queryable, base: string): Promise<string> {
  for (let n = 0; ; n++) {
    const login = n === 0 ? base : `${base}-${n + 1}`;
    const [taken] = await q.query('SELECT 1 FROM users WHERE lower(login) = lower($1)', [login]);
    if (!taken) return login;
  }
}

/** The identity's user, linked or created by the rules above; or why it may not sign in. */
export async function signInWithIdentity(
  db: Db,
  identity: SignedInIdentity,
  rules: SignInRules,
  /** Who the audit log names for what the sign-in does (joining a team by domain): the user, once known. */
  who: (user: SignInUser) => AuditContext,
): Promise<IdentitySignIn> {
  const verifiedEmail = identity.emailVerified ? identity.email : null;
  return db.tx(async (q) => {
    const [known] = await q.query<SignInUser>(
      `UPDATE user_identities i SET last_signed_in_at = now() FROM users u
       WHERE i.issuer = $1 AND i.subject = $2 AND u.id = i.user_id RETURNING ${USER_COLUMNS}`,
      [identity.issuer, identity.subject],
    );
    let user = known ?? null;
    if (!user && identity.email !== null) {
      const [owner] = await q.query<SignInUser>(
        `SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.email) = $1 ORDER BY u.created_at LIMIT 1`,
        [identity.email],
      );
      if (owner && verifiedEmail === null) {
        return {
          ok: false as const,
          reason:
            'This email address belongs to an existing account, and the identity provider has not verified it. ' +
            'Sign in the way you did before, or ask the provider to verify your email.',
        };
      }
      user = owner ?? null;
    }
    if (!user) {
      const login = await freeLogin(q, loginBase(identity));
      [user] = await q.query<SignInUser>(
        `INSERT INTO users (login, name, email) VALUES ($1, $2, $3) RETURNING ${RETURNED}`,
        [login, identity.name ?? login, verifiedEmail],
      );
    }
    // The admin claim as of this sign-in (the session check reads it beside ADMIN_LOGINS: sessions/sessions.ts).
    const adminByClaim = rules.adminClaim !== null && holdsClaim(identity.claims, rules.adminClaim);
    await q.query(
      `INSERT INTO user_identities (issuer, subject, user_id, admin_by_claim) VALUES ($1, $2, $3, $4)
       ON CONFLICT (issuer, subject) DO UPDATE SET admin_by_claim = EXCLUDED.admin_by_claim`,
      [identity.issuer, identity.subject, user.id, adminByClaim],
    );
    [user] = await q.query<SignInUser>(
      `UPDATE users SET is_admin = $2, name = COALESCE($3, name), email = COALESCE($4, email)
       WHERE id = $1 RETURNING ${RETURNED}`,
      [user.id, adminByClaim || rules.adminLogins.includes(user.login.toLowerCase()), identity.name, verifiedEmail],
    );
    // The domain's team is joined at the identity's first sign-in only: a member the owner removed later is not
    // joined again by their next sign-in. A disabled user gets no session (sessions/routes.ts, startSession), and joins
    // nothing on the way.
    if (!known && verifiedEmail && !user.disabled) {
      await joinTeamByDomain(q, user, verifiedEmail, rules.teamDomains, who(user));
    }
    return { ok: true as const, user };
  });
}

/** A user without a team whose verified email's domain the operator mapped to a team joins it as a member. */
async function joinTeamByDomain(
  q: Queryable,
  user: SignInUser,
  email: string,
  domains: SignInRules['teamDomains'],
  who: AuditContext,
) {
  const domain = email.split('@')[1];
  const team = domains.find((entry) => entry.domain === domain);
  if (!team) return;
  const joined = await q.query(
    `INSERT INTO team_members (team_id, user_id, role)
     SELECT id, $2, 'member' FROM teams WHERE id = $1
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [team.teamId, user.id],
  );
  if (joined.length > 0) {
    await recordAudit(q, who, {
      teamId: team.teamId,
      action: 'member.joined',
      target: { id: user.id, label: email },
      after: { email_domain: domain, role: 'member' },
    });
    await recordActivity(
      q,
      team.teamId,
      user.id,
      'member_joined',
      `${user.name ?? user.login} joined the team (${domain})`,
    );
  }
}
