/**
 * The media doors (docs/media.md): OpenAI's images and audio APIs and Cohere's rerank, for the official SDKs'
 * `client.images`, `client.audio` (and curl for rerank), in OpenAI's envelope. Served by media/mediaDoor.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import type { Deps } from '../deps';
import { bearerKey } from '../gateway/callerKey';
import { sendGatewayError } from '../gateway/errors';
import { GatewayError } from '../formats/gatewayError';
import { hashApiKey } from '../keys/apiKeys';
import { gatewayRateLimit } from '../gateway/routes';
import { serveMedia } from './mediaDoor';
import type { MediaFile, MediaPayload } from './types';
import { MEDIA_ENDPOINTS, type MediaEndpoint } from '../../contract/mediaUnits';
import { ImageGenerationBody, RerankBody, SpeechBody } from './schemas';

/** OpenAI's largest audio upload; image edits take up to this much in all. */
export const MEDIA_MAX_BYTES = 25 * 1024 * 1024;
/** A JSON media request (a prompt, a text to speak, documents to rank). */
const JSON_BODY_LIMIT = 10 * 1024 * 1024;

const invalid = (message: string, param: string | null) =>
  new GatewayError(400, 'invalid_request_error', 'invalid_request_error', message, param);

/** The multipart doors' files and fields: a field sent more than once (`image[]`, `include[]`) is a list. */
async function formOf(request: FastifyRequest, fileField: string): Promise<MediaPayload> {
  if (!request.isMultipart()) {
    throw invalid(`Send the request as multipart/form-data, with the ${fileField} and the model.`, fileField);
  }
  const fields: Record<string, unknown> = {};
  const files: MediaFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      files.push({
        field: part.fieldname,
        filename: part.filename || 'upload',
        contentType: part.mimetype || 'application/octet-stream',
        content: await part.toBuffer(),
      });
    } else if (typeof part.value === 'string') {
      const seen = fields[part.fieldname];
      fields[part.fieldname] =
        seen === undefined ? part.value : Array.isArray(seen) ? [...seen, part.value] : [seen, part.value];
    }
  }
  return { fields, files };
}

const modelOf = (fields: Record<string, unknown>) => {
  const model = fields.model;
  if (typeof model !== 'string' || model.trim() === '')
    throw invalid('model must be a model name such as "echo/image-1"', 'model');
  return model;
};

export async function mediaRoutes(app: FastifyInstance, deps: Deps) {
  const { gateway } = deps;
  const config = { apiKeyAuth: true, rateLimit: gatewayRateLimit(deps) };
  const parts = {
    catalog: gateway.catalog,
    guardrails: gateway.guardrails,
    credit: gateway.credit,
    upstreams: gateway.upstreams,
    cooldowns: gateway.cooldowns,
    timeoutMs: gateway.config.upstreamTimeoutMs,
  };

  await app.register(async (scope) => {
    scope.setErrorHandler(sendGatewayError);
    await scope.register(fastifyMultipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 16, fields: 32 } });
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    const serve = (
      endpoint: MediaEndpoint,
      request: FastifyRequest,
      reply: Parameters<typeof serveMedia>[3],
      payload: MediaPayload,
    ) =>
      serveMedia(
        parts,
        { endpoint, keyHash: hashApiKey(bearerKey(request)), model: modelOf(payload.fields), payload },
        request,
        reply,
      );
    const json = { bodyLimit: JSON_BODY_LIMIT, config };

    api.post(
      MEDIA_ENDPOINTS['images.generations'].path,
      { ...json, schema: { body: ImageGenerationBody } },
      (request, reply) => serve('images.generations', request, reply, { fields: request.body, files: [] }),
    );
    api.post(MEDIA_ENDPOINTS['audio.speech'].path, { ...json, schema: { body: SpeechBody } }, (request, reply) =>
      serve('audio.speech', request, reply, { fields: request.body, files: [] }),
    );
    api.post(MEDIA_ENDPOINTS.rerank.path, { ...json, schema: { body: RerankBody } }, (request, reply) =>
      serve('rerank', request, reply, { fields: request.body, files: [] }),
    );
    // Cohere's v2 path, which its SDK's rerank calls (the same request and answer).
    api.post('/v2/rerank', { ...json, schema: { body: RerankBody } }, (request, reply) =>
      serve('rerank', request, reply, { fields: request.body, files: [] }),
    );
    const uploads: [MediaEndpoint, string][] = [
      ['images.edits', 'image'],
      ['audio.transcriptions', 'file'],
      ['audio.translations', 'file'],
    ];
    for (const [endpoint, fileField] of uploads) {
      api.post(MEDIA_ENDPOINTS[endpoint].path, { config }, async (request, reply) => {
        const payload = await formOf(request, fileField);
        if (endpoint === 'images.edits' && !payload.files.some((file) => file.field.startsWith('image'))) {
          throw invalid('Upload the image to edit in the field image.', 'image');
        }
        return serve(endpoint, request, reply, payload);
      });
    }
  });
}
