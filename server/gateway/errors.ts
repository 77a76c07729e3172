import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError } from '../formats/gatewayError';
import { HttpError, ValidationError } from '../lib/errors';
import type { LimitPeriod } from '../../contract/schemas/apiKeys';
import { formatCents } from '../lib/money';
import { offering } from '../providers/registry';
import { anthropicErrorBody } from '../formats/anthropicErrors';
import { googleErrorBody } from '../formats/googleErrors';
import type { EndpointName } from '../formats/types';
import type { GatewayProvider } from '../../contract/providers';

/**
 * How each door's clients send the key, as a refused key is told: OpenAI's SDKs a bearer token, Anthropic's SDKs and
 * Claude Code `x-api-key`, Google's GenAI SDKs `x-goog-api-key` (server/gateway/callerKey.ts reads each).
 */
export const KEY_HEADER_HINTS = {
  openai: '"Authorization: Bearer sk-..."',
  anthropic: '"x-api-key: sk-..."',
  google: '"x-goog-api-key: sk-..."',
} as const;
export type KeyHeaderHint = (typeof KEY_HEADER_HINTS)[keyof typeof KEY_HEADER_HINTS];

export const invalidApiKey = (hint: KeyHeaderHint = KEY_HEADER_HINTS.openai) =>
  new GatewayError(
    401,
    'invalid_request_error',
    'invalid_api_key',
    `Invalid API key. Send a team API key as ${hint}; create one on the API Keys page.`,
  );

/** The key works, but an administrator disabled the account that made it (docs/governance.md#disabled-users). */
export const keyOwnerDisabled = () =>
  new GatewayError(
    401,
    'invalid_request_error',
    'key_owner_disabled',
    "This API key's creator has been disabled by an administrator, so the key no longer works. Use a key of an " +
      'active member of the team, or ask an administrator to enable the account again.',
  );

/** 'Dec 1, 2026, 00:00 UTC': a reset time as a person reads it (messages are read by people, not parsed). */
export const readableUtc = (time: Date) =>
  `${time.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}, ` +
  `${time.toLocaleString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/**
 * Why a request did not fit in a room that still has something left (holds.ts): what it may cost, the prompt and
 * output that worst case is made of, and what would fit in the smallest room.
 */
/**
 * What a refused request would have cost, for a room that has something left: a model call's worst case by its
 * tokens, or a flat price (a tool call through the MCP gateway, docs/mcp.md#metering).
 */
export type Overrun = TokenOverrun | FlatOverrun;

export interface FlatOverrun {
  /** What costs it: "A call of demo__echo". */
  what: string;
  flatCents: number;
}

export interface TokenOverrun {
  worstCents: number;
  promptTokens: number;
  /** Output tokens of the least hold (all answers); 0 for embeddings. */
  outputTokens: number;
  /** The client set no output cap: the least hold assumed the shortest answer the gateway allows. */
  gatewayCaps: boolean;
  /** The request's output cap field (max_tokens, max_completion_tokens, max_output_tokens). */
  capField: string;
  /** The prompt alone's worst case, and the most output per answer that fits (null: not even one token). */
  fits: { promptCents: number; outputTokens: number | null };
}

const tokens = (count: number) => count.toLocaleString('en-US');

/** "This request may cost up to $498.12 (a prompt of …); <room>. Send a smaller prompt or …" */
function overrunMessage(overrun: Overrun, room: string, after = ''): string {
  if ('flatCents' in overrun) return `${overrun.what} costs ${formatCents(overrun.flatCents)}; ${room}.${after}`;
  const output =
    overrun.outputTokens === 0
      ? ''
      : ` and ${overrun.gatewayCaps ? 'at least' : 'up to'} ${tokens(overrun.outputTokens)} output tokens`;
  const { promptCents, outputTokens } = overrun.fits;
  const advice =
    outputTokens === null
      ? `The prompt alone may cost up to ${formatCents(promptCents)}: send a smaller prompt.`
      : overrun.gatewayCaps
        ? `Send a smaller prompt, or set ${overrun.capField} to at most ${tokens(outputTokens)}.`
        : `Send a smaller prompt or a lower ${overrun.capField} (at most ${tokens(outputTokens)} would fit).`;
  return (
    `This request may cost up to ${formatCents(overrun.worstCents)} (a prompt of up to ` +
    `${tokens(overrun.promptTokens)} tokens${output}); ${room}. ${advice}${after}`
  );
}

/** What a refusal knows of the room that refused: what it has left, and what requests in flight hold of it. */
export interface RoomLeft {
  leftCents: number;
  heldCents: number;
}
const NOTHING_LEFT: RoomLeft = { leftCents: 0, heldCents: 0 };

/** How a refusal speaks of its room: spent, held by requests in flight, or with some left (`left`). */
interface RoomWords {
  spent: string;
  /** The room by name, as "requests still in flight hold $0.80 of <name>" reads. */
  name: string;
  left: () => string;
  after?: string;
}

/**
 * A room with nothing left says it is spent, unless requests in flight hold what it lacks: then that they do, and
 * that it comes back (a hold is a worst case, given back as the request settles). One with something left says what
 * the request would have needed, and what is held besides.
 */
function roomMessage(room: RoomLeft, overrun: Overrun | null, words: RoomWords): string {
  const held = room.heldCents > 0 ? formatCents(room.heldCents) : null;
  if (room.leftCents > 0 && overrun) {
    const besides = held ? `, and requests still in flight hold ${held} more` : '';
    return overrunMessage(overrun, words.left() + besides, words.after);
  }
  if (held) {
    return (
      `Requests still in flight hold ${held} of ${words.name}: all it has left. Retry when they finish; what they ` +
      'do not spend is given back.'
    );
  }
  return words.spent;
}

export const insufficientCredits = (room: RoomLeft = NOTHING_LEFT, overrun: Overrun | null = null) =>
  new GatewayError(
    402,
    'insufficient_quota',
    'insufficient_credits',
    roomMessage(room, overrun, {
      spent: "Your team's credit balance is used up. Buy credits or redeem a coupon on the Billing page.",
      name: "your team's credit balance",
      left: () => `your team has ${formatCents(room.leftCents)} of credit left`,
      after: ' Or buy credits on the Billing page.',
    }),
  );

export const budgetExceeded = (budgetCents: number, room: RoomLeft = NOTHING_LEFT, overrun: Overrun | null = null) =>
  new GatewayError(
    429,
    'insufficient_quota',
    'budget_exceeded',
    roomMessage(room, overrun, {
      spent: `Your team has reached its monthly budget of ${formatCents(budgetCents)}. The team owner can raise it on the Billing page.`,
      name: `your team's monthly budget of ${formatCents(budgetCents)}`,
      left: () =>
        `your team has ${formatCents(room.leftCents)} left of its monthly budget of ${formatCents(budgetCents)}`,
      after: ' The team owner can raise the budget on the Billing page.',
    }),
  );

/** No deployment of the model offers the endpoint (embeddings on Anthropic's models, say). */
export const notOffered = (model: string, endpoint: EndpointName) =>
  new GatewayError(
    400,
    'invalid_request_error',
    'unsupported_endpoint',
    `The model "${model}" cannot answer ${endpoint} requests; they are offered by ` +
      `${offering(endpoint).join(', ')} models.`,
    'model',
  );

/** A chat (or other answer) sent to an embeddings or moderation model: it answers those doors only. */
export const embeddingsModel = (model: string, endpoint: EndpointName) =>
  new GatewayError(
    400,
    'invalid_request_error',
    'unsupported_endpoint',
    `The model "${model}" is an embeddings or moderation model: it answers /v1/embeddings and /v1/moderations ` +
      `requests only, not ${endpoint} requests. Choose a chat model (GET /v1/models lists them).`,
    'model',
  );

export const modelNotFound = (model: string) =>
  new GatewayError(
    404,
    'invalid_request_error',
    'model_not_found',
    `The model "${model}" is not offered by this gateway. GET /v1/models lists the models you can use.`,
    'model',
  );

/**
 * A model priced on this gateway whose provider has no key here: the caller (and the admin they ask) is told what is
 * missing, not that the model does not exist.
 */
export const providerNotConfigured = (model: string, provider: GatewayProvider) =>
  new GatewayError(
    404,
    'invalid_request_error',
    'model_not_found',
    `The model "${model}" is priced on this gateway, but its provider (${provider}) is not set up: an administrator ` +
      `adds its API key (${provider.toUpperCase()}_API_KEY, or a stored credential on Admin → Routing). ` +
      'GET /v1/models lists the models you can use now.',
    'model',
  );

/** Where a client whose base URL is wrong ends up, and what to tell it. */
function baseUrlHint(path: string): string {
  // Google's SDKs add their API version themselves (/v1beta; /v1 by default from @google/genai 3.3): a base URL of
  // http://host/v1 asks for /v1/v1beta/models/… or /v1/v1/models/….
  if (/^\/.+\/v1(beta)?\//.test(path)) return "; is your client's base URL the gateway's origin, without a path?";
  if (['/v1', '/v1beta'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return '.';
  // An SDK whose base URL lacks /v1 asks for /chat/completions: say so rather than only "not found".
  return "; is your client's base URL missing /v1?";
}

/** A path (or method) the gateway does not serve, asked by a gateway client; `served` lists what it does serve. */
export const unknownUrl = (method: string, path: string, served: string[]) =>
  new GatewayError(
    404,
    'invalid_request_error',
    'unknown_url',
    `Unknown request URL: ${method} ${path}. This gateway serves ${served.join(', ')}${baseUrlHint(path)}`,
  );

export const rateLimited = (after: string) =>
  new GatewayError(
    429,
    'rate_limit_error',
    'rate_limit_exceeded',
    `Too many requests for this API key, retry in ${after}`,
  );

const resetPhrase = (resetsAt: Date | null) =>
  resetsAt ? `; it resets ${readableUtc(resetsAt)}` : '; it does not reset (a lifetime limit)';

const PERIOD_WORDS: Record<LimitPeriod, string> = {
  none: '',
  daily: ' today',
  weekly: ' this week',
  monthly: ' this month',
};

export const keyBudgetExceeded = (
  limitCents: number,
  resetsAt: Date | null,
  period: LimitPeriod = 'none',
  room: RoomLeft = NOTHING_LEFT,
  overrun: Overrun | null = null,
) =>
  new GatewayError(
    429,
    'insufficient_quota',
    'key_budget_exceeded',
    roomMessage(room, overrun, {
      spent:
        `This API key has reached its spending limit of ${formatCents(limitCents)}${resetPhrase(resetsAt)}. ` +
        "The key's creator or the team owner can raise it on the API Keys page.",
      name: `this API key's spending limit of ${formatCents(limitCents)}`,
      left: () =>
        `this key has ${formatCents(room.leftCents)} left of its ${formatCents(limitCents)} limit${PERIOD_WORDS[period]}` +
        (resetsAt ? ` (it resets ${readableUtc(resetsAt)})` : ''),
    }),
  );

export const memberBudgetExceeded = (
  limitCents: number,
  resetsAt: Date,
  room: RoomLeft = NOTHING_LEFT,
  overrun: Overrun | null = null,
) =>
  new GatewayError(
    429,
    'insufficient_quota',
    'member_budget_exceeded',
    roomMessage(room, overrun, {
      spent: `Your keys have reached the monthly cap of ${formatCents(limitCents)} the team owner set for you${resetPhrase(resetsAt)}.`,
      name: `the monthly cap of ${formatCents(limitCents)} the team owner set for you`,
      left: () =>
        `you have ${formatCents(room.leftCents)} left of the monthly cap of ${formatCents(limitCents)} the team owner ` +
        `set for you (it resets ${readableUtc(resetsAt)})`,
    }),
  );

/**
 * A prompt too long for every model the request could reach (holds.ts tooLongFor), refused before anything is held,
 * as OpenAI refuses one: 400 context_length_exceeded.
 */
export const contextTooLong = (model: string, windowTokens: number, floorTokens: number, param: string) =>
  new GatewayError(
    400,
    'invalid_request_error',
    'context_length_exceeded',
    `This prompt is too long for "${model}": it takes at most ${tokens(windowTokens)} tokens of context, and the ` +
      `prompt has at least ${tokens(floorTokens)} tokens. Send a shorter prompt.`,
    param,
  );

/** A cache header the gateway cannot read (docs/gateway.md#caching): refused before anything is held. */
export const badCacheHeader = (message: string) =>
  new GatewayError(400, 'invalid_request_error', 'invalid_cache_header', message);

/** Per-key requests or tokens per minute (the key's own limits, counted in UTC minutes). */
export const keyRateLimited = (what: 'requests' | 'tokens', limit: number, retryAfterSeconds: number) =>
  new GatewayError(
    429,
    'rate_limit_error',
    'rate_limit_exceeded',
    `This API key is limited to ${limit} ${what} per minute` +
      (what === 'tokens' ? ' (a request counts its prompt and max output until it is billed)' : '') +
      `; retry in ${retryAfterSeconds} s.`,
    null,
    { 'retry-after': String(retryAfterSeconds) },
  );

export const keyExpired = (expiredAt: Date) =>
  new GatewayError(
    401,
    'invalid_request_error',
    'key_expired',
    `This API key expired ${readableUtc(expiredAt)}. Create a new key on the API Keys page.`,
  );

export const modelNotAllowed = (model: string) =>
  new GatewayError(
    403,
    'permission_error',
    'model_not_allowed',
    `This API key's allow-list does not include "${model}". The key's creator or the team owner can change it on the API Keys page.`,
    'model',
  );

/**
 * Any error of a gateway route as the GatewayError its client gets: the same rules as the rest of the API (4xx keep
 * their message, 5xx hide internals).
 */
function asGatewayError(error: FastifyError | HttpError | GatewayError, request: FastifyRequest): GatewayError {
  if (error instanceof GatewayError) return error;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      error instanceof HttpError || error.code !== 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? error.message
        : 'Request body is not valid JSON';
    const param = error instanceof ValidationError ? error.path : null;
    return new GatewayError(status, 'invalid_request_error', 'invalid_request_error', message, param);
  }
  request.log.error({ err: error }, 'gateway request failed');
  return new GatewayError(500, 'api_error', 'internal_error', 'Something went wrong on our side');
}

/** A door's error handler: every error as the GatewayError its client gets, in the door's envelope. */
const errorHandlerIn =
  (envelope: (error: GatewayError) => unknown, hint: KeyHeaderHint) =>
  (error: FastifyError | HttpError | GatewayError, request: FastifyRequest, reply: FastifyReply) => {
    const given = asGatewayError(error, request);
    // A refused key is told how this door's clients send one.
    const gatewayError = given.code === 'invalid_api_key' ? invalidApiKey(hint) : given;
    return reply.code(gatewayError.statusCode).headers(gatewayError.headers).send(envelope(gatewayError));
  };

/** The OpenAI-format routes' error handler: OpenAI's envelope instead of `{ code, message }`. */
export const sendGatewayError = errorHandlerIn((error) => error.body(), KEY_HEADER_HINTS.openai);

/** The Anthropic-format route's error handler: the same errors in Anthropic's envelope. */
export const sendAnthropicError = errorHandlerIn(anthropicErrorBody, KEY_HEADER_HINTS.anthropic);

/** The Gemini door's error handler: the same errors in Google's envelope. */
export const sendGoogleError = errorHandlerIn(googleErrorBody, KEY_HEADER_HINTS.google);
