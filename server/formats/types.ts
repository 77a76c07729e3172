import type { UnsupportedParams } from './translate/omissions';
import type { TokenUsage } from '../lib/cost';
import type { GatewayError } from './gatewayError';

/**
 * The wire formats of the gateway (docs/gateway.md#translation-between-formats). A client calls one endpoint; the
 * deployment that answers speaks one dialect; a Conversation (wire/conversations.ts) says how to turn the client's
 * request into the provider's and the provider's reply back into what the client expects.
 */

/** A chat completions request as the gateway reads it; every other field is passed on. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content?: unknown; name?: unknown; tool_calls?: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  n?: number | null;
  [field: string]: unknown;
}

/** The APIs clients call, as recorded in usage_events.endpoint (contract/endpoints.ts, with their paths). */
import type { EndpointName } from '../../contract/endpoints';
import type { PromptEmbedder } from '../cache/promptEmbedder';
import type { PromptModerator } from '../guardrails/moderator';
export { ENDPOINT_NAMES } from '../../contract/endpoints';
export type { EndpointName };

/** The chat completions field that caps an answer, as a provider reads it (OpenAI's reasoning models refuse max_tokens). */
export type ChatOutputCap = 'max_tokens' | 'max_completion_tokens';

/** A provider's complete (non-streamed) reply, read: what the client is sent, and what to bill. */
export interface ReadReply {
  /** The JSON body to send the client (the provider's own bytes when nothing needed translating). */
  body: string | Buffer;
  /** The provider's reported usage, normalised; null when it reported none. */
  usage: TokenUsage | null;
  /** Characters the model generated, to estimate completion tokens when usage is missing. */
  completionChars: number;
}

/**
 * Relays a provider's server-sent-events stream to the client event by event, translating where the dialects
 * differ, and reads along the usage, the characters generated and an in-stream error.
 *
 * The stream's last event is the client's receipt (OpenAI chat: `data: [DONE]`; Anthropic: `message_stop`;
 * Responses: `response.completed`): it is held back by push() and flush() and returned by finish(), which the
 * gateway calls only after the request's bill is journalled, so a client that saw the end has been billed.
 */
export interface StreamRelay {
  /** A chunk of the provider's body in; the complete events to forward to the client out (possibly ''). */
  push(chunk: Buffer | string): string;
  /** The provider's body ended: whatever complete events remain, except the receipt. */
  flush(): string;
  /** The held-back receipt (''/none when the provider never sent one: then the stream is incomplete). */
  finish(): string;
  /** The provider's usage so far (the last report wins), normalised; null when none came. */
  readonly usage: TokenUsage | null;
  readonly completionChars: number;
  /** The provider sent its end-of-stream marker. */
  readonly done: boolean;
  /** An error event the provider sent in the stream (already forwarded), or null. */
  readonly error: unknown;
  /** The client's format for an error after the headers were sent (an SSE event, terminated). */
  errorEvent(error: GatewayError): string;
}

/** A provider's error reply (status >= 300): its message and code, for the client's envelope. */
export interface ProviderErrorDetail {
  message: string | null;
  type: string | null;
  code: string | null;
}

/** One request's exchange with one deployment: what to send, and how to read what comes back. */
export interface Conversation {
  /** The provider's path under its base URL: `/chat/completions`, `/messages`, `/embeddings`, `/responses`. */
  path: string;
  /** The body to send (the deployment's model name already in it). */
  payload: Record<string, unknown>;
  /** Headers the provider needs beyond authentication and content type (anthropic-version, anthropic-beta). */
  headers: Record<string, string>;
  stream: boolean;
  /** The client's fields a translation left out, in the client's names (`x-gateway-dropped-params`); none passed through. */
  dropped?: readonly string[];
  readJson(raw: Buffer): ReadReply;
  relay(): StreamRelay;
}

export interface ConversationOptions {
  /**
   * Every `anthropic-*` header the client sent (`anthropic-version`, `anthropic-beta`, any Anthropic adds), by its
   * lower-case name, passed on to an Anthropic deployment.
   */
  anthropicHeaders?: Readonly<Record<string, string>>;
  /** Unix seconds, for the `created` field of translated replies. */
  created: number;
  /** What a translation does with a hint the target lacks: the route's choice; dropped when unset (omissions.ts). */
  unsupportedParams?: UnsupportedParams;
  /** The deployment's provider's cap field, for a door translated to its chat completions (the Gemini door). */
  chatOutputCap?: ChatOutputCap;
}

/** One request to a gateway endpoint, once its body has passed the endpoint's schema. */
export interface GatewayCall {
  endpoint: EndpointName;
  /**
   * The SHA-256 hash of the caller's API key, which admission looks the key up by: the gateway's doors hash the secret
   * a request carries (Authorization: Bearer or x-api-key); the dashboard's playground, which never has the secret,
   * passes the stored hash of a key it found by id for the key's own creator (gateway/playgroundRoutes.ts).
   */
  keyHash: string;
  body: Record<string, unknown> & { model: string };
  options: ConversationOptions;
  /** Embeds the prompt as the caller's key, for a route's semantic cache; absent where no secret was sent (the playground). */
  embed?: PromptEmbedder;
  /** Moderates the prompt as the caller's key, for a policy's moderation check; absent where no secret was sent. */
  moderate?: PromptModerator;
}
