import { Type, type Static } from 'typebox';
import {
  Composite,
  DateTimeString,
  KeysetPage,
  KeysetPageQuery,
  LiteralUnion,
  MAX_AMOUNT_CENTS,
  Nullable,
} from './common';
import { REQUEST_LOG_SORT_FIELDS, REQUEST_STATUSES } from '../rules/requestLog';
export * from '../rules/requestLog';

export const REQUEST_LOG_MAX_PAGE = 200;

/** The filters, shared by the page query and the CSV export. Times are ISO 8601; `to` is exclusive. */
export const RequestLogFilters = Type.Object({
  from: Type.Optional(DateTimeString('from')),
  to: Type.Optional(DateTimeString('to')),
  api_key_id: Type.Optional(Type.String({ format: 'uuid', errorMessage: 'api_key_id must be a key id' })),
  user_id: Type.Optional(Type.String({ format: 'uuid', errorMessage: 'user_id must be a member id' })),
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 200, errorMessage: 'model must be 1-200 characters' })),
  status: Type.Optional(
    LiteralUnion(REQUEST_STATUSES, { errorMessage: `status must be one of ${REQUEST_STATUSES.join(', ')}` }),
  ),
  /** The x-request-id of a gateway answer: that request's row, and its failed tries before it. */
  request_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, errorMessage: 'request_id must be 1-200 characters' }),
  ),
  min_cost_cents: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_AMOUNT_CENTS,
      errorMessage: `min_cost_cents must be a whole number of cents from 0 to ${MAX_AMOUNT_CENTS}`,
    }),
  ),
});
export type RequestLogFilters = Static<typeof RequestLogFilters>;

export const RequestLogQuery = Composite([
  RequestLogFilters,
  Type.Object({
    sort: Type.Optional(
      LiteralUnion(REQUEST_LOG_SORT_FIELDS, {
        errorMessage: `sort must be one of ${REQUEST_LOG_SORT_FIELDS.join(', ')}`,
      }),
    ),
    order: Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], { errorMessage: 'order must be asc or desc' }),
    ),
  }),
  KeysetPageQuery(REQUEST_LOG_MAX_PAGE),
]);
export type RequestLogQuery = Static<typeof RequestLogQuery>;

export const RequestLogEntry = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  api_key_id: Nullable(Type.String()),
  key_name: Nullable(Type.String()),
  key_prefix: Nullable(Type.String()),
  user_id: Type.String(),
  user_name: Nullable(Type.String()),
  user_email: Nullable(Type.String()),
  /**
   * Which API the client called: 'chat.completions', 'messages', 'embeddings', 'responses' or 'generateContent' (the
   * Gemini door) (EndpointName), a media door ('images.generations', 'audio.speech', 'rerank', …: MediaEndpoint), or
   * a tool call.
   */
  endpoint: Nullable(Type.String()),
  provider: Type.String(),
  model: Type.String(),
  route_name: Nullable(Type.String()),
  deployment_id: Nullable(Type.String()),
  status: LiteralUnion(REQUEST_STATUSES),
  error_code: Nullable(Type.String()),
  error_message: Nullable(Type.String()),
  prompt_tokens: Type.Integer(),
  completion_tokens: Type.Integer(),
  cached_tokens: Type.Integer(),
  cost_cents: Type.Integer(),
  latency_ms: Type.Integer(),
  ttft_ms: Nullable(Type.Integer()),
  /** The x-request-id the caller got (the same on a request's failed tries); null on rows older than migration 18. */
  request_id: Nullable(Type.String()),
  /**
   * Answered from the response cache (docs/gateway.md#caching): the x-request-id of the request whose answer it was,
   * and what the hit saved. Absent from a server older than migration 19; null on every other request.
   */
  cached_from: Type.Optional(Nullable(Type.String())),
  cache_saved_cents: Type.Optional(Nullable(Type.Integer())),
  /**
   * What the guardrails did to the request (docs/guardrails.md), by rule and count, never what they found:
   * `redacted=email:2;flagged=phone:1`. Absent from a server older than migration 25; null when they did nothing.
   */
  guardrails: Type.Optional(Nullable(Type.String())),
  /** A batch's line (docs/batches.md): the batch. Absent from a server older than migration 28; null otherwise. */
  batch_id: Type.Optional(Nullable(Type.String())),
  /**
   * What a media request was billed by (docs/media.md): its unit key (`image:1024x1024`, `audio_second`,
   * `speech_character`, `search_unit`: contract/mediaUnits.ts) and how many. Absent from a server older than
   * migration 29; null on a request priced by tokens.
   */
  unit: Type.Optional(Nullable(Type.String())),
  units: Type.Optional(Nullable(Type.Integer())),
});
export type RequestLogEntry = Static<typeof RequestLogEntry>;

/**
 * What a team that captures content keeps of a tool call, on its row of the request log: its arguments and its result
 * (null when it failed), each as JSON after the key's guardrails, or, past TOOL_CONTENT_MAX_CHARS, the JSON text cut
 * there and marked (`truncated` names the sides cut).
 */
export const ToolCallContent = Type.Object({
  arguments: Type.Unknown(),
  result: Type.Unknown(),
  truncated: Type.Optional(Type.Array(Type.String())),
});
export type ToolCallContent = Static<typeof ToolCallContent>;

/**
 * One request, as its own route gives it: the row, and for a tool call of a team that captures content, what was kept
 * of its arguments and result (docs/mcp.md#content-capture); absent when nothing was kept (and from a server older
 * than migration 27).
 */
export const RequestLogDetail = Composite([
  RequestLogEntry,
  Type.Object({ tool_content: Type.Optional(Nullable(ToolCallContent)) }),
]);
export type RequestLogDetail = Static<typeof RequestLogDetail>;

export const RequestLogPage = KeysetPage(RequestLogEntry);
export type RequestLogPage = Static<typeof RequestLogPage>;

/** The CSV export's columns, in order: the header row and every line (server) and the docs name them from here. */
/**
 * A key the log's rows may name, for the key filter: every key the team ever had, revoked ones too (a revoked key's
 * requests stay in the log), the live ones first, newest first.
 */
export const RequestLogKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  key_prefix: Type.String(),
  is_active: Type.Boolean(),
  /** When it was revoked; null for a key that still exists (active or not). */
  revoked_at: Nullable(Type.String()),
});
export type RequestLogKey = Static<typeof RequestLogKey>;

export const REQUEST_LOG_CSV_COLUMNS = [
  'id',
  'created_at',
  'key_name',
  'key_prefix',
  'user_email',
  'endpoint',
  'provider',
  'model',
  'route_name',
  'deployment_id',
  'status',
  'error_code',
  'error_message',
  'prompt_tokens',
  'completion_tokens',
  'cached_tokens',
  'cost_cents',
  'latency_ms',
  'ttft_ms',
  'request_id',
  'cached_from',
  'cache_saved_cents',
  'guardrails',
  'batch_id',
  'unit',
  'units',
] as const satisfies readonly (keyof RequestLogEntry)[];
