import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { safeRedirect } from '../lib/redirect';
import { auditContext } from '../plugins/auth';
import { serverOrigin } from '../plugins/security';
import { signInWithIdentity } from './identities';
import { SignInRefused, createOidcClients, type PendingSignIn } from './oidc';
import { OAuthLoginQuery, OidcCallbackQuery, OidcProviderParams, SignInProviders } from '../../contract/schemas/auth';
import { SIGN_IN_PROVIDERS_PATH } from '../../contract/apiPaths';
import { errors } from '../../contract/schemas/common';
import { startSession, stateCookieOptions } from '../sessions/routes';
import { ACCOUNT_DISABLED_PARAM } from '../../contract/accountStatus';

const STATE_COOKIE = 'oidc_state';

/**
 * Single sign-on with the OpenID Connect providers of OIDC_PROVIDERS (docs/operations.md#single-sign-on): the list the
 * login page shows, the redirect to a provider, and its return, which signs the identity's user in.
 */
export function ssoRoutes(app: FastifyInstance, deps: Deps) {
  const { config, db } = deps;
  const oidc = createOidcClients(config.sso);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const rateLimit = deps.rateLimit ? { rateLimit: deps.rateLimit } : undefined;
  const callbackUrl = (request: FastifyRequest, provider: string) =>
    `${serverOrigin(config, request)}/v1/oauth/oidc/${provider}/callback`;
  const providerOf = (id: string) => {
    const provider = oidc.find(id);
    if (!provider) throw notFound('No such sign-in provider');
    return provider;
  };

  api.get(SIGN_IN_PROVIDERS_PATH, { schema: { response: { 200: SignInProviders } } }, async () => ({
    providers: oidc.providers.map(({ id, name }) => ({ id, name })),
  }));

  api.get(
    '/v1/oauth/oidc/:provider/login',
    {
      config: rateLimit,
      schema: { params: OidcProviderParams, querystring: OAuthLoginQuery, response: errors(404, 502) },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const redirect = safeRedirect(request.query.redirect, serverOrigin(config, request), config.corsOrigins);
      let started;
      try {
        started = await oidc.start(provider, callbackUrl(request, provider.id), redirect);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'OpenID provider discovery failed');
        throw new HttpError(502, 'OAUTH_FAILED', `${provider.name} cannot be reached; please try again`);
      }
      reply.setCookie(STATE_COOKIE, JSON.stringify(started.pending), stateCookieOptions(config, request));
      return reply.redirect(started.url, 302);
    },
  );

  api.get(
    '/v1/oauth/oidc/:provider/callback',
    {
      config: rateLimit,
      schema: { params: OidcProviderParams, querystring: OidcCallbackQuery, response: errors(400, 403, 404, 502) },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const pending = readPending(request);
      reply.clearCookie(STATE_COOKIE, { path: '/v1/oauth' });
      if (!pending || pending.provider !== provider.id || pending.state !== request.query.state) {
        throw badRequest('state does not match this sign-in attempt; start again');
      }
      // The user declined at the provider: back to the login page rather than an error.
      if (request.query.error) return reply.redirect(`${config.appUrl ?? ''}/login`, 302);
      let identity;
      try {
        identity = await oidc.finish(provider, new URL(request.url, serverOrigin(config, request)), pending);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'OpenID sign-in refused');
        if (error instanceof SignInRefused) {
          throw new HttpError(403, 'SIGN_IN_REFUSED', `${provider.name} sign-in refused: ${error.message}`);
        }
        throw new HttpError(502, 'OAUTH_FAILED', `${provider.name} sign-in failed, please try again`);
      }
      const signedIn = await signInWithIdentity(
        db,
        identity,
        {
          adminLogins: config.adminLogins,
          adminClaim: provider.adminClaim,
          teamDomains: provider.teamDomains,
        },
        (user) => auditContext(request, { user }),
      );
      if (!signedIn.ok) {
        request.log.warn(
          { provider: provider.id, subject: identity.subject },
          'OpenID sign-in refused: unverified email',
        );
        throw new HttpError(403, 'SIGN_IN_REFUSED', signedIn.reason);
      }
      // As GitHub's callback: the login page says why (docs/governance.md#disabled-users).
      if (signedIn.user.disabled) {
        return reply.redirect(`${config.appUrl ?? ''}/login?error=${ACCOUNT_DISABLED_PARAM}`, 302);
      }
      await startSession(deps, request, reply, signedIn.user);
      return reply.redirect(safeRedirect(pending.redirect, serverOrigin(config, request), config.corsOrigins), 302);
    },
  );
}

function readPending(request: FastifyRequest): PendingSignIn | null {
  const raw = request.cookies[STATE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(unsigned.value) as PendingSignIn;
  } catch {
    return null;
  }
}
