import type { FastifyBaseLogger } from 'fastify';
import type { ConversationOptions, EndpointName } from '../formats/types';
import { isJsonObject } from '../formats/sse';
import { PROVIDERS } from '../providers/registry';
import { CallStop } from '../providers/callStop';
import type { Catalog } from './catalog';
import { calledNames } from './calledNames';
import { modelNotAllowed } from './errors';
import { measureRequest } from './measure';
import type { Upstreams } from './upstreams';

/** The doors that can count a prompt without answering it, by the endpoint whose request they count. */
export type CountingDoor = Extract<EndpointName, 'messages' | 'responses' | 'generateContent'>;

/** A prompt's tokens, and who counted them: the deployment's provider, or the gateway's estimate (tokens.ts). */
export interface TokenCount {
  tokens: number;
  countedBy: 'provider' | 'estimate';
  /** The provider's own reply, passed on as it is (Gemini's adds its per-modality details). */
  reply: Record<string, unknown> | null;
}

/** What counting uses: who the key is and where the model goes, the provider clients, and how long to wait. */
export interface CountParts {
  catalog: Pick<Catalog, 'route' | 'authenticate' | 'unknownModel'>;
  upstreams: Pick<Upstreams, 'get'>;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** A count's reply is small: anything larger is not one. */
const MAX_REPLY_BYTES = 1024 * 1024;

/**
 * Counts a request's prompt without answering it and without billing it (Anthropic's `/v1/messages/count_tokens`,
 * Gemini's `:countTokens`, the Responses API's `/v1/responses/input_tokens`): the key must work and may call the
 * model, as for the request itself; the route's first deployment counts it when its API can (ProviderDescriptor
 * `counts`), otherwise, or when it fails, the gateway estimates it as it does to hold credit (docs/gateway.md,
 * "Counting tokens"). Nothing is held, billed or logged: a count costs the provider nothing either.
 */
export async function countTokens(
  parts: CountParts,
  door: CountingDoor,
  keyHash: string,
  body: Record<string, unknown> & { model: string },
  options: ConversationOptions,
): Promise<TokenCount> {
  const access = await parts.catalog.authenticate(keyHash);
  const resolved = await parts.catalog.route(body.model);
  if (!resolved) throw await parts.catalog.unknownModel(body.model);
  const names = calledNames(body.model, resolved);
  if (access.allowedModels.length > 0 && !names.some((name) => access.allowedModels.includes(name))) {
    throw modelNotAllowed(body.model);
  }
  const [deployment] = resolved.route.deployments;
  const provider = PROVIDERS[deployment.provider];
  const call = provider.counts.includes(door)
    ? provider.dialectFor(door).count?.(door, body, deployment.model, options)
    : null;
  if (call) {
    try {
      const stop = new CallStop();
      const timer = setTimeout(() => stop.stop(), parts.timeoutMs);
      try {
        const upstream = parts.upstreams.get(deployment, resolved.credentials);
        const answer = await upstream.send(call.path, call.payload, call.headers, stop);
        const raw = await readSmall(answer.body);
        const reply = answer.status === 200 ? parseObject(raw) : null;
        const tokens = reply && call.tokens(reply);
        if (reply && typeof tokens === 'number') return { tokens, countedBy: 'provider', reply };
        parts.log.warn({ provider: deployment.provider, status: answer.status }, 'a provider could not count tokens');
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      parts.log.warn({ err: error, provider: deployment.provider }, 'a provider could not count tokens');
    }
  }
  return {
    tokens: measureRequest(door, countedRequest(door, body)).promptEstimate,
    countedBy: 'estimate',
    reply: null,
  };
}

/** Gemini's count may wrap the request it counts (`generateContentRequest`, with its system instruction and tools). */
function countedRequest(door: CountingDoor, body: Record<string, unknown>): Record<string, unknown> {
  const inner = body.generateContentRequest;
  return door === 'generateContent' && isJsonObject(inner) ? inner : body;
}

async function readSmall(body: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_REPLY_BYTES) throw new Error('a count reply over 1 MB');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function parseObject(raw: Buffer): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(raw.toString('utf8'));
    return isJsonObject(json) ? json : null;
  } catch {
    return null;
  }
}
