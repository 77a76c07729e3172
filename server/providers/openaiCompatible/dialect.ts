import type { ChatRequest } from '../../formats/types';
import type { Dialect } from '../types';
import { geminiViaChat } from '../geminiViaChat/geminiViaChat';
import { chatWithOpenAi } from './chatWithOpenAi';
import { embeddingsWithOpenai } from './embeddings';
import { moderationsWithOpenai } from './moderations';
import { messagesViaOpenai } from './messagesViaOpenai';
import { responsesWithOpenai } from './responses';

/** How OpenAI-compatible APIs take a key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * OpenAI's API and every API compatible with it (OpenAI, OpenRouter, echo): chat completions and the endpoints that
 * have them passed through, Anthropic's Messages and the Gemini door translated to chat completions.
 */
export const openaiCompatible: Dialect = {
  name: 'openai',
  converse(endpoint, body, model, options) {
    switch (endpoint) {
      case 'chat.completions':
        return chatWithOpenAi(body as ChatRequest, model);
      case 'messages':
        return messagesViaOpenai(body, model, options);
      case 'embeddings':
        return embeddingsWithOpenai(body, model);
      case 'moderations':
        return moderationsWithOpenai(body, model);
      case 'responses':
        return responsesWithOpenai(body, model);
      case 'generateContent':
        return geminiViaChat(openaiCompatible, body, model, options);
    }
  },
  // The Responses API's `/responses/input_tokens` (OpenAI's; a provider without it lists no `counts`).
  count(endpoint, body, model) {
    if (endpoint !== 'responses') return null;
    return {
      path: '/responses/input_tokens',
      payload: { ...body, model },
      headers: {},
      tokens: (reply) => (typeof reply.input_tokens === 'number' ? reply.input_tokens : null),
    };
  },
};
