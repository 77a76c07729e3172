import { TranslationError } from '../../formats/translate/translationError';
import type { Conversation } from '../../formats/types';

/**
 * OpenAI's moderations, passed through (docs/gateway.md#moderations). Its reply has no usage: the request is billed
 * by its prompt's estimate at the tier's prompt price, as a reply without usage is (docs/gateway.md#billing).
 */
export function moderationsWithOpenai(body: Record<string, unknown>, model: string): Conversation {
  if (body.stream !== undefined) throw new TranslationError('Moderations are not streamed; remove "stream".', 'stream');
  return {
    path: '/moderations',
    payload: { ...body, model },
    headers: {},
    stream: false,
    readJson: (raw) => ({ body: raw, usage: null, completionChars: 0 }),
    relay() {
      throw new Error('Moderations are never streamed.');
    },
  };
}

/** A dialect without moderations (Anthropic's, Gemini's): the model cannot answer them. */
export const noModerations = (provider: string) =>
  new TranslationError(
    `${provider} models do not offer moderations; use a moderation model such as openai/omni-moderation-latest.`,
    'model',
  );
