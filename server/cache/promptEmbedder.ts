import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { GATEWAY_ENDPOINTS } from '../../contract/endpoints';
import { doorAsKey } from '../gateway/doorAsKey';

/**
 * How the semantic cache embeds a prompt (docs/gateway.md#semantic-cache): as the request's own key would, through
 * the gateway's embeddings door, so the embedding is admitted, billed and logged as the team's embeddings request like
 * any other (a key out of credit, or not allowed the model, gets no embedding, and the request is answered as a miss).
 */
export type PromptEmbedder = (model: string, text: string) => Promise<number[] | null>;

/** An embedder for the key whose secret a request carried; `log` says why an embedding was not had. */
export function doorEmbedder(
  app: Pick<FastifyInstance, 'inject'>,
  secret: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): PromptEmbedder {
  const call = doorAsKey(app, secret);
  return async (model, text) => {
    const res = await call(GATEWAY_ENDPOINTS.embeddings.path, { model, input: text });
    if (res.statusCode !== 200) {
      log.warn({ status: res.statusCode, model }, 'the semantic cache could not embed a prompt: answered as a miss');
      return null;
    }
    const embedding = (res.json() as { data?: { embedding?: unknown }[] }).data?.[0]?.embedding;
    return Array.isArray(embedding) && embedding.every((value) => typeof value === 'number') ? embedding : null;
  };
}
