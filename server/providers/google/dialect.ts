import { embeddingsWithOpenai } from '../openaiCompatible/embeddings';
import { noModerations } from '../openaiCompatible/moderations';
import { TranslationError } from '../../formats/translate/translationError';
import type { GeminiDoorRequest } from '../../formats/translate/geminiTypes';
import type { ChatRequest } from '../../formats/types';
import type { Dialect } from '../types';
import { chatViaGemini } from './chatViaGemini';
import { generateContentWithGemini } from './generateContentWithGemini';
import { messagesViaGemini } from './messagesViaGemini';

/**
 * Google's native Gemini API (`{base}/models/{model}:generateContent`, `:streamGenerateContent?alt=sse`): the Gemini
 * door passed through; chat completions translated to it and back, and Anthropic's Messages through chat completions.
 * Embeddings go to Google's OpenAI-compatible endpoint under the same base (`{base}/openai/embeddings`).
 */
export const gemini: Dialect = {
  name: 'gemini',
  converse(endpoint, body, model, options) {
    switch (endpoint) {
      case 'chat.completions':
        return chatViaGemini(body as ChatRequest, model, options);
      case 'messages':
        return messagesViaGemini(body, model, options);
      case 'generateContent':
        return generateContentWithGemini(body as GeminiDoorRequest, model);
      case 'embeddings':
        return { ...embeddingsWithOpenai(body, model), path: '/openai/embeddings' };
      case 'moderations':
        throw noModerations('Google');
      case 'responses':
        throw new TranslationError(
          'The Responses API is not offered for Google models; call /v1/chat/completions or the Gemini API.',
          'model',
        );
    }
  },
  // `:countTokens`: `{ contents }`, or, with a system instruction, tools or settings, the whole request as a
  // `generateContentRequest` naming the deployment's model; answered `{ totalTokens }`. The door reads either form
  // as the request it counts (gateway/routes.ts).
  count(endpoint, body, model) {
    if (endpoint !== 'generateContent') return null;
    const { model: _door, stream: _stream, ...request } = body;
    const whole = Object.keys(request).some((field) => field !== 'contents');
    return {
      path: `/models/${model}:countTokens`,
      payload: whole
        ? { generateContentRequest: { model: `models/${model}`, ...request } }
        : { contents: request.contents },
      headers: {},
      tokens: (reply) => (typeof reply.totalTokens === 'number' ? reply.totalTokens : null),
    };
  },
};
