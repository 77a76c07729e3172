import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an API key in the Authorization header and never reads the session cookie. */
    apiKeyAuth?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin this server answers on: PUBLIC_URL when set, else what the request says (honouring TRUST_PROXY). */
export function serverOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : `${request.protocol}://${request.host}`;
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
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && config.corsOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    }
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/v1/')) return;
    // CSRF rides on ambient credentials (the session cookie); routes that only accept an API key in a header have none.
    if (request.routeOptions.config.apiKeyAuth) return;
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      throw new HttpError(403, 'CSRF_REJECTED', 'State-changing requests must send content-type: application/json');
    }
    if (origin && !isAllowedOrigin(config, request, origin)) {
      throw new HttpError(403, 'CSRF_REJECTED', `Origin ${origin} is not allowed`);
    }
  });

  app.options('/v1/*', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !config.corsOrigins.includes(origin)) return reply.code(204).send();
    reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type, authorization, x-request-id');
    reply.header('access-control-max-age', '600');
    return reply.code(204).send();
  });
}
