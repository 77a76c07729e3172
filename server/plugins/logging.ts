import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { batchedStdout } from '../lib/batchedStdout';
import { prettyDestination } from '../lib/prettyLog';

/** Where log lines go: stdout, or a test's collector. */
export interface LogSink {
  write(text: string): unknown;
}

/**
 * Outside /v1 (and the Gemini door's /v1beta) are the built app's files and pages, robots.txt and the health checks:
 * noise when they succeed.
 */
const isAppRequest = (path: string) => !/^\/v1(beta)?(\/|$)/.test(path);

/**
 * LOG_FORMAT=pretty's request log: one line per request, when it completes (`GET /v1/teams/ 200 4.2 ms`), instead of
 * Fastify's "incoming request" and "request completed" pair. Requests outside /v1 are logged only when they fail
 * (4xx at warn, 5xx at error): a page load fetches a dozen bundles.
 */
class OneLineRequestLog extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // The path only: OAuth callback query strings carry the one-time code and state.
    const path = request.url.split('?')[0];
    const status = reply.statusCode;
    if (!error && status < 400 && isAppRequest(path)) return;
    const line = `${request.method} ${path} ${status} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error || status >= 500) reply.log.error(error ? { err: error } : {}, line);
    else if (status >= 400 && isAppRequest(path)) reply.log.warn(line);
    else reply.log.info(line);
  }
}

/**
 * The JSON request log: one line per request, when it completes, with the request (method, path, id), the status and
 * the time taken, instead of Fastify's "incoming request" and "request completed" pair. Half the lines: with the
 * pair, logging was 0.12-0.25 ms of the 0.53 ms of CPU a gateway request costs (docs/gateway.md, "The server's own
 * logs"). A request that never completes is still seen: as an error, or in the client's own timeout.
 */
class OneJsonLineRequestLog extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Fastify's logger: JSON lines (production's default, for log collectors), or one readable line per record (demo's
 * default). Both redact credentials and log request paths without their query string.
 */
export function loggerOptions(config: Config, sink?: LogSink): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logLevel === 'silent') return { logger: false };
  const pretty = config.logFormat === 'pretty';
  // Warnings and errors in colour, on a terminal only.
  const color = pretty && !sink && process.stdout.isTTY;
  return {
    logger: {
      level: config.logLevel,
      // stdout in batches (batchedStdout.ts); a test's sink as it is.
      stream: pretty ? prettyDestination(sink ?? batchedStdout(), { color }) : (sink ?? batchedStdout()),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        // OAuth callback query strings carry the one-time code and state: log the path only.
        req: (req: { method: string; url: string; id: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.split('?')[0],
        }),
      },
    },
    logController: pretty ? new OneLineRequestLog() : new OneJsonLineRequestLog(),
  };
}
