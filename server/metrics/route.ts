import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../contract/schemas/common';
import { HttpError } from '../lib/errors';
import type { Metrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Not
 * registered at all without a token: the metrics are off.
 */
export function metricsRoute(app: FastifyInstance, { metrics, token }: { metrics: Metrics; token: string }) {
  const expected = digest(`Bearer ${token}`);
  app.get(
    '/metrics',
    {
      schema: {
        headers: Type.Object({ authorization: Type.Optional(Type.String({ maxLength: 1024 })) }),
        response: { 200: Type.String(), ...errors(401) },
      },
    },
    async (request, reply) => {
      const given = request.headers.authorization;
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new HttpError(401, 'UNAUTHORIZED', 'The metrics need Authorization: Bearer <METRICS_TOKEN>');
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    },
  );
}
