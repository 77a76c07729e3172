import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors';

/**
 * The one error handler: known errors keep their status and code, framework 4xx errors (bad JSON, body too large,
 * validation) become `{ code, message }`, and anything else is logged and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A 5xx of ours (a payment provider down) says what happened in its message; its cause goes to the log only.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).send({ code: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ code: 'RATE_LIMITED', message: 'Too many requests, please slow down' });
    }
    if (status >= 400 && status < 500) {
      const code = status === 400 ? 'VALIDATION_ERROR' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Request body is not valid JSON' : error.message;
      return reply.code(status).send({ code, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
  });
}
