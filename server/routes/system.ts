import type { FastifyInstance } from 'fastify';
import { CookieDiagnostics } from '../../contract/schemas/auth';
import type { Deps } from '../deps';
import { SESSION_COOKIE, readToken } from '../plugins/auth';
import { toAuthUser } from '../sessions/users';

/** Health probes and the cookie diagnostics used by the /debug page. */
export function systemRoutes(app: FastifyInstance, { db, sessions, lifecycle }: Deps) {
  // Liveness (Kubernetes' livenessProbe: docs/operations.md#health-checks): the process answers, whatever the database.
  for (const path of ['/livez', '/healthz']) app.get(path, async () => ({ status: 'ok' }));

  // A load balancer sends traffic only while this answers 200: a draining instance says 503 first, then stops.
  app.get('/readyz', async (request, reply) => {
    if (lifecycle.draining) {
      return reply.code(503).send({ code: 'DRAINING', message: 'This instance is shutting down' });
    }
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      return reply.code(503).send({ code: 'NOT_READY', message: 'Database unavailable' });
    }
  });

  app.get('/v1/debug/cookies', { schema: { response: { 200: CookieDiagnostics } } }, async (request) => {
    const token = readToken(request);
    const session = token ? await sessions.check(token) : null;
    const user = session?.ok ? session.user : null;
    return {
      origin: request.headers.origin ?? null,
      host: request.host,
      cookie_names: Object.keys(request.cookies),
      jwt_cookie_present: SESSION_COOKIE in request.cookies,
      authorization_header_present: Boolean(request.headers.authorization),
      token_valid: user !== null,
      token_error: !token ? 'NO_TOKEN' : session?.ok ? null : (session?.code ?? 'INVALID_TOKEN'),
      user: user && session?.ok ? toAuthUser(user, session.membership) : null,
      secure: request.protocol === 'https',
      timestamp: new Date().toISOString(),
    };
  });
}
