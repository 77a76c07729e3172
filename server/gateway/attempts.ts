import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bill } from '../credit/bill';
import type { RoutedRequest } from './catalog';
import { GatewayError } from '../formats/gatewayError';
import { TranslationError } from '../formats/translate/translationError';
import { DROPPED_PARAMS_HEADER } from '../formats/translate/omissions';
import { notOffered } from './errors';
import { sendOnce, type AnswerKeeper, type Attempt, type AttemptResult } from './relay';
import { attemptPlan, backoffMs, type Cooldowns } from './routing/policy';
import type { Candidate } from './routing/resolve';
import type { Upstreams } from './upstreams';
import { PROVIDERS } from '../providers/registry';
import { CallStop } from '../providers/callStop';
import { withOutputCap } from './measure';
import type { GatewayCall } from '../formats/types';
import type { RequestProbe } from './probe';
import type { EffectivePolicy } from '../guardrails/policy';

/**
 * What trying a route's deployments uses: the provider clients, the deployments' cooldowns, the timeout, and what
 * watches each try (probe.ts).
 */
export interface AttemptParts {
  upstreams: Pick<Upstreams, 'get'>;
  cooldowns: Cooldowns;
  timeoutMs: number;
  watch: Pick<RequestProbe, 'attempt'>;
  /** The key's guardrail policy, which each answer goes through (docs/guardrails.md#the-answer); or null. */
  guard: EffectivePolicy | null;
}

/**
 * The route's policy: deployments in the attempt plan's order (rank, then weighted random, cooling ones last), each
 * retried on a retryable failure with backoff, then the next. A failure that is the request's own fault (400, 413,
 * 422) is the client's answer at once. Each failed try but the last is recorded as its own zero-cost error event;
 * the last one, or the answer, settles the request's hold.
 */
export async function tryDeployments(
  parts: AttemptParts,
  call: GatewayCall,
  resolved: RoutedRequest,
  capOf: (deploymentId: string) => number | null,
  bill: Bill,
  request: FastifyRequest,
  reply: FastifyReply,
  started: number,
  keep: AnswerKeeper | null = null,
) {
  const { upstreams, cooldowns } = parts;
  const res = reply.raw;
  let clientGone = request.raw.socket.destroyed;
  let current: { stop: CallStop; stream: boolean } | null = null;
  // `on`: a response closes once (readAll in relay.ts says why not `once`).
  res.on('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    // A stream is stopped (the provider stops generating, and bills what it generated); a JSON answer is let finish,
    // since the provider bills all of it anyway, and is billed by its count (relay.ts).
    if (current?.stream) current.stop.stop();
  });

  const { policy } = resolved;
  const plan = attemptPlan(resolved.route, (id) => cooldowns.isCooling(id), Math.random);
  let lastFailure: (AttemptResult & { kind: 'failed' }) | null = null;
  let failedTries = 0;
  let firstRefusal: GatewayError | null = null;

  for (const deployment of plan) {
    const candidate = resolved.candidates.get(deployment.id) as Candidate;
    const cap = capOf(deployment.id);
    let conversation;
    try {
      const provider = PROVIDERS[deployment.provider];
      conversation = provider
        .dialectFor(call.endpoint)
        .converse(
          call.endpoint,
          cap === null ? call.body : withOutputCap(call.endpoint, provider.chatOutputCap, call.body, cap),
          deployment.model,
          { ...call.options, chatOutputCap: provider.chatOutputCap, unsupportedParams: policy.unsupportedParams },
        );
    } catch (error) {
      // This deployment's format cannot express the request; another deployment's may.
      const named =
        error instanceof TranslationError ? error.forDeployment(`${deployment.provider}/${deployment.model}`) : error;
      const refusal = named instanceof GatewayError ? named : unreadableRequest(named, request);
      if (refusal?.statusCode === 400) {
        firstRefusal ??= refusal;
        continue;
      }
      throw error;
    }
    for (let retry = 0; retry <= policy.maxRetries; retry++) {
      // The try before this one failed: billed as a failed try (every path below sets lastFailure again or leaves).
      if (lastFailure) bill.failedTry(lastFailure);
      if (retry > 0) await sleep(backoffMs(policy, retry, Math.random));
      if (clientGone) return reply.hijack();
      current = { stop: new CallStop(), stream: conversation.stream };
      const watched = parts.watch.attempt(deployment, failedTries + 1);
      const attempt: Attempt = {
        // Methods rather than arrow properties: the TypeScript loader names every function assigned to a name, a
        // defineProperty per request (bill.ts, RequestBill); a method keeps its name without one.
        upstream() {
          return upstreams.get(deployment, resolved.credentials);
        },
        timeoutMs: parts.timeoutMs,
        request,
        reply,
        conversation,
        extraHeaders: watched.headers,
        output: watched.output,
        candidate,
        stop: current.stop,
        started,
        headers: answerHeaders(deployment, failedTries + 1, resolved.routeName, cap, conversation.dropped),
        bill,
        keep,
        guard: parts.guard,
        isClientGone() {
          return clientGone;
        },
      };
      let result: AttemptResult | null = null;
      try {
        result = await sendOnce(attempt);
      } finally {
        watched.end(result?.kind ?? 'failed');
      }
      if (result.kind === 'answered') {
        cooldowns.succeeded(deployment.id);
        return result.reply;
      }
      if (result.kind === 'client_gone') return reply.hijack();
      failedTries++;
      cooldowns.failed(deployment.id, policy);
      lastFailure = result;
      request.log.warn(
        {
          provider: deployment.provider,
          model: deployment.model,
          code: result.error.code,
          retryable: result.retryable,
        },
        'deployment failed',
      );
      if (!result.fallsThrough) {
        bill.final({ status: 'error', failure: result });
        throw result.error;
      }
      // Not retried: a failure that another try would repeat, or a deployment whose breaker this failure opened.
      if (!result.retryable || cooldowns.isCooling(deployment.id)) break;
    }
  }
  if (lastFailure) {
    bill.final({ status: 'error', failure: lastFailure });
    throw lastFailure.error;
  }
  throw firstRefusal ?? notOffered(call.body.model, call.endpoint);
}

/** Sent with the answer: which deployment answered, after how many tries, and what the gateway chose or left out. */
function answerHeaders(
  deployment: { provider: string; model: string },
  tries: number,
  routeName: string | null,
  cap: number | null,
  dropped: readonly string[] | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-gateway-deployment': `${deployment.provider}/${deployment.model}`,
    'x-gateway-attempts': String(tries),
  };
  if (routeName !== null) headers['x-gateway-route'] = routeName;
  // The client set no output cap: the one the gateway sent, which what was held pays for.
  if (cap !== null) headers['x-gateway-max-tokens'] = String(cap);
  // What the translation to this deployment's format left out, in the client's names (omissions.ts).
  if (dropped?.length) headers[DROPPED_PARAMS_HEADER] = dropped.join(', ');
  return headers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A translation that trips over the request's shape (a message whose content is a number, a part without the field
 * its type names: what a door's schema leaves open, since providers add fields) is the client's 400, not our 500. It
 * is logged, in case the fault is the translation's.
 */
function unreadableRequest(error: unknown, request: FastifyRequest): GatewayError | null {
  if (!(error instanceof TypeError)) return null;
  request.log.warn({ err: error }, 'a request could not be translated for a deployment: a field of the wrong shape');
  return new GatewayError(
    400,
    'invalid_request_error',
    'invalid_request_error',
    "The request has a field of the wrong shape for this model's format (a message's content, a part or a tool " +
      'call): check it against the API reference.',
  );
}
