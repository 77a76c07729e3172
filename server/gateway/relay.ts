import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { type GatewayError, upstreamFailed, upstreamTimeout } from '../formats/gatewayError';
import { fallsThrough, providerError } from '../providers/providerErrors';
import type { Candidate } from './routing/resolve';
import { isRetryable, type AttemptOutcome } from './routing/policy';
import type { AnsweredTry, Bill, FailedTry } from '../credit/bill';
import type { Upstream } from '../providers/upstream';
import type { CallStop } from '../providers/callStop';
import type { Conversation } from '../formats/types';
import type { EffectivePolicy } from '../guardrails/policy';
import {
  answerSummary,
  checkAnswer,
  createStreamGuard,
  IN_THE_ANSWER,
  type AnswerVerdict,
} from '../guardrails/answerGuard';
import { guardrailViolation } from '../guardrails/guardPrompt';
import { GUARDRAILS_HEADER } from '../../contract/schemas/guardrails';

/** One try of one deployment. */
export interface Attempt {
  /** The provider's client (throws when its credential was deleted since the request was routed). */
  upstream: () => Upstream;
  /** Time allowed for the reply to start and, while it streams, between two chunks. */
  timeoutMs: number;
  request: FastifyRequest;
  reply: FastifyReply;
  conversation: Conversation;
  /** Sent with the conversation's own headers: the trace context (probe.ts), or null. */
  extraHeaders: Record<string, string> | null;
  /** Told what the client receives, when a watcher records the answer (probe.ts, AttemptProbe.output). */
  output: ((text: string) => void) | null;
  candidate: Candidate;
  /** Stopped when the client hangs up (attempts.ts) or the provider stalls (here). */
  stop: CallStop;
  started: number;
  /** Sent with the answer: which deployment answered, after how many tries. */
  headers: Record<string, string>;
  bill: Bill;
  /** The response cache's side (cache/responseCache.ts): told the answer once it reached the client whole; or null. */
  keep: AnswerKeeper | null;
  /** The key's guardrail policy, which the answer goes through too (docs/guardrails.md#the-answer); or null. */
  guard: EffectivePolicy | null;
  isClientGone(): boolean;
}

/** Takes an answer to store: the bytes the client was sent, who answered, and what it was billed. */
export interface AnswerKeeper {
  /** Larger answers are not kept (the operator's size limit per entry). */
  maxBytes: number;
  kept(answer: KeptAnswer): void;
}

export interface KeptAnswer {
  streamed: boolean;
  contentType: string;
  body: Buffer;
  candidate: Candidate;
  costCents: number;
}

export type AttemptResult =
  | { kind: 'answered'; reply: FastifyReply }
  | { kind: 'client_gone' }
  | (FailedTry & { kind: 'failed'; error: GatewayError; retryable: boolean; fallsThrough: boolean });

type Failed = Extract<AttemptResult, { kind: 'failed' }>;

function failed(attempt: Attempt, outcome: AttemptOutcome, error: GatewayError): Failed {
  const retryable = isRetryable(outcome);
  return {
    kind: 'failed',
    candidate: attempt.candidate,
    error,
    retryable,
    fallsThrough: retryable || (outcome.kind === 'status' && fallsThrough(outcome.status)),
  };
}

/**
 * A reply read whole by its stream's events. Only a relayed stream needs an async iterator: each one is a promise and
 * a queue per chunk, which a JSON answer read to its end does not need.
 */
function readAll(body: Readable, onChunk: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer | string) => {
      onChunk();
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    });
    // `on` rather than `once` for events a stream emits once at most: `once` wraps each listener in a bound function
    // and a state object per request, and a second 'error' would have no listener left.
    body.on('error', reject);
    // Destroyed before its end (the call was aborted): read as cut short, as the iterator threw.
    body.on('close', () => {
      if (!body.readableEnded) reject(new Error('The reply was cut short.'));
    });
    body.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The call failed before its answer: stopped by the timeout, or the connection's fault. */
const lost = (attempt: Attempt, timedOut: boolean): Failed =>
  timedOut
    ? failed(attempt, { kind: 'timeout' }, upstreamTimeout())
    : failed(attempt, { kind: 'network' }, upstreamFailed());

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

const blockedFailure = (verdict: AnswerVerdict) => {
  const error = guardrailViolation(verdict.blocked!.detector, IN_THE_ANSWER);
  return { code: error.code, message: error.message };
};

/** What the prompt's check said, then the answer's (x-gateway-guardrails). */
const joinSaid = (before: unknown, after: string) =>
  [before, ...after.split(';')].filter((part) => typeof part === 'string').join('; ');

/** How every stream the gateway relays is sent (and a streamed cache hit replayed). */
export const STREAM_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

/** What a non-streamed answer the client left before is recorded with (it is billed: the provider answered). */
const CLIENT_CLOSED = {
  code: 'client_closed',
  message: 'The client closed the connection before the answer; the provider answered, and its answer was billed.',
};

/**
 * Sends the request to one deployment and, if it answers, relays the answer to the client. A failure before the
 * client has received a byte (no connection, a timeout, an error status, a stream that ends before its first chunk)
 * is returned for the route's policy to retry or fall through; once a stream's first byte is out, the deployment is
 * committed and a later failure ends the stream with an error event.
 */
export async function sendOnce(attempt: Attempt): Promise<AttemptResult> {
  const { request, reply, conversation, stop } = attempt;
  let timedOut = false;
  // Time allowed for the reply to start and, while it streams, between two chunks.
  const timer = setTimeout(() => {
    timedOut = true;
    stop.stop();
  }, attempt.timeoutMs);

  let status: number;
  let body: AsyncIterator<Buffer | string> | null = null;
  let raw: Buffer | null = null;
  try {
    const upstream = attempt.upstream();
    const headers = attempt.extraHeaders ? { ...conversation.headers, ...attempt.extraHeaders } : conversation.headers;
    const answer = await upstream.send(conversation.path, conversation.payload, headers, stop);
    status = answer.status;
    if (status >= 300 || !conversation.stream) raw = await readAll(answer.body, () => timer.refresh());
    else body = answer.body[Symbol.asyncIterator]();
  } catch (error) {
    clearTimeout(timer);
    if (attempt.isClientGone()) return { kind: 'client_gone' };
    if (!timedOut) request.log.warn({ err: error }, 'upstream request failed');
    return lost(attempt, timedOut);
  }

  if (status >= 300) {
    clearTimeout(timer);
    return failed(attempt, { kind: 'status', status }, providerError(status, raw!));
  }

  if (raw) {
    clearTimeout(timer);
    const read = conversation.readJson(raw);
    const checked = attempt.guard && (await checkAnswer(attempt.guard, read.body));
    if (checked) read.body = checked.body;
    const guarded = checked && answerSummary(checked);
    // The client left while the provider answered: the provider finished (it was not stopped, and it bills for the
    // answer), so the team is billed its count, and nobody is there to send it to.
    const gone = attempt.isClientGone();
    // Billed (journalled) before the answer leaves: an answered request survives a crash that follows.
    const costCents = attempt.bill.answered({
      candidate: attempt.candidate,
      usage: read.usage,
      completionChars: read.completionChars,
      ttftMs: null,
      ending: gone ? 'client_left' : 'finished',
      ...(gone && { failure: CLIENT_CLOSED }),
      ...(checked?.blocked && { failure: blockedFailure(checked) }),
      guardrails: guarded,
    });
    if (gone) return { kind: 'client_gone' };
    // The provider answered (and bills it), so the team is billed; the client gets the refusal, never the answer.
    if (checked?.blocked) throw guardrailViolation(checked.blocked.detector, IN_THE_ANSWER);
    if (guarded) reply.header(GUARDRAILS_HEADER, joinSaid(reply.getHeader(GUARDRAILS_HEADER), guarded));
    reply.code(200).headers(attempt.headers).type('application/json').send(read.body);
    attempt.output?.(typeof read.body === 'string' ? read.body : read.body.toString('utf8'));
    if (attempt.keep) {
      const body = typeof read.body === 'string' ? Buffer.from(read.body) : read.body;
      if (body.length <= attempt.keep.maxBytes) {
        const contentType = String(reply.getHeader('content-type') ?? 'application/json');
        attempt.keep.kept({ streamed: false, contentType, body, candidate: attempt.candidate, costCents });
      }
    }
    return { kind: 'answered', reply };
  }

  // A stream: nothing reaches the client before the provider's first chunk, so until then it can still fall back.
  let first: IteratorResult<Buffer | string>;
  try {
    first = await body!.next();
  } catch {
    clearTimeout(timer);
    if (attempt.isClientGone()) return { kind: 'client_gone' };
    return lost(attempt, timedOut);
  }
  if (first.done) {
    clearTimeout(timer);
    return failed(attempt, { kind: 'network' }, upstreamFailed('The model provider ended the stream without data.'));
  }
  await relayStream(attempt, first.value, body!, timer, () => timedOut);
  return { kind: 'answered', reply };
}

async function relayStream(
  attempt: Attempt,
  first: Buffer | string,
  body: AsyncIterator<Buffer | string>,
  timer: NodeJS.Timeout,
  timedOut: () => boolean,
) {
  const { request, reply, conversation, stop } = attempt;
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string | number | string[]>),
    ...attempt.headers,
    'content-type': STREAM_CONTENT_TYPE,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
  });
  const relay = conversation.relay();
  let ttftMs: number | null = null;
  let failedMidway = false;
  // What the client was sent, for the response cache; dropped once larger than an entry may be.
  let sent: string[] | null = attempt.keep ? [] : null;
  let sentBytes = 0;
  const keepSent = (events: string) => {
    if (!sent || !attempt.keep) return;
    sentBytes += Buffer.byteLength(events);
    if (sentBytes > attempt.keep.maxBytes) sent = null;
    else sent.push(events);
  };
  // The answer through the key's guardrails: held back by a window, so a secret split across chunks never leaves.
  const guard = attempt.guard && createStreamGuard(attempt.guard);
  const send = async (events: string) => {
    if (!events || res.destroyed) return;
    ttftMs ??= Math.round(performance.now() - attempt.started);
    attempt.output?.(events);
    keepSent(events);
    if (!res.write(events)) await waitForDrain(res);
  };
  const forward = async (chunk: Buffer | string) => {
    timer.refresh();
    const events = relay.push(chunk);
    if (events) await send(guard ? await guard.pass(events) : events);
  };
  try {
    await forward(first);
    for (;;) {
      if (res.destroyed || guard?.blocked) break;
      const next = await body.next();
      if (next.done) break;
      await forward(next.value);
    }
    if (!guard?.blocked) {
      const rest = relay.flush();
      await send(guard && rest ? await guard.pass(rest) : rest);
    }
  } catch {
    failedMidway = true;
  }
  clearTimeout(timer);
  const answered = (ending: AnsweredTry['ending'], failure?: AnsweredTry['failure']) =>
    attempt.bill.answered({
      candidate: attempt.candidate,
      usage: relay.usage,
      completionChars: relay.completionChars,
      ttftMs,
      ending,
      failure,
      guardrails: guard && answerSummary(guard),
    });
  const refuse = (verdict: AnswerVerdict, ending: AnsweredTry['ending']) => {
    // The provider is stopped; what it generated is billed (it bills it too); the client gets the door's error event.
    stop.stop();
    const error = guardrailViolation(verdict.blocked!.detector, IN_THE_ANSWER);
    answered(ending, { code: error.code, message: error.message });
    res.end(relay.errorEvent(error));
  };

  if (attempt.isClientGone() || res.destroyed) {
    // The client hung up: the provider is stopped and what it generated until then is billed.
    stop.stop();
    answered('client_left');
    return;
  }
  if (guard?.blocked) return refuse(guard, 'blocked');
  if (failedMidway || relay.error !== null) {
    // Headers are gone: the failure is reported as a last event. What the provider produced until then reached the
    // client and is billed (the provider bills it too): docs/gateway.md#billing. Held text is checked and sent first.
    if (guard) await send(await guard.end());
    if (guard?.blocked) return refuse(guard, 'blocked');
    const error = timedOut() ? upstreamTimeout() : upstreamFailed();
    if (relay.error === null) res.write(relay.errorEvent(error));
    answered('provider_failed', { code: 'stream_failed', message: error.message });
    res.end(relay.finish());
    return;
  }
  // The receipt and what is still held, checked before the bill: a block there is billed as the failure it is.
  const receipt = relay.finish();
  const last = guard ? (await guard.pass(receipt)) + (await guard.end()) : receipt;
  if (guard?.blocked) return refuse(guard, 'finished');
  const costCents = answered('finished');
  res.end(last);
  // Only an answer that finished whole (the provider sent its end: relay.done), as its door ends one, is kept.
  keepSent(last);
  if (sent && attempt.keep && relay.done) {
    attempt.keep.kept({
      streamed: true,
      contentType: STREAM_CONTENT_TYPE,
      body: Buffer.from(sent.join('')),
      candidate: attempt.candidate,
      costCents,
    });
  }
}
