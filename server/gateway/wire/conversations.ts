import { GatewayError } from '../errors';
import { SseRelay, readCompletion } from '../replies';
import { promptEstimate, promptText, promptUpperBound } from '../tokens';
import type { ChatRequest } from '../completions';
import type { Dialect, EndpointName, ProviderErrorDetail, ReadReply, RequestMeasure, StreamRelay } from './types';

/** One request's exchange with one deployment: what to send, and how to read what comes back. */
export interface Conversation {
  /** The provider's path under its base URL: `/chat/completions`, `/messages`, `/embeddings`, `/responses`. */
  path: string;
  /** The body to send (the deployment's model name already in it). */
  payload: Record<string, unknown>;
  /** Headers the provider needs beyond authentication and content type (anthropic-version, anthropic-beta). */
  headers: Record<string, string>;
  stream: boolean;
  readJson(raw: Buffer): ReadReply;
  relay(): StreamRelay;
}

export interface ConversationOptions {
  /** The client's `anthropic-version` and `anthropic-beta` headers, passed on to an Anthropic deployment. */
  anthropicVersion?: string;
  anthropicBeta?: string;
  /** Unix seconds, for the `created` field of translated replies. */
  created: number;
}

/** The OpenAI in-stream error event: `data: {"error": …}`, then the stream ends. */
const openAiErrorEvent = (error: GatewayError) => `data: ${JSON.stringify(error.body())}\n\n`;

/** A relay of OpenAI chat completion chunks as they are (the provider speaks the client's format). */
function openAiChatRelay(clientWantsUsage: boolean): StreamRelay {
  const sse = new SseRelay(clientWantsUsage);
  return {
    push: (chunk) => sse.push(chunk),
    flush: () => sse.flush(),
    finish: () => (sse.done ? 'data: [DONE]\n\n' : ''),
    get usage() {
      return sse.usage;
    },
    get completionChars() {
      return sse.completionChars;
    },
    get done() {
      return sse.done;
    },
    get error() {
      return sse.error;
    },
    errorEvent: openAiErrorEvent,
  };
}

function chatWithOpenAi(body: ChatRequest, model: string): Conversation {
  const stream = body.stream === true;
  const payload: Record<string, unknown> = { ...body, model };
  // The provider reports usage in a last chunk only when asked; the gateway always asks, and drops that chunk for
  // clients that did not (SseRelay).
  if (stream) payload.stream_options = { ...body.stream_options, include_usage: true };
  return {
    path: '/chat/completions',
    payload,
    headers: {},
    stream,
    readJson(raw) {
      const { usage, completionChars } = readCompletion(raw.toString('utf8'));
      return { body: raw, usage, completionChars };
    },
    relay: () => openAiChatRelay(body.stream_options?.include_usage === true),
  };
}

/**
 * The conversation for a request arriving at `endpoint` and answered by a deployment speaking `dialect`. Throws a
 * TranslationError (400) when the request uses something the deployment's format cannot express.
 */
export function startConversation(
  endpoint: EndpointName,
  dialect: Dialect,
  body: Record<string, unknown>,
  model: string,
  _options: ConversationOptions,
): Conversation {
  if (endpoint === 'chat.completions' && dialect === 'openai') return chatWithOpenAi(body as ChatRequest, model);
  throw new GatewayError(
    400,
    'invalid_request_error',
    'unsupported_endpoint',
    `This model cannot answer ${endpoint} requests.`,
    'model',
  );
}

/** The request's worst case and estimate, before it is forwarded. */
export function measureRequest(endpoint: EndpointName, body: Record<string, unknown>): RequestMeasure {
  if (endpoint === 'chat.completions') {
    const chat = body as ChatRequest;
    const prompt = promptText(chat);
    const cap = chat.max_completion_tokens ?? chat.max_tokens ?? null;
    return {
      promptUpperBound: promptUpperBound(prompt),
      promptEstimate: promptEstimate(prompt),
      completionCap: cap === null ? null : cap * (chat.n ?? 1),
    };
  }
  throw new Error(`measureRequest: ${endpoint} is not measured yet`);
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
