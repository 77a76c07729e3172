/**
 * What the gateway knows of a provider (docs/architecture.md, "Providers"): one descriptor per folder of
 * server/providers/, listed in registry.ts. A provider that speaks an existing dialect is a descriptor and its models;
 * a new dialect is a Dialect in its provider's folder.
 */
import type { GatewayProvider } from '../../contract/providers';
import type { ModelLimits } from '../credit/holds';
import type { ChatOutputCap, Conversation, ConversationOptions, EndpointName } from '../formats/types';
import type { Upstream } from './upstream';
import type { MediaEndpoint } from '../../contract/mediaUnits';

/** An API a provider is called through: how a request at each door becomes the provider's, and its answer the door's. */
export interface Dialect {
  /** As logs name it. */
  name: string;
  /**
   * The conversation for a request at `endpoint` answered in this dialect; throws a TranslationError (400) for what
   * it cannot express, or an endpoint it does not offer.
   */
  converse(
    endpoint: EndpointName,
    body: Record<string, unknown>,
    model: string,
    options: ConversationOptions,
  ): Conversation;
  /**
   * How this API counts a request's prompt without answering it, for a door it speaks natively (Anthropic's
   * `/messages/count_tokens`, Gemini's `:countTokens`, OpenAI's `/responses/input_tokens`); null for any other door,
   * which the gateway estimates (gateway/countTokens.ts).
   */
  count?(
    endpoint: EndpointName,
    body: Record<string, unknown>,
    model: string,
    options: ConversationOptions,
  ): CountCall | null;
}

/** One count at a provider: what to send, and the prompt's tokens in its reply (null: not a count). */
export interface CountCall {
  path: string;
  payload: Record<string, unknown>;
  headers: Record<string, string>;
  tokens(reply: Record<string, unknown>): number | null;
}

export interface ProviderDescriptor {
  name: GatewayProvider;
  /**
   * The API's base URL unless `<NAME>_BASE_URL` says otherwise; the key is `<NAME>_API_KEY`. Null: the provider needs
   * no network (echo), and `upstream` makes its client.
   */
  defaultBaseUrl: string | null;
  /** The headers that carry the operator's key (a bearer token, Anthropic's x-api-key). */
  authHeaders(apiKey: string): Record<string, string>;
  /** The dialect a request at `endpoint` is sent in (echo answers Anthropic's format natively on /messages). */
  dialectFor(endpoint: EndpointName): Dialect;
  /** Endpoints beyond the ones every provider answers (registry.ts ANSWERED_BY_ALL, translated where needed). */
  offers: readonly EndpointName[];
  /** The doors whose prompts its API counts without answering (its dialect's `count`); the others are estimated. */
  counts: readonly EndpointName[];
  /** The chat completions field that caps an answer, for a cap the gateway sets (OpenAI's reasoning models refuse max_tokens). */
  chatOutputCap: ChatOutputCap;
  /** The context window and output limit its documentation gives each model (gateway/modelLimits.ts). */
  models: Readonly<Record<string, ModelLimits>>;
  /**
   * The media doors a model of its answers (docs/media.md): images, audio, rerank; none for a text model. A model that
   * answers one answers no text door.
   */
  mediaModels?: (model: string) => readonly MediaEndpoint[];
  /**
   * Its own batch API, by whose format it is (server/batches/providerBatchApis.ts): a batch of one deployment of it is
   * sent whole (docs/batches.md#the-providers-batch-api).
   */
  batchApi?: 'openai' | 'anthropic';
  /** Where its API takes a media request, from OpenAI's path (`/images/generations`); OpenAI's own when absent. */
  mediaPath?: (path: string) => string;
  /** Its models without output that moderate (`/v1/moderations`); every other one without output embeds. */
  moderationModels?: readonly string[];
  /**
   * The base URL the API is called at, from the one configured (`<NAME>_BASE_URL` or a stored credential's), where a
   * provider reads an older form of it (Google: the OpenAI-compatible `…/openai` URL of the same API).
   */
  baseUrlFor?(configured: string): string;
  /** A client of its own instead of HTTP to `defaultBaseUrl` (the echo provider). */
  upstream?: () => Upstream;
  /** Reads the provider's own daily usage and cost report with an admin key (server/reconciliation/). */
  usageReport?: (source: UsageReportSource) => Promise<ReportedDay[]>;
}

/** Where and what a provider's usage report is read for: its API's base URL, an admin key, UTC days [from, to). */
export interface UsageReportSource {
  baseUrl: string;
  adminKey: string;
  /** YYYY-MM-DD, the first day read. */
  from: string;
  /** YYYY-MM-DD, the day after the last. */
  to: string;
}

/** A provider's own count of one UTC day and model (its model name as it reports it, a dated one perhaps). */
export interface ReportedDay {
  day: string;
  model: string;
  /** All input tokens, cache reads and writes included. */
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  /** What it charged, in cents; null when its cost report had no line for the model. */
  costCents: number | null;
}

export const limits = (contextWindow: number, maxOutputTokens: number): ModelLimits => ({
  contextWindow,
  maxOutputTokens,
});
