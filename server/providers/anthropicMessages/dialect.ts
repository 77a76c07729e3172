import { TranslationError } from '../../formats/translate/translationError';
import type { ChatRequest } from '../../formats/types';
import type { Dialect } from '../types';
import { geminiViaChat } from '../geminiViaChat/geminiViaChat';
import { chatViaAnthropic } from './chatViaAnthropic';
import { messagesWithAnthropic } from './messagesWithAnthropic';
import { anthropicHeaders } from '../../formats/anthropicEvents';
import { noModerations } from '../openaiCompatible/moderations';

export const noAnthropicEmbeddings = () =>
  new TranslationError(
    'Anthropic models do not offer embeddings; use an embedding model such as openai/text-embedding-3-small.',
    'model',
  );

export const noAnthropicResponses = () =>
  new TranslationError(
    'The Responses API is not offered for Anthropic models; call /v1/messages or /v1/chat/completions.',
    'model',
  );

/**
 * Anthropic's native Messages API (prompt caching, thinking and tool use as Anthropic defines them): Messages passed
 * through, chat completions translated to it and back, the Gemini door through chat completions.
 */
export const anthropicMessages: Dialect = {
  name: 'anthropic',
  converse(endpoint, body, model, options) {
    switch (endpoint) {
      case 'chat.completions':
        return chatViaAnthropic(body as ChatRequest, model, options);
      case 'messages':
        return messagesWithAnthropic(body, model, options);
      case 'embeddings':
        throw noAnthropicEmbeddings();
      case 'moderations':
        throw noModerations('Anthropic');
      case 'responses':
        throw noAnthropicResponses();
      case 'generateContent':
        return geminiViaChat(anthropicMessages, body, model, options);
    }
  },
  // `/v1/messages/count_tokens`: the Messages request as the client wrote it, answered `{ input_tokens }`.
  count(endpoint, body, model, options) {
    if (endpoint !== 'messages') return null;
    return {
      path: '/messages/count_tokens',
      payload: { ...body, model },
      headers: anthropicHeaders(options),
      tokens: (reply) => (typeof reply.input_tokens === 'number' ? reply.input_tokens : null),
    };
  },
};
