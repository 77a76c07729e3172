import type { ChatRequest } from './types';
import { chatViaAnthropic } from './chatViaAnthropic';
import { chatWithOpenAi } from './chatWithOpenAi';
import { embeddingsWithOpenai, noAnthropicEmbeddings } from './embeddings';
import { measureChat, measureEmbeddings, measureMessages, measureResponses } from './measure';
import { messagesViaOpenai } from './messagesViaOpenai';
import { messagesWithAnthropic } from './messagesWithAnthropic';
import { noAnthropicResponses, responsesWithOpenai } from './responses';
import type { Conversation, ConversationOptions, Dialect, EndpointName, ProviderErrorDetail } from './types';
import type { RequestMeasure } from '../../credit/holds';

export type { Conversation, ConversationOptions } from './types';

/**
 * The conversation for a request arriving at `endpoint` and answered by a deployment speaking `dialect`
 * (docs/gateway.md, "Endpoints and provider formats"). Throws a TranslationError (400) when the request uses
 * something the deployment's format cannot express, or the deployment does not offer the endpoint at all.
 */
export function startConversation(
  endpoint: EndpointName,
  dialect: Dialect,
  body: Record<string, unknown>,
  model: string,
  options: ConversationOptions,
): Conversation {
  const anthropic = dialect === 'anthropic';
  switch (endpoint) {
    case 'chat.completions':
      return anthropic
        ? chatViaAnthropic(body as ChatRequest, model, options)
        : chatWithOpenAi(body as ChatRequest, model);
    case 'messages':
      return anthropic ? messagesWithAnthropic(body, model, options) : messagesViaOpenai(body, model);
    case 'embeddings':
      if (anthropic) throw noAnthropicEmbeddings();
      return embeddingsWithOpenai(body, model);
    case 'responses':
      if (anthropic) throw noAnthropicResponses();
      return responsesWithOpenai(body, model);
  }
}

/** The request's worst case and estimate, before it is forwarded. */
export function measureRequest(endpoint: EndpointName, body: Record<string, unknown>): RequestMeasure {
  switch (endpoint) {
    case 'chat.completions':
      return measureChat(body as ChatRequest);
    case 'messages':
      return measureMessages(body);
    case 'embeddings':
      return measureEmbeddings(body);
    case 'responses':
      return measureResponses(body);
  }
}

/** A provider's error body read for its message and code: OpenAI's `{ error: {…} }` (or a list of them) or Anthropic's. */
export function readProviderError(raw: Buffer): ProviderErrorDetail {
  const none: ProviderErrorDetail = { message: null, type: null, code: null };
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    const error = first && typeof first === 'object' && 'error' in first ? first.error : null;
    if (!error || typeof error !== 'object') return none;
    const { message, type, code } = error as Record<string, unknown>;
    return {
      message: typeof message === 'string' ? message : null,
      type: typeof type === 'string' ? type : null,
      code: typeof code === 'string' ? code : null,
    };
  } catch {
    return none;
  }
}
