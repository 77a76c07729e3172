import type { FastifyInstance } from 'fastify';
import {
  ANSWER_ENCODERS,
  LARGE_ANSWER_BYTES,
  LARGE_ANSWER_ENCODERS,
  MIN_COMPRESS_BYTES,
  acceptedEncoding,
  withVary,
} from '../lib/compression';

/** JSON and text (CSV exports, the OpenAPI description); never a PDF or an image, which are compressed already. */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]*\+)?json|text\/)/i;

/**
 * The dashboard's API answers of a kilobyte or more, compressed when the browser accepts it. A team's 10,000 API keys
 * are 6.8 MB of JSON, 373 KB as brotli: over a phone's connection that is the difference between seconds and a
 * moment (docs/performance.md › The dashboard's answers, compressed). Registered on the dashboard's rooms only
 * (server/app.ts): the gateway's answers and streams pass untouched and pay nothing, and a streamed body (an export)
 * is left as it is. `Vary: Accept-Encoding` goes on every answer that could have been compressed.
 */
export function compressAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const bytes = Buffer.byteLength(payload);
    if (bytes < MIN_COMPRESS_BYTES) return payload;
    reply.header('vary', withVary(reply.getHeader('vary'), 'accept-encoding'));
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const encoders = bytes >= LARGE_ANSWER_BYTES ? LARGE_ANSWER_ENCODERS : ANSWER_ENCODERS;
    const body = await encoders[encoding](Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
