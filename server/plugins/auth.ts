import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserAuditContext } from '../audit/audit';
import type { Config } from '../config';
import { HttpError, forbidden } from '../lib/errors';
import { SESSION_TTL_SECONDS, type Sessions } from '../sessions/sessions';
import type { Membership } from '../teams/teams';
import type { UserRow } from '../sessions/users';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    membership: Membership | null;
  }
}

export const SESSION_COOKIE = 'jwt';
/**
 * Set and cleared with the session cookie, readable by the page and carrying nothing secret: it lets /login skip the
 * status call for a visitor who has no session (a 401 there is a console error in every browser, and a round trip).
 */
export const SESSION_HINT_COOKIE = 'signed_in';

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

export const isSecureRequest = (config: Config, request: FastifyRequest) =>
  config.cookieSecure ?? request.protocol === 'https';

export function setSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(config, request),
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    sameSite: 'lax',
    secure: isSecureRequest(config, request),
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(config, request),
    path: '/',
  });
  reply.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'lax', secure: isSecureRequest(config, request), path: '/' });
}

/** This instance's bills made and not yet in the database (credit/settler.ts): unwritten() is cheap, flushed() waits. */
export interface UnwrittenBills {
  unwritten(): boolean;
  flushed(): Promise<void>;
}

/**
 * Route guards, used as onRequest hooks so the rate limiter (a preHandler) can key on the signed-in user.
 *
 * A signed-in read sees every call this instance has answered: bills reach the database in batches, up to a quarter
 * of a second after their replies (GATHER_MS in credit/settler.ts), and a page opened right after a call (a key's
 * spend on API Keys, the balance, the request log) read without them. So a GET that signs in while bills are gathered
 * has them written first, beside the session's check; with nothing gathered it costs one comparison. A call answered
 * by another instance behind the same load balancer is seen once that instance's batch is written.
 */
export function createGuards(deps: { sessions: Sessions; bills?: UnwrittenBills }) {
  const billsWritten = (request: FastifyRequest) =>
    request.method === 'GET' && deps.bills?.unwritten() ? deps.bills.flushed() : undefined;

  async function authenticate(request: FastifyRequest) {
    const token = readToken(request);
    if (!token) throw new HttpError(401, 'NO_TOKEN', 'Sign in to continue');
    const written = billsWritten(request);
    const session = await deps.sessions.check(token);
    await written;
    if (!session.ok) throw new HttpError(401, session.code, session.message);
    request.user = session.user;
    request.membership = session.membership;
  }

  async function requireAdmin(request: FastifyRequest) {
    await authenticate(request);
    if (!request.user?.is_admin) throw forbidden('Administrator access required');
  }

  /** For /v1/teams/:teamId/...: unknown teams answer 403 like foreign ones, so team ids cannot be probed. */
  async function requireTeamAccess(request: FastifyRequest) {
    await authenticate(request);
    const { teamId } = request.params as { teamId: string };
    if (request.membership?.teamId !== teamId) throw forbidden('You are not a member of this team');
  }

  return { authenticate, requireAdmin, requireTeamAccess };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user; only valid on routes guarded above. */
export const currentUser = (request: FastifyRequest): UserRow => request.user as UserRow;

/** The longest user agent an audit entry keeps. */
const USER_AGENT_CHARS = 500;

/**
 * Who is making this request's change, for its audit entry (docs/audit.md): the signed-in user (or `user`, a user who
 * has just signed in), in the capacity the route gives them (`admin` on the administrators' routes, else their role in
 * the team; an administrator without one acts as one), the client's address and user agent.
 */
export function auditContext(
  request: FastifyRequest,
  options: { admin?: boolean; user?: UserRow } = {},
): UserAuditContext {
  const user = options.user ?? currentUser(request);
  const role = options.admin ? 'admin' : (request.membership?.role ?? (user.is_admin ? 'admin' : 'user'));
  return {
    userId: user.id,
    label: user.login,
    role,
    ip: request.ip || null,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_CHARS) ?? null,
  };
}
