import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { bearerKey, chatCompletion, isGatewayCaller } from '../gateway/completions';
import { type GatewayError, rateLimited, sendGatewayError, unknownUrl } from '../gateway/errors';
import { NUL_ALLOWED } from '../lib/validation';

/** Prompts with long documents or images are far above the dashboard API's 64 KB. */
const BODY_LIMIT = 10 * 1024 * 1024;

const OpenAiError = Type.Object({
  error: Type.Object({
    message: Type.String(),
    type: Type.String(),
    code: Type.String(),
    param: Type.Union([Type.String(), Type.Null()]),
  }),
});
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, OpenAiError]));

const nullableInteger = (name: string, maximum: number) =>
  Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum }), Type.Null()], {
      errorMessage: `${name} must be an integer from 1 to ${maximum}`,
    }),
  );

/**
 * What the gateway itself needs from a chat completion request; every other field is passed to the provider as is
 * (additional properties allowed), so new OpenAI parameters work without a gateway change.
 */
const ChatBody = Type.Object(
  {
    model: Type.String({
      minLength: 1,
      maxLength: 256,
      errorMessage: 'model must be a model name such as "openai/gpt-4o"',
    }),
    messages: Type.Array(
      Type.Object(
        { role: Type.String({ minLength: 1, errorMessage: 'every message needs a role' }) },
        { additionalProperties: true },
      ),
      { minItems: 1, errorMessage: 'messages must be a non-empty array of { role, content }' },
    ),
    stream: Type.Optional(Type.Boolean({ errorMessage: 'stream must be true or false' })),
    stream_options: Type.Optional(
      Type.Union([
        Type.Object({ include_usage: Type.Optional(Type.Boolean()) }, { additionalProperties: true }),
        Type.Null(),
      ]),
    ),
    max_tokens: nullableInteger('max_tokens', 10_000_000),
    max_completion_tokens: nullableInteger('max_completion_tokens', 10_000_000),
    n: nullableInteger('n', 128),
  },
  // The messages go to the provider and never into our database, so NUL characters in them are the provider's call.
  { additionalProperties: true, ...NUL_ALLOWED },
);

const ModelList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(
    Type.Object({ id: Type.String(), object: Type.Literal('model'), created: Type.Integer(), owned_by: Type.String() }),
  ),
});

/**
 * A gateway client asking for a path nobody serves (`/v1/completions`, or `/chat/completions` from a base URL without
 * /v1) gets OpenAI's envelope, which its SDK prints, instead of the dashboard's `{ code, message }` 404 (the SDK shows
 * that as "404 status code (no body)"). Null for dashboard callers.
 */
export function unknownGatewayUrl(app: FastifyInstance, request: FastifyRequest): GatewayError | null {
  if (!isGatewayCaller(request)) return null;
  const served = app.routeTable
    .filter((route) => route.config?.apiKeyAuth && route.method !== 'HEAD')
    .map((route) => `${String(route.method)} ${route.url}`);
  return unknownUrl(request.method, request.url.split('?')[0], served);
}

/** The OpenAI-compatible gateway, in its own scope so its errors use OpenAI's envelope. */
export async function gatewayRoutes(app: FastifyInstance, deps: Deps) {
  const { gateway } = deps;
  // Per API key (a hash of it), or per client address for requests without one.
  const rateLimit = deps.rateLimit && {
    max: deps.config.gateway.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const header = request.headers.authorization;
      return header ? `key:${createHash('sha256').update(header).digest('base64url')}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => rateLimited(context.after),
  };
  const config = { apiKeyAuth: true, rateLimit };

  // Answered in onRequest, before body parsing, so that a multipart upload or an oversized body to an unknown path
  // is a 404 too. GET requests match the static files' wildcard route instead and reach the app's not-found handler,
  // which asks unknownGatewayUrl as well.
  app.addHook('onRequest', async (request, reply) => {
    const error = request.is404 && unknownGatewayUrl(app, request);
    if (error) return reply.code(error.statusCode).send(error.body());
  });

  await app.register(async (scope) => {
    scope.setErrorHandler(sendGatewayError);
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/v1/chat/completions',
      {
        bodyLimit: BODY_LIMIT,
        config,
        schema: { body: ChatBody, response: errors(400, 401, 402, 404, 413, 415, 422, 429, 500, 502, 504) },
      },
      (request, reply) => chatCompletion(gateway, request, reply),
    );

    api.get(
      '/v1/models',
      { config, schema: { response: { 200: ModelList, ...errors(401, 429, 500) } } },
      async (request) => {
        await gateway.authenticate(bearerKey(request));
        return gateway.models();
      },
    );
  });
}
