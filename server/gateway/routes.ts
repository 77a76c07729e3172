import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { anthropicKey, bearerKey, googleKey, isGatewayCaller, isGoogleCaller } from './callerKey';
import { GatewayError } from '../formats/gatewayError';
import { googleErrorBody } from '../formats/googleErrors';
import { renameGeminiFields } from '../formats/translate/geminiFieldNames';
import { doorModerator } from '../guardrails/moderator';
import { doorEmbedder } from '../cache/promptEmbedder';
import { guardPrompt } from '../guardrails/guardPrompt';
import { rateLimited, sendAnthropicError, sendGatewayError, sendGoogleError, unknownUrl } from './errors';
import { serveGatewayCall } from './pipeline';
import { countTokens, type CountingDoor } from './countTokens';
import { isJsonObject } from '../formats/sse';
import { hashApiKey } from '../keys/apiKeys';
import type { EndpointName } from '../formats/types';
import { GATEWAY_ENDPOINTS, MESSAGES_COUNT_TOKENS_PATH, RESPONSES_INPUT_TOKENS_PATH } from '../../contract/endpoints';
import {
  ChatBody,
  EmbeddingsBody,
  ModerationsBody,
  GeminiQuery,
  GenerateContentBody,
  MessagesBody,
  MessagesCountBody,
  ModelList,
  ResponsesBody,
  ResponsesCountBody,
  CountReply,
  anthropicErrors,
  googleErrors,
  openAiErrors,
} from './schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an unknown-URL refusal lists for this route, when its URL (a wildcard) does not say it. */
    servedAs?: string[];
  }
}

/** Says who counted a prompt: `provider` (the deployment's API) or `estimate` (the gateway's, as it holds credit). */
const TOKEN_COUNT_HEADER = 'x-gateway-token-count';

/** Prompts with long documents or images are far above the dashboard API's 64 KB. */
const BODY_LIMIT = 10 * 1024 * 1024;

const GEMINI_PREFIX = '/v1beta';

/**
 * A gateway client asking for a path nobody serves (`/v1/completions`, or `/chat/completions` from a base URL without
 * /v1) gets OpenAI's envelope, which its SDK prints, instead of the dashboard's `{ code, message }` 404 (the SDK shows
 * that as "404 status code (no body)"); anyone under /v1beta (the Gemini API's, no dashboard path) or a Google SDK
 * gets Google's. Null for dashboard callers.
 */
export function unknownGatewayUrl(
  app: FastifyInstance,
  request: FastifyRequest,
): { statusCode: number; body: unknown } | null {
  const path = request.url.split('?')[0];
  const google = path === GEMINI_PREFIX || path.startsWith(`${GEMINI_PREFIX}/`) || isGoogleCaller(request);
  if (!google && !isGatewayCaller(request)) return null;
  const served = app.routeTable
    .filter((route) => route.config?.apiKeyAuth && route.method !== 'HEAD')
    .flatMap((route) => route.config?.servedAs ?? `${String(route.method)} ${route.url}`);
  const error = unknownUrl(request.method, path, served);
  return { statusCode: error.statusCode, body: google ? googleErrorBody(error) : error.body() };
}

/** The Gemini door's methods, after the model in the path: `models/{model}:{method}`. */
const GEMINI_METHODS = { generateContent: 'answer', streamGenerateContent: 'stream', countTokens: 'count' } as const;
type GeminiMethod = (typeof GEMINI_METHODS)[keyof typeof GEMINI_METHODS];
/**
 * Google's API versions the door answers at: `v1beta`, and `v1`, where Google's GenAI SDK sends its calls since its
 * version 3 (the gateway calls Google at its own configured URL either way).
 */
const GEMINI_VERSIONS = [GEMINI_PREFIX, '/v1'] as const;
const geminiPaths = (version: string) =>
  Object.keys(GEMINI_METHODS).map((method) => `POST ${version}/models/{model}:${method}`);
const GEMINI_PATHS = GEMINI_VERSIONS.flatMap(geminiPaths);

/**
 * The model and the method of a Gemini door's path (`echo/echo-1:generateContent`: a model may hold `/`, and `:`
 * as OpenRouter's `…:free` do, so the method is after the last `:`); null for anything else the path could be.
 */
function geminiTarget(rest: string): { model: string; method: GeminiMethod } | null {
  const colon = rest.lastIndexOf(':');
  const method = rest.slice(colon + 1);
  const model = rest.slice(0, colon);
  if (colon <= 0 || model.length > 256 || !Object.hasOwn(GEMINI_METHODS, method)) return null;
  return { model, method: GEMINI_METHODS[method as keyof typeof GEMINI_METHODS] };
}

const wildcard = (request: FastifyRequest) => (request.params as { '*': string })['*'];

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The client's headers whose name starts with `prefix` (Node gives them in lower case), a repeated one joined with
 * commas as HTTP reads it: what a provider's own headers pass on as they were sent.
 */
function prefixedHeaders(request: FastifyRequest, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  // for…in rather than Object.entries: every request of every door asks, and most carry no such header.
  for (const name in request.headers) {
    const value = request.headers[name];
    if (name.startsWith(prefix) && value !== undefined) found[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return found;
}

/** Google's `?key=`, when it is one value (a repeated one is an array, which its schema refuses). */
const queryKey = (request: FastifyRequest) => {
  const value = (request.query as { key?: unknown } | undefined)?.key;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The gateway's rate limit (GATEWAY_RATE_LIMIT_PER_MINUTE): per API key (a hash of it), or per client address for
 * requests without one; one count per key across every door (chat, messages, counts, the MCP endpoint, …). Without a
 * group @fastify/rate-limit counts each route apart, which gave a key the limit once per door.
 */
export function gatewayRateLimit(deps: Pick<Deps, 'rateLimit' | 'config'>) {
  return (
    deps.rateLimit && {
      max: deps.config.gateway.rateLimitPerMinute,
      timeWindow: 60_000,
      groupId: 'gateway',
      keyGenerator: (request: FastifyRequest) => {
        const credential =
          request.headers.authorization ??
          header(request, 'x-api-key') ??
          header(request, 'x-goog-api-key') ??
          queryKey(request);
        return credential ? `key:${createHash('sha256').update(credential).digest('base64url')}` : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => rateLimited(context.after),
    }
  );
}

/** The OpenAI-, Anthropic- and Gemini-compatible gateway, in scopes of their own so errors use each format's envelope. */
export async function gatewayRoutes(app: FastifyInstance, deps: Deps) {
  const { gateway } = deps;
  const rateLimit = gatewayRateLimit(deps);
  const config = { apiKeyAuth: true, rateLimit };

  // Answered in onRequest, before body parsing, so that a multipart upload or an oversized body to an unknown path
  // is a 404 too. GET requests match the static files' wildcard route instead and reach the app's not-found handler,
  // which asks unknownGatewayUrl as well.
  // With `done` rather than async: it runs on every request of the server (server/app.ts says why).
  app.addHook('onRequest', (request, reply, done) => {
    const unknown = request.is404 && unknownGatewayUrl(app, request);
    if (unknown) reply.code(unknown.statusCode).send(unknown.body);
    else done();
  });

  const conversationOptions = (request: FastifyRequest) => ({
    created: Math.floor(Date.now() / 1000),
    anthropicHeaders: prefixedHeaders(request, 'anthropic-'),
  });
  const serve =
    (
      endpoint: EndpointName,
      keyOf: (request: FastifyRequest) => string,
      bodyOf = (request: FastifyRequest) => request.body as Record<string, unknown> & { model: string },
    ) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const secret = keyOf(request);
      return serveGatewayCall(
        gateway,
        {
          endpoint,
          keyHash: hashApiKey(secret),
          body: bodyOf(request),
          options: conversationOptions(request),
          embed: doorEmbedder(app, secret, request.log),
          moderate: doorModerator(app, secret, request.log),
        },
        request,
        reply,
      );
    };
  /**
   * A door's token count (docs/gateway.md, "Counting tokens"): nothing held or billed; `x-gateway-token-count` says
   * whether the deployment's provider counted it or the gateway estimated it, and `answer` shapes an estimate as
   * the door's API does (a provider's own count goes back as it sent it).
   */
  const count = async (
    door: CountingDoor,
    request: FastifyRequest,
    reply: FastifyReply,
    keyOf: (request: FastifyRequest) => string,
    body: Record<string, unknown> & { model: string },
    answer: (tokens: number) => Record<string, unknown>,
  ) => {
    const parts = {
      catalog: gateway.catalog,
      upstreams: gateway.upstreams,
      timeoutMs: gateway.config.upstreamTimeoutMs,
      log: request.log,
    };
    const keyHash = hashApiKey(keyOf(request));
    // A count is checked as its request would be (docs/guardrails.md): a blocked prompt is not even counted.
    const guarded = await guardPrompt(gateway.guardrails, { keyHash, body }, reply);
    const counted = await countTokens(parts, door, keyHash, guarded.body, conversationOptions(request));
    reply.header(TOKEN_COUNT_HEADER, counted.countedBy);
    return counted.reply ?? answer(counted.tokens);
  };

  await app.register(async (scope) => {
    scope.setErrorHandler(sendGatewayError);
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    const post = { bodyLimit: BODY_LIMIT, config };

    api.post(
      GATEWAY_ENDPOINTS['chat.completions'].path,
      { ...post, schema: { body: ChatBody, response: openAiErrors() } },
      serve('chat.completions', bearerKey),
    );
    api.post(
      GATEWAY_ENDPOINTS.embeddings.path,
      { ...post, schema: { body: EmbeddingsBody, response: openAiErrors() } },
      serve('embeddings', bearerKey),
    );
    api.post(
      GATEWAY_ENDPOINTS.moderations.path,
      { ...post, schema: { body: ModerationsBody, response: openAiErrors() } },
      serve('moderations', bearerKey),
    );
    api.post(
      GATEWAY_ENDPOINTS.responses.path,
      { ...post, schema: { body: ResponsesBody, response: openAiErrors() } },
      serve('responses', bearerKey),
    );
    api.post(
      RESPONSES_INPUT_TOKENS_PATH,
      { ...post, schema: { body: ResponsesCountBody, response: { 200: CountReply, ...openAiErrors() } } },
      (request, reply) =>
        count('responses', request, reply, bearerKey, request.body, (tokens) => ({
          object: 'response.input_tokens',
          input_tokens: tokens,
        })),
    );

    api.get(
      '/v1/models',
      { config, schema: { response: { 200: ModelList, ...openAiErrors([401, 429, 500]) } } },
      async (request) => {
        const access = await gateway.catalog.authenticate(hashApiKey(anthropicKey(request)));
        return gateway.catalog.models(access.allowedModels);
      },
    );
  });

  // Anthropic's Messages API, for the Anthropic SDKs and Claude Code (ANTHROPIC_BASE_URL=http://host): their errors
  // in Anthropic's envelope, their key in x-api-key.
  await app.register(async (scope) => {
    scope.setErrorHandler(sendAnthropicError);
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    api.post(
      GATEWAY_ENDPOINTS.messages.path,
      { bodyLimit: BODY_LIMIT, config, schema: { body: MessagesBody, response: anthropicErrors() } },
      serve('messages', anthropicKey),
    );
    // Claude Code asks it before long requests, to know when to compact the conversation.
    api.post(
      MESSAGES_COUNT_TOKENS_PATH,
      {
        bodyLimit: BODY_LIMIT,
        config,
        schema: { body: MessagesCountBody, response: { 200: CountReply, ...anthropicErrors() } },
      },
      (request, reply) =>
        count('messages', request, reply, anthropicKey, request.body, (tokens) => ({ input_tokens: tokens })),
    );
  });
  // Google's Gemini API, for Google's GenAI SDKs (`httpOptions: { baseUrl: 'http://host' }`) and its REST examples:
  // the model and the method in the path, the key in x-goog-api-key or ?key=, errors in Google's envelope.
  await app.register(async (scope) => {
    scope.setErrorHandler(sendGoogleError);
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    for (const version of GEMINI_VERSIONS) {
      api.post(
        `${version}/models/*`,
        {
          bodyLimit: BODY_LIMIT,
          config: { ...config, servedAs: geminiPaths(version) },
          schema: {
            querystring: GeminiQuery,
            body: GenerateContentBody,
            response: { 200: CountReply, ...googleErrors() },
          },
          // Before the body is read, as for any unknown URL: `models/x:embedContent` is not served.
          onRequest: async (request) => {
            if (geminiTarget(wildcard(request)) !== null) return;
            throw unknownUrl(request.method, request.url.split('?')[0], GEMINI_PATHS);
          },
          preValidation: async (request) => {
            renameGeminiFields(request.body);
            if (geminiTarget(wildcard(request))?.method === 'count') {
              request.body = countedGeminiRequest(request.body) as typeof request.body;
            }
          },
        },
        (request, reply) => {
          const { model, method } = geminiTarget(wildcard(request))!;
          const body = { ...(request.body as Record<string, unknown>), model };
          if (method === 'count') {
            return count('generateContent', request, reply, googleKey, body, (tokens) => ({ totalTokens: tokens }));
          }
          if (method === 'stream' && (request.query as { alt?: string }).alt !== 'sse') {
            throw new GatewayError(
              400,
              'invalid_request_error',
              'invalid_request_error',
              'This gateway streams Gemini answers as server-sent events only: add ?alt=sse to the URL.',
              'alt',
            );
          }
          return serve('generateContent', googleKey, () => ({ ...body, stream: method === 'stream' }))(request, reply);
        },
      );
    }
  });
}

/**
 * Gemini's countTokens takes the prompt as `contents`, or as a whole `generateContentRequest` (with its system
 * instruction and tools); the door reads both as the request they count, so the schema and the estimate are
 * generateContent's (providers/google/dialect.ts puts it back in Google's shape).
 */
function countedGeminiRequest(body: unknown): unknown {
  if (!isJsonObject(body) || body.contents !== undefined || !isJsonObject(body.generateContentRequest)) return body;
  const { generateContentRequest, ...rest } = body;
  const { model: _named, ...request } = generateContentRequest;
  return { ...rest, ...request };
}
