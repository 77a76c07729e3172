import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { PAGE_HEADERS, escapeHtml, page, scriptJson } from '../lib/html';
import { safeRedirect } from '../lib/redirect';
import {
  auditContext,
  clearSessionCookie,
  currentUser,
  isSecureRequest,
  readToken,
  setSessionCookie,
} from '../plugins/auth';
import { serverOrigin } from '../plugins/security';
import { authorizeUrl, fetchGithubProfile } from './github';
import { inviteTokenHash } from '../teams/teams';
import {
  acceptPendingInvite,
  membershipOf,
  toAuthUser,
  upsertDevUser,
  upsertGithubUser,
  type SignInUser,
} from './users';
import {
  AuthUser,
  DevLoginBody,
  InviteAcceptQuery,
  LogoutAllReply,
  MeQuery,
  OAuthCallbackQuery,
  OAuthLoginQuery,
} from '../../contract/schemas/auth';
import { errors } from '../../contract/schemas/common';
import { ACCOUNT_DISABLED, ACCOUNT_DISABLED_PARAM } from '../../contract/accountStatus';
import { INVITE_ACCEPT_PATH } from '../../contract/apiPaths';

const STATE_COOKIE = 'oauth_state';
const STATE_TTL_SECONDS = 10 * 60;

/** The cookie a sign-in's state travels in between the redirect to the provider and its return: signed, ten minutes. */
export const stateCookieOptions = (config: Deps['config'], request: FastifyRequest) => ({
  signed: true,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: isSecureRequest(config, request),
  path: '/v1/oauth',
  maxAge: STATE_TTL_SECONDS,
});

/**
 * Joins an invited user's team, begins the session and records the sign-in; returns the user's team. A disabled
 * user gets no session (docs/governance.md#disabled-users), however they signed in (GitHub, an OpenID provider, the
 * development sign-in).
 */
export async function startSession(
  { db, sessions, config }: Pick<Deps, 'db' | 'sessions' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SignInUser,
) {
  if (user.disabled) throw new HttpError(403, ACCOUNT_DISABLED.code, ACCOUNT_DISABLED.message);
  const signedIn = auditContext(request, { user });
  await acceptPendingInvite(db, user, signedIn);
  const membership = await membershipOf(db, user.id);
  const context = { ...signedIn, role: membership?.role ?? signedIn.role };
  const token = await sessions.start(user.id, undefined, { context, teamId: membership?.teamId ?? null });
  setSessionCookie(config, request, reply, token);
  return membership;
}

/**
 * The signed-in user as /v1/auth/me answers it, for a request `guards.authenticate` accepted. A user without a team
 * who was invited joins it here, on the first status check after signing in.
 */
export async function authUserOf(db: Deps['db'], request: FastifyRequest) {
  const user = currentUser(request);
  if (request.membership) return toAuthUser(user, request.membership);
  const joined = await acceptPendingInvite(db, user, auditContext(request));
  return toAuthUser(user, joined === null ? null : { teamId: joined, role: 'member' });
}

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const { config, db, sessions, guards } = deps;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const rateLimit = deps.rateLimit ? { rateLimit: deps.rateLimit } : undefined;

  const signIn = (request: FastifyRequest, reply: FastifyReply, user: SignInUser) =>
    startSession(deps, request, reply, user);

  const redirectTarget = (request: FastifyRequest, value: string | undefined) =>
    safeRedirect(value, serverOrigin(config, request), config.corsOrigins);

  /**
   * `?optional=true` is /login's check after it has painted, for a visitor without the `signed_in` hint: no session
   * answers 204 rather than 401, which every browser's console would show as an error on a first visit.
   */
  api.get(
    '/v1/auth/me',
    {
      onRequest: async (request) => {
        if (!isOptionalCheck(request)) return guards.authenticate(request);
        try {
          await guards.authenticate(request);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
        }
      },
      schema: {
        querystring: MeQuery,
        response: { 200: AuthUser, 204: Type.Null(), ...errors(401) },
      },
    },
    async (request, reply) => {
      if (!request.user) return reply.code(204).send(null);
      return authUserOf(db, request);
    },
  );

  api.post(
    '/v1/auth/dev-login',
    {
      config: rateLimit,
      schema: {
        body: DevLoginBody,
        response: { 200: AuthUser, ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!config.devLogin) throw notFound('Not found');
      const login = request.body.login;
      const user = await upsertDevUser(db, login, config.adminLogins.includes(login.toLowerCase()));
      return toAuthUser(user, await signIn(request, reply, user));
    },
  );

  // A GET because the dashboard's 'Sign out' is a link; it ends the session on the server, not only in this browser.
  api.get('/v1/auth/logout', async (request, reply) => {
    const token = readToken(request);
    if (token) await sessions.end(token);
    clearSessionCookie(config, request, reply);
    return reply.redirect(`${config.appUrl ?? ''}/login`, 302);
  });

  api.post(
    '/v1/auth/logout-all',
    {
      onRequest: guards.authenticate,
      schema: { response: { 200: LogoutAllReply, ...errors(401) } },
    },
    async (request, reply) => {
      const ended = await sessions.endAll(currentUser(request).id, {
        context: auditContext(request),
        teamId: request.membership?.teamId ?? null,
      });
      clearSessionCookie(config, request, reply);
      return { ended_sessions: ended };
    },
  );

  /**
   * An invitation's link (docs/alerts.md#invitations): a visitor without a session signs in first and comes back here;
   * a signed-in user without a team joins the team whose invitation it is, whatever their email. Then the team page.
   */
  api.get(INVITE_ACCEPT_PATH, { schema: { querystring: InviteAcceptQuery } }, async (request, reply) => {
    try {
      await guards.authenticate(request);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
      return reply.redirect(`/v1/oauth/github/login?redirect=${encodeURIComponent(request.url)}`, 302);
    }
    if (!request.membership) {
      await acceptPendingInvite(db, currentUser(request), auditContext(request), inviteTokenHash(request.query.token));
    }
    return reply.redirect(`${config.appUrl ?? ''}/team`, 302);
  });

  api.get(
    '/v1/oauth/github/login',
    {
      config: rateLimit,
      schema: { querystring: OAuthLoginQuery },
    },
    async (request, reply) => {
      const redirect = redirectTarget(request, request.query.redirect);
      if (config.devLogin) return reply.headers(PAGE_HEADERS).send(devLoginPage(redirect));
      const github = config.github;
      if (!github) throw new HttpError(503, 'NOT_CONFIGURED', 'GitHub sign-in is not configured');
      const state = randomBytes(24).toString('base64url');
      reply.setCookie(STATE_COOKIE, JSON.stringify({ state, redirect }), stateCookieOptions(config, request));
      return reply.redirect(
        authorizeUrl(github, `${serverOrigin(config, request)}/v1/oauth/github/callback`, state),
        302,
      );
    },
  );

  api.get(
    '/v1/oauth/github/callback',
    {
      config: rateLimit,
      schema: {
        querystring: OAuthCallbackQuery,
      },
    },
    async (request, reply) => {
      const github = config.github;
      if (!github) throw notFound('Not found');
      const saved = readState(request);
      reply.clearCookie(STATE_COOKIE, { path: '/v1/oauth' });
      if (!saved || saved.state !== request.query.state) {
        throw badRequest('state does not match this sign-in attempt; start again');
      }
      // The user declined on GitHub: back to the login page rather than an error.
      if (request.query.error) return reply.redirect(`${config.appUrl ?? ''}/login`, 302);
      const code = request.query.code;
      if (!code) throw badRequest('code is required');
      let profile;
      try {
        profile = await fetchGithubProfile(github, code, `${serverOrigin(config, request)}/v1/oauth/github/callback`);
      } catch (error) {
        request.log.warn({ err: error }, 'GitHub sign-in failed');
        throw new HttpError(502, 'OAUTH_FAILED', 'GitHub sign-in failed, please try again');
      }
      const user = await upsertGithubUser(db, profile, config.adminLogins.includes(profile.login.toLowerCase()));
      if (user.disabled) return reply.redirect(`${config.appUrl ?? ''}/login?error=${ACCOUNT_DISABLED_PARAM}`, 302);
      await signIn(request, reply, user);
      return reply.redirect(redirectTarget(request, saved.redirect), 302);
    },
  );

  function readState(request: FastifyRequest): { state: string; redirect: string } | null {
    const raw = request.cookies[STATE_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      return JSON.parse(unsigned.value) as { state: string; redirect: string };
    } catch {
      return null;
    }
  }
}

/** Read before the querystring is validated (onRequest runs first); validation then rejects anything but a boolean. */
const isOptionalCheck = (request: FastifyRequest) => (request.query as { optional?: unknown }).optional === 'true';

function devLoginPage(redirect: string): string {
  const demoUsers = [
    ['alice', 'team owner'],
    ['bob', 'team member'],
    ['admin', 'administrator'],
  ];
  const body = `
<h1>Sign in to AI Model Gateway</h1>
<p>Development sign-in: GitHub is not configured, so pick a demo user or type any login.</p>
<div class="row" role="group" aria-label="Demo users">
${demoUsers.map(([login, role]) => `<button type="button" data-login="${login}">${login} <small>(${role})</small></button>`).join('\n')}
</div>
<form id="custom">
  <label for="login">Other login</label>
  <input id="login" name="login" autocomplete="username" required pattern="[A-Za-z0-9\\-]{1,39}" maxlength="39" aria-describedby="login-hint">
  <p id="login-hint"><small>1-39 letters, digits or hyphens. New logins are created on first sign-in.</small></p>
  <button type="submit" class="secondary">Sign in</button>
</form>
<div id="message" role="alert" aria-live="assertive"></div>
<p><small>Redirects to ${escapeHtml(redirect)}</small></p>`;
  const script = `
const redirect = ${scriptJson(redirect)};
const message = document.getElementById('message');
async function signIn(login) {
  document.querySelectorAll('button').forEach((b) => (b.disabled = true));
  message.textContent = '';
  try {
    const res = await fetch('/v1/auth/dev-login', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login }) });
    if (!res.ok) throw new Error((await res.json().catch(() => ({}))).message || 'Sign-in failed');
    window.location.assign(redirect);
  } catch (error) {
    message.textContent = error.message;
    document.querySelectorAll('button').forEach((b) => (b.disabled = false));
  }
}
document.querySelectorAll('[data-login]').forEach((b) => b.addEventListener('click', () => signIn(b.dataset.login)));
document.getElementById('custom').addEventListener('submit', (e) => { e.preventDefault(); signIn(document.getElementById('login').value.trim()); });`;
  return page('Sign in · AI Model Gateway', body, script);
}
