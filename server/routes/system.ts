import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { SESSION_COOKIE, readToken } from '../plugins/auth';
import { findUser, toAuthUser } from '../services/users';
import { isUuid } from '../lib/errors';

/** Health probes and the cookie diagnostics used by the /debug page. */
export function systemRoutes(app: FastifyInstance, { db, sessions }: Deps) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      return reply.code(503).send({ code: 'NOT_READY', message: 'Database unavailable' });
    }
  });

  app.get('/v1/debug/cookies', async (request) => {
    const token = readToken(request);
    const verified = token ? await sessions.verify(token) : null;
    const user = verified?.ok && isUuid(verified.userId) ? await findUser(db, verified.userId) : null;
    return {
      origin: request.headers.origin ?? null,
      host: request.host,
      cookie_names: Object.keys(request.cookies),
      jwt_cookie_present: SESSION_COOKIE in request.cookies,
      authorization_header_present: Boolean(request.headers.authorization),
      token_valid: user !== null,
      token_error: !token ? 'NO_TOKEN' : verified && !verified.ok ? verified.code : user ? null : 'INVALID_TOKEN',
      user: user ? toAuthUser(user) : null,
      secure: request.protocol === 'https',
      timestamp: new Date().toISOString(),
    };
  });
}
