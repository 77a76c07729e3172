import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { anthropicKey, bearerKey, isGatewayCaller } from '../gateway/callerKey';
import { type GatewayError } from '../formats/gatewayError';
import { rateLimited, sendAnthropicError, sendGatewayError, unknownUrl } from '../gateway/errors';
import { serveGatewayCall } from '../gateway/pipeline';
import { hashApiKey } from '../services/apiKeys';
import type { EndpointName } from '../formats/types';
import { GATEWAY_ENDPOINTS } from '../../contract/endpoints';
import {
  ChatBody,
  EmbeddingsBody,
  MessagesBody,
  ModelList,
  ResponsesBody,
  anthropicErrors,
  openAiErrors,
} from './gatewaySchemas';

/** Prompts with long documents or images are far above the dashboard API's 64 KB. */
const BODY_LIMIT = 10 * 1024 * 1024;

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

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The OpenAI- and Anthropic-compatible gateway, in scopes of their own so errors use each format's envelope. */
export async function gatewayRoutes(app: FastifyInstance, deps: Deps) {
  const { gateway } = deps;
  // Per API key (a hash of it), or per client address for requests without one.
  const rateLimit = deps.rateLimit && {
    max: deps.config.gateway.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const credential = request.headers.authorization ?? header(request, 'x-api-key');
      return credential ? `key:${createHash('sha256').update(credential).digest('base64url')}` : `ip:${request.ip}`;
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

  const serve =
    (endpoint: EndpointName, keyOf: (request: FastifyRequest) => string) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      serveGatewayCall(
        gateway,
        {
          endpoint,
          keyHash: hashApiKey(keyOf(request)),
          body: request.body as Record<string, unknown> & { model: string },
          options: {
            created: Math.floor(Date.now() / 1000),
            anthropicVersion: header(request, 'anthropic-version'),
            anthropicBeta: header(request, 'anthropic-beta'),
          },
        },
        request,
        reply,
      );

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
      GATEWAY_ENDPOINTS.responses.path,
      { ...post, schema: { body: ResponsesBody, response: openAiErrors() } },
      serve('responses', bearerKey),
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
  });
}
