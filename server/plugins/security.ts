import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an API key in the Authorization header and never reads the session cookie. */
    apiKeyAuth?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin this server answers on, for links it builds (payment links, the OAuth callback) and the same-origin
 * check. PUBLIC_URL when set. Without it (local use), the request's origin only when its host is a loopback name:
 * the Host header is the client's to choose, and a link built from it may be stored and shown to someone else.
 * Any other host is ignored in favour of http://localhost:PORT.
 */
export function serverOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    if (LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
  } catch {
    // Not a host at all: the default below.
  }
  return `http://localhost:${config.port}`;
}

export function isAllowedOrigin(config: Config, request: FastifyRequest, origin: string): boolean {
  return origin === serverOrigin(config, request) || config.corsOrigins.includes(origin);
}

/**
 * CORS for the origins in CORS_ORIGINS (with credentials) and CSRF protection: state-changing /v1 requests must be
 * JSON (a cross-site form cannot send that without a preflight) and, when the browser names an Origin, it must be
 * ours or an allowed one.
 */
export function registerSecurity(app: FastifyInstance, config: Config) {
  // With `done` rather than async: it runs on every request (server/app.ts says why).
  app.addHook('onRequest', (request, reply, done) => done(refusal(request, reply)));

  /** Sets the CORS headers; the CSRF refusal of a request, if it is one. */
  function refusal(request: FastifyRequest, reply: FastifyReply): HttpError | undefined {
    const origin = request.headers.origin;
    if (origin && config.corsOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    }
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/v1/')) return undefined;
    // CSRF rides on ambient credentials (the session cookie); routes that only accept an API key in a header have none.
    if (request.routeOptions.config.apiKeyAuth) return undefined;
    // A request no route matches changes nothing: its 404 (in the caller's format) says more than a CSRF refusal.
    if (request.is404) return undefined;
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      return new HttpError(403, 'CSRF_REJECTED', 'State-changing requests must send content-type: application/json');
    }
    if (origin && !isAllowedOrigin(config, request, origin)) {
      return new HttpError(403, 'CSRF_REJECTED', `Origin ${origin} is not allowed`);
    }
    return undefined;
  }

  app.options('/v1/*', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !config.corsOrigins.includes(origin)) return reply.code(204).send();
    reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type, authorization, x-request-id');
    reply.header('access-control-max-age', '600');
    return reply.code(204).send();
  });
}
