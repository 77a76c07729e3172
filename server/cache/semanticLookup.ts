import type { FastifyBaseLogger } from 'fastify';
import type { EndpointName } from '../formats/types';
import type { SemanticSetting } from '../gateway/routing/types';
import type { CacheScope } from './cacheKey';
import type { CachedAnswer, CacheStore } from './cacheStore';
import type { PromptEmbedder } from './promptEmbedder';
import { semanticPrompt } from './semanticPrompt';
import { semanticScopeKey, unitVector, type SemanticCache } from './semanticCache';

/** On a semantic hit: how similar the stored answer's prompt was, to four places. */
export const CACHE_SIMILARITY_HEADER = 'x-gateway-cache-similarity';

export interface SemanticRequest {
  setting: SemanticSetting;
  endpoint: EndpointName;
  body: unknown;
  route: { name: string; deploymentIds: string[] };
  scope: CacheScope;
  embed: PromptEmbedder;
}

export type SemanticResult =
  /** A stored answer whose prompt meant the same. */
  | { hit: CachedAnswer; similarity: number }
  /** No such answer: once this request's answer is kept under `cacheKey`, remember its prompt beside it. */
  | { remember(cacheKey: string, ttlSeconds: number): void };

/**
 * After an exact miss on a route with a semantic cache (docs/gateway.md#semantic-cache): embeds the request's words
 * as its key, and looks for the most similar answer of its scope. Null when the request is not single-turn text, or
 * when its words could not be embedded (then it is an exact miss only; the cache never fails a request).
 */
export async function lookSemantically(
  parts: {
    store: Pick<CacheStore, 'get'>;
    semantic: Pick<SemanticCache, 'find' | 'remember'>;
    track(write: Promise<unknown>): void;
  },
  request: SemanticRequest,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SemanticResult | null> {
  const prompt = semanticPrompt(request.endpoint, request.body, { conversations: request.setting.conversations });
  if (!prompt) return null;
  try {
    const embedded = await request.embed(request.setting.model, prompt.text);
    const vector = embedded && unitVector(embedded);
    if (!vector) return null;
    const scopeKey = semanticScopeKey({
      endpoint: request.endpoint,
      route: request.route,
      rest: prompt.rest,
      scope: request.scope,
      model: request.setting.model,
    });
    const match = await parts.semantic.find(scopeKey, vector, request.setting.threshold);
    // An answer purged or expired since is not there: this is a miss, and its answer is remembered anew.
    const hit = match && (await parts.store.get(match.cacheKey));
    if (match && hit) return { hit, similarity: match.similarity };
    return {
      remember(cacheKey, ttlSeconds) {
        parts.track(
          parts.semantic
            .remember({ scopeKey, scope: request.scope, cacheKey, vector, ttlSeconds })
            .catch((error: unknown) => log.warn({ err: error }, 'the semantic cache could not remember a prompt')),
        );
      },
    };
  } catch (error) {
    log.warn({ err: error }, 'the semantic cache could not be read: answered as a miss');
    return null;
  }
}
