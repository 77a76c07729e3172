import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bill, Billed } from '../credit/bill';
import type { CachedAnswer } from './cacheStore';

/** What every answer of a request that asked for the cache says happened: hit, miss, refresh or bypass. */
export const CACHE_STATUS_HEADER = 'x-gateway-cache-status';
/** On a hit: the x-request-id of the request whose answer it is (the request log shows it too). */
export const CACHED_REQUEST_HEADER = 'x-gateway-cached-request-id';

/**
 * Answers a request from the cache (docs/gateway.md#caching): billed first, as a hit (`priceCents`, no tokens, marked
 * with the answer's request), then sent as the client was first sent it: the JSON body, or the stream's events in
 * the door's format, ending as the door ends, at once.
 */
export function serveCachedAnswer(
  answer: CachedAnswer,
  priceCents: number,
  bill: Pick<Bill, 'cached'>,
  request: FastifyRequest,
  reply: FastifyReply,
  routeName: string | null,
): FastifyReply {
  const candidate: Billed = {
    deployment: {
      id: answer.deploymentId ?? `direct:${answer.provider}/${answer.model}`,
      provider: answer.provider,
      model: answer.model,
    },
    tiers: [],
  };
  // What the answer cost, less the hit's price (hitPrice.ts; free by default), is what the cache saved.
  bill.cached({
    candidate,
    costCents: priceCents,
    cachedFrom: answer.requestId,
    savedCents: answer.costCents - priceCents,
  });
  const headers: Record<string, string> = {
    [CACHE_STATUS_HEADER]: 'hit',
    [CACHED_REQUEST_HEADER]: answer.requestId,
    'x-gateway-deployment': `${answer.provider}/${answer.model}`,
    ...(routeName !== null && { 'x-gateway-route': routeName }),
  };
  if (!answer.streamed) return reply.code(200).headers(headers).type(answer.contentType).send(answer.body);
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string | number | string[]>),
    ...headers,
    'content-type': answer.contentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
  });
  reply.raw.end(answer.body);
  return reply;
}
