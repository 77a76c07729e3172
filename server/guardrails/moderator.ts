import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GATEWAY_ENDPOINTS } from '../../contract/endpoints';
import { doorAsKey } from '../gateway/doorAsKey';

/** What a moderation model said of a prompt: flagged or not, and the categories it flagged (never the text). */
export interface ModerationVerdict {
  flagged: boolean;
  categories: string[];
}

/**
 * A prompt's moderation check (docs/guardrails.md#moderation) through the team's own model or route: null when it did
 * not answer (the key may not use the model, the credit ran out, the provider failed).
 */
export type PromptModerator = (model: string, text: string) => Promise<ModerationVerdict | null>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A moderator for the key whose secret a request carried: as that key would, through the gateway's moderations door,
 * so the check is admitted, billed and logged as the team's moderations request like any other (as the semantic
 * cache's embeddings are: cache/promptEmbedder.ts).
 */
export const doorModerator = (
  app: Pick<FastifyInstance, 'inject'>,
  secret: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): PromptModerator => moderatorThrough((body) => doorAsKey(app, secret)(GATEWAY_ENDPOINTS.moderations.path, body), log);

/**
 * A moderator that asks `moderate` (a moderations request made as the key, by whatever door reaches it: a batch's line
 * has the key's hash, not its secret, server/batches/lineDoor.ts) and reads its answer.
 */
export function moderatorThrough(
  moderate: (body: { model: string; input: string }) => Promise<LightMyRequestResponse>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): PromptModerator {
  return async (model, text) => {
    const res = await moderate({ model, input: text });
    const results = res.statusCode === 200 ? (res.json() as { results?: unknown }).results : null;
    if (!Array.isArray(results) || !results.every(isObject)) {
      log.warn({ status: res.statusCode, model }, 'the moderation check did not answer');
      return null;
    }
    const categories = new Set<string>();
    for (const result of results) {
      if (!isObject(result.categories)) continue;
      for (const [name, on] of Object.entries(result.categories)) if (on === true) categories.add(name);
    }
    return { flagged: results.some((result) => result.flagged === true), categories: [...categories].sort() };
  };
}
