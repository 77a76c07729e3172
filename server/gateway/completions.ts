import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { billedCents, type TokenUsage } from '../lib/cost';
import { hashApiKey } from '../services/apiKeys';
import type { Admission } from '../services/reservations';
import {
  GatewayError,
  budgetExceeded,
  insufficientCredits,
  invalidApiKey,
  modelNotFound,
  upstreamFailed,
  upstreamTimeout,
} from './errors';
import type { Gateway } from './gateway';
import type { Route } from './models';
import { SseRelay, readCompletion } from './replies';
import { tierFor, worstCaseCents } from './tiers';
import { charsToTokens, promptEstimate, promptText, promptUpperBound, type PromptText } from './tokens';
import type { UpstreamReply } from './upstream';

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

const API_KEY_BEARER = /^Bearer\s+(sk-\S+)\s*$/;

/** Only the Authorization header counts: a session cookie or a session JWT is not an API key. */
export function bearerKey(request: FastifyRequest): string {
  const match = API_KEY_BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw invalidApiKey();
  return match[1];
}

/**
 * Whether a request comes from a gateway client rather than the dashboard: it carries an API key, or it comes from
 * an OpenAI SDK (every Stainless-generated SDK, JavaScript or Python, sends `x-stainless-lang`). The dashboard sends
 * neither: it authenticates with the session cookie (or a session JWT, never an `sk-` key).
 */
export const isGatewayCaller = (request: FastifyRequest) =>
  API_KEY_BEARER.test(request.headers.authorization ?? '') || request.headers['x-stainless-lang'] !== undefined;

function refusal(admission: Exclude<Admission, { ok: true }>): GatewayError {
  if (admission.reason === 'invalid_key') return invalidApiKey();
  if (admission.reason === 'budget_exceeded') return budgetExceeded(admission.budgetCents ?? 0);
  return insufficientCredits();
}

/** Maps a provider's error reply: request errors are relayed, the provider's own trouble becomes a 502. */
function upstreamError(status: number, text: string): GatewayError {
  let detail: { message?: unknown; type?: unknown; code?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    if (first && typeof first === 'object' && 'error' in first && first.error && typeof first.error === 'object') {
      detail = first.error;
    }
  } catch {
    // Not JSON: the status alone decides.
  }
  const message = typeof detail.message === 'string' ? detail.message : `The model provider answered ${status}`;
  if ([400, 404, 413, 422].includes(status)) {
    return new GatewayError(
      status,
      typeof detail.type === 'string' ? detail.type : 'invalid_request_error',
      typeof detail.code === 'string' ? detail.code : 'upstream_invalid_request',
      message,
    );
  }
  if (status === 429) {
    return new GatewayError(
      429,
      'rate_limit_error',
      'upstream_rate_limited',
      'The model provider is busy, retry shortly.',
    );
  }
  return upstreamFailed(`The model provider failed to answer (status ${status}).`);
}

async function readAll(body: UpstreamReply['body'], onChunk: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    onChunk();
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * POST /v1/chat/completions. The hot path is: resolve the model (in memory), hold the worst case against the team
 * (one statement), forward, reply, and queue the bill (written after the reply, in batches).
 */
export async function chatCompletion(gateway: Gateway, request: FastifyRequest, reply: FastifyReply) {
  const started = performance.now();
  const key = bearerKey(request);
  const body = request.body as ChatRequest;
  const route = await gateway.route(body.model);
  if (!route) {
    await gateway.authenticate(key);
    throw modelNotFound(body.model);
  }
  const prompt = promptText(body);
  const completionCap =
    (body.max_completion_tokens ?? body.max_tokens ?? gateway.config.defaultMaxTokens) * (body.n ?? 1);
  const holdCents = worstCaseCents(route.tiers, promptUpperBound(prompt), completionCap);
  const admission = await gateway.admit(hashApiKey(key), holdCents);
  if (!admission.ok) throw refusal(admission);
  gateway.settler.opened();
  return forward(gateway, request, reply, { body, route, prompt, admission, started });
}

interface Admitted {
  body: ChatRequest;
  route: Route;
  prompt: PromptText;
  admission: Extract<Admission, { ok: true }>;
  started: number;
}

/** Every admitted request ends in exactly one bill(): billed, or released with a zero-cost error event. */
async function forward(gateway: Gateway, request: FastifyRequest, reply: FastifyReply, call: Admitted) {
  let billed = false;
  const bill = (status: 'success' | 'error', usage: TokenUsage | null = null, completionChars = 0) => {
    if (billed) return;
    billed = true;
    settle(gateway, call, status, usage, completionChars);
  };
  try {
    return await relay(gateway, request, reply, call, bill);
  } finally {
    bill('error');
  }
}

type Bill = (status: 'success' | 'error', usage?: TokenUsage | null, completionChars?: number) => void;

function settle(
  gateway: Gateway,
  { route, prompt, admission, started }: Admitted,
  status: 'success' | 'error',
  usage: TokenUsage | null,
  completionChars: number,
) {
  // Without the provider's count (a stream cut short), the prompt and what was streamed are estimated.
  const tokens =
    status === 'error'
      ? { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 }
      : (usage ?? {
          promptTokens: promptEstimate(prompt),
          completionTokens: charsToTokens(completionChars),
          cachedTokens: 0,
          cacheCreationTokens: 0,
        });
  gateway.settler.add({
    teamId: admission.owner.teamId,
    userId: admission.owner.userId,
    apiKeyId: admission.owner.keyId,
    model: route.model,
    provider: route.provider,
    ...tokens,
    costCents: status === 'error' ? 0 : billedCents(tokens, tierFor(route.tiers, tokens.promptTokens)),
    latencyMs: Math.round(performance.now() - started),
    status,
    // Set here, not by the database: a bill replayed from the journal after a crash keeps its request's time.
    createdAt: new Date(),
    reservationId: admission.reservationId,
  });
}

async function relay(gateway: Gateway, request: FastifyRequest, reply: FastifyReply, call: Admitted, bill: Bill) {
  const { body, route } = call;
  const controller = new AbortController();
  let ended: 'client' | 'timeout' | null = null;
  const res = reply.raw;
  const stop = (why: 'client' | 'timeout') => {
    ended ??= why;
    controller.abort();
  };
  res.once('close', () => {
    if (!res.writableFinished) stop('client');
  });
  if (request.raw.socket.destroyed) stop('client');
  // Time allowed for the reply to start and, while it streams, between two chunks.
  const timer = setTimeout(() => stop('timeout'), gateway.config.upstreamTimeoutMs);

  const payload: Record<string, unknown> = { ...body, model: route.model };
  if (body.stream) payload.stream_options = { ...body.stream_options, include_usage: true };

  let upstream: UpstreamReply;
  let raw: Buffer | null = null;
  try {
    upstream = await gateway.upstream(route.provider).send(payload, controller.signal);
    if (upstream.status >= 300 || !body.stream) raw = await readAll(upstream.body, () => timer.refresh());
  } catch (error) {
    clearTimeout(timer);
    bill('error');
    if (ended === 'client') return reply.hijack();
    if (ended === 'timeout') throw upstreamTimeout();
    request.log.warn({ err: error, provider: route.provider }, 'upstream request failed');
    throw upstreamFailed();
  }

  if (upstream.status >= 300) {
    clearTimeout(timer);
    bill('error');
    const error = upstreamError(upstream.status, raw!.toString('utf8'));
    request.log.warn({ provider: route.provider, status: upstream.status }, 'upstream answered with an error');
    throw error;
  }

  if (raw) {
    clearTimeout(timer);
    const completion = readCompletion(raw.toString('utf8'));
    // Billed (journalled) before the answer leaves: an answered request survives a crash that follows.
    bill('success', completion.usage, completion.completionChars);
    reply.code(200).type('application/json').send(raw);
    return reply;
  }

  reply.hijack();
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string | number | string[]>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
  });
  const sse = new SseRelay(body.stream_options?.include_usage === true);
  let failed = false;
  try {
    for await (const chunk of upstream.body) {
      timer.refresh();
      const events = sse.push(chunk);
      if (events && !res.write(events)) await waitForDrain(res);
      if (res.destroyed) break;
    }
    const rest = sse.flush();
    if (rest && !res.destroyed) res.write(rest);
  } catch {
    failed = true;
  }
  clearTimeout(timer);

  if (ended === 'client' || res.destroyed) {
    // The client hung up: the provider is stopped and what it generated until then is billed.
    stop('client');
    bill('success', sse.usage, sse.completionChars);
    return;
  }
  if (failed || sse.error !== null) {
    // Headers are gone: the failure is reported as a last event, and a failed stream is not billed.
    if (sse.error === null) {
      const error = ended === 'timeout' ? upstreamTimeout() : upstreamFailed();
      res.write(`data: ${JSON.stringify(error.body())}\n\n`);
    }
    bill('error');
    res.end(sse.done ? 'data: [DONE]\n\n' : undefined);
    return;
  }
  bill('success', sse.usage, sse.completionChars);
  res.end(sse.done ? 'data: [DONE]\n\n' : undefined);
}
