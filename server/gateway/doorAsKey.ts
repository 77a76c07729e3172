import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A call to one of the gateway's own doors as the key whose secret a request carried, in process (Fastify's inject):
 * what the gateway asks on a request's behalf (the semantic cache's embedding, a guardrail's moderation check) is
 * admitted, billed and logged as that key's own request, like any other.
 */
export const doorAsKey =
  (app: Pick<FastifyInstance, 'inject'>, secret: string) =>
  (path: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload,
    });
