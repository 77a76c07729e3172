import { parseUsage } from '../../formats/replies';
import { TranslationError } from '../../formats/translate/translationError';
import { bodyJson } from '../../formats/sse';
import type { Conversation } from '../../formats/types';

/** Embeddings are an OpenAI-dialect endpoint; an Anthropic deployment has nothing to answer them with. */
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
