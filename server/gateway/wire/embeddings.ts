import { parseUsage } from '../replies';
import { TranslationError } from '../translate/translationError';
import { bodyJson } from './sse';
import type { Conversation } from './types';

/** Embeddings are an OpenAI-dialect endpoint; an Anthropic deployment has nothing to answer them with. */
export const noAnthropicEmbeddings = () =>
  new TranslationError(
    'Anthropic models do not offer embeddings; use an embedding model such as openai/text-embedding-3-small.',
    'model',
  );

/** OpenAI's embeddings, passed through; the usage has prompt tokens only. */
export function embeddingsWithOpenai(body: Record<string, unknown>, model: string): Conversation {
  if (body.stream !== undefined) throw new TranslationError('Embeddings are not streamed; remove "stream".', 'stream');
  return {
    path: '/embeddings',
    payload: { ...body, model },
    headers: {},
    stream: false,
    readJson(raw) {
      return { body: raw, usage: parseUsage(bodyJson(raw)?.usage), completionChars: 0 };
    },
    relay() {
      throw new Error('Embeddings are never streamed.');
    },
  };
}
