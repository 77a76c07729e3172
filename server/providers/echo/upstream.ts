import type { Upstream, UpstreamReply } from '../upstream';
import type { AnthropicErrorBody } from '../../formats/translate/anthropicTypes';
import { chatReply } from './replies/chat';
import { type EchoCall, jsonReply, openAiError } from './replies/common';
import { embeddingsReply } from './replies/embeddings';
import { messagesCountReply, messagesReply } from './replies/messages';
import { moderationsReply } from './replies/moderations';
import { responsesCountReply, responsesReply } from './replies/responses';
import { ECHO_MEDIA } from './replies/media';
import { echoBatchApi } from './batchApi';
import type { MediaPayload, MediaReply } from '../../media/types';

/** The echo provider's endpoints, by the path under its (imaginary) base URL. */
const ENDPOINTS: Record<string, (call: EchoCall) => UpstreamReply> = {
  '/chat/completions': chatReply,
  '/messages': messagesReply,
  '/messages/count_tokens': messagesCountReply,
  '/embeddings': embeddingsReply,
  '/moderations': moderationsReply,
  '/responses': responsesReply,
  '/responses/input_tokens': responsesCountReply,
};

/** The echo deployment that always fails: the demo's `echo/flaky` route falls back from it (docs/gateway.md). */
export const UNAVAILABLE_MODEL = 'unavailable-1';
const UNAVAILABLE_MESSAGE = `The echo deployment "${UNAVAILABLE_MODEL}" is unavailable (demo of a failing deployment).`;

/** What a real provider answers when it is down: Anthropic's error on its native API, OpenAI's envelope elsewhere. */
function unavailableReply(path: string, signal: AbortSignal): UpstreamReply {
  const anthropic: AnthropicErrorBody = {
    type: 'error',
    error: { type: 'overloaded_error', message: UNAVAILABLE_MESSAGE },
  };
  const openAi = openAiError(UNAVAILABLE_MESSAGE, 'server_error', 'service_unavailable');
  return jsonReply(503, path === '/messages' ? anthropic : openAi, signal);
}

/**
 * The built-in provider of demo mode (docs/gateway.md#the-echo-provider): answers with the last user message, with
 * no network, in the format of the endpoint called. Token counts are deterministic (estimateTokens: 4 characters per
 * token, rounded up) and the answer is cut at the request's token limit like a real model, so the demo bills exactly
 * what the docs say it will. Streams send a word per event. The model `unavailable-1` fails on every endpoint with
 * 503, for the demo of a route falling back to its next deployment.
 */
export async function echoReply(
  path: string,
  payload: Record<string, unknown>,
  signal: AbortSignal,
): Promise<UpstreamReply> {
  const endpoint = Object.hasOwn(ENDPOINTS, path) ? ENDPOINTS[path] : null;
  if (endpoint === null) {
    const message = `The echo provider does not serve POST ${path}.`;
    return jsonReply(404, openAiError(message, 'invalid_request_error', 'unknown_url'), signal);
  }
  if (payload.model === UNAVAILABLE_MODEL) return unavailableReply(path, signal);
  return endpoint({ payload, signal });
}

/** A media request to echo (docs/media.md#the-echo-models); `unavailable-1` fails here too. */
async function echoMedia(path: string, payload: MediaPayload): Promise<MediaReply> {
  const error = (status: number, body: object): MediaReply => ({
    status,
    contentType: 'application/json',
    body: Buffer.from(JSON.stringify(body)),
  });
  if (!Object.hasOwn(ECHO_MEDIA, path)) {
    return error(
      404,
      openAiError(`The echo provider does not serve POST ${path}.`, 'invalid_request_error', 'unknown_url'),
    );
  }
  if (payload.fields.model === UNAVAILABLE_MODEL) {
    return error(503, openAiError(UNAVAILABLE_MESSAGE, 'server_error', 'service_unavailable'));
  }
  return ECHO_MEDIA[path](payload);
}

/** The echo provider as an upstream: every path, no network, no credential. */
export function echoUpstream(): Upstream {
  const batchApi = echoBatchApi((path, payload) => echoReply(path, payload, new AbortController().signal));
  return {
    send: (path, payload, _headers, stop) => echoReply(path, payload, stop.signal),
    sendMedia: async (path, payload) => (await batchApi.post(path, payload)) ?? echoMedia(path, payload),
    get: (path) => batchApi.get(path),
    close() {},
  };
}
