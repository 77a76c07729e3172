import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashApiKey } from '../services/apiKeys';
import type { Admission } from '../services/reservations';
import { PROVIDERS_OFFERING, dialectFor, offers } from './dialects';
import {
  GatewayError,
  type Overrun,
  budgetExceeded,
  contextTooLong,
  insufficientCredits,
  invalidApiKey,
  keyBudgetExceeded,
  keyExpired,
  keyRateLimited,
  memberBudgetExceeded,
  modelNotAllowed,
  modelNotFound,
} from './errors';
import type { Gateway } from './gateway';
import { sendOnce, type Attempt, type AttemptResult } from './relay';
import type { Candidate, ResolvedRoute } from './routing/resolve';
import { backoffMs } from './routing/policy';
import { planHold, outputCapFor, tooLongFor, whatFits, type Answerer } from './holds';
import { modelLimits } from './modelLimits';
import { billOf, type Bill } from './settle';
import { measureRequest, startConversation, type ConversationOptions } from './wire/conversations';
import { capFieldOf, withOutputCap } from './wire/measure';
import type { EndpointName } from './wire/types';

/** One request to a gateway endpoint, once its body has passed the endpoint's schema. */
export interface GatewayCall {
  endpoint: EndpointName;
  /** The caller's API key (Authorization: Bearer or x-api-key). */
  key: string;
  body: Record<string, unknown> & { model: string };
  options: ConversationOptions;
}

/** A refusal as its client reads it; a room that is not empty says what the request would have needed (holds.ts). */
function refusal(admission: Exclude<Admission, { ok: true }>, model: string, overrun: () => Overrun): GatewayError {
  switch (admission.reason) {
    case 'invalid_key':
      return invalidApiKey();
    case 'insufficient_credits':
      return insufficientCredits(admission.leftCents, overrun());
    case 'budget_exceeded':
      return budgetExceeded(admission.budgetCents, admission.leftCents, overrun());
    case 'key_expired':
      return keyExpired(admission.expiredAt);
    case 'model_not_allowed':
      return modelNotAllowed(model);
    case 'rpm_exceeded':
      return keyRateLimited('requests', admission.limit, admission.retryAfterSeconds);
    case 'tpm_exceeded':
      return keyRateLimited('tokens', admission.limit, admission.retryAfterSeconds);
    case 'key_budget_exceeded':
      return keyBudgetExceeded(
        admission.limitCents,
        admission.resetsAt,
        admission.period,
        admission.leftCents,
        overrun(),
      );
    case 'member_budget_exceeded':
      return memberBudgetExceeded(admission.limitCents, admission.resetsAt, admission.leftCents, overrun());
  }
}

/** The names an allow-list may hold for this request: what the client sent, and the provider/model it resolved to. */
function calledNames(sent: string, resolved: ResolvedRoute): string[] {
  if (resolved.routeName !== null) return [sent];
  const [deployment] = resolved.route.deployments;
  return [...new Set([sent, `${deployment.provider}/${deployment.model}`])];
}

const notOffered = (model: string, endpoint: EndpointName) =>
  new GatewayError(
    400,
    'invalid_request_error',
    'unsupported_endpoint',
    `The model "${model}" cannot answer ${endpoint} requests; they are offered by ` +
      `${(PROVIDERS_OFFERING[endpoint] ?? []).join(', ')} models.`,
    'model',
  );

/** The deployments of the route that offer the endpoint; null when the route has none left. */
function offering(resolved: ResolvedRoute, endpoint: EndpointName): ResolvedRoute | null {
  const deployments = resolved.route.deployments.filter((d) => offers(d.provider, endpoint));
  if (deployments.length === resolved.route.deployments.length) return resolved;
  if (deployments.length === 0) return null;
  return { ...resolved, route: { ...resolved.route, deployments } };
}

/** How each deployment of the route is priced and what its model takes, by deployment id. */
function answerersOf(resolved: ResolvedRoute): Map<string, Answerer> {
  const answerers = new Map<string, Answerer>();
  for (const [id, { deployment, tiers }] of resolved.candidates) {
    answerers.set(id, { tiers, limits: modelLimits(deployment.provider, deployment.model, tiers) });
  }
  return answerers;
}

/** Where a door's prompt is: the field a context_length_exceeded refusal names. */
const PROMPT_FIELD: Record<EndpointName, string> = {
  'chat.completions': 'messages',
  messages: 'messages',
  responses: 'input',
  embeddings: 'input',
};

/**
 * Every gateway endpoint: resolve the model to a route (in memory), refuse a prompt too long for all of it, hold the
 * worst case (or what fits of it, for a request without an output cap) against the key, member and team (from a
 * lease, or one statement), try the route's deployments by its policy, relay the answer, and queue the bill (written after the
 * reply, in batches; docs/gateway.md#billing).
 */
export async function serveGatewayCall(
  gateway: Gateway,
  call: GatewayCall,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const started = performance.now();
  const found = await gateway.route(call.body.model);
  const resolved = found && offering(found, call.endpoint);
  if (!resolved) {
    await gateway.authenticate(call.key);
    throw found ? notOffered(call.body.model, call.endpoint) : modelNotFound(call.body.model);
  }
  const measure = measureRequest(call.endpoint, call.body);
  const answerers = answerersOf(resolved);
  const window = tooLongFor([...answerers.values()], measure);
  if (window !== null) {
    await gateway.authenticate(call.key);
    throw contextTooLong(call.body.model, window, measure.promptFloor, PROMPT_FIELD[call.endpoint]);
  }
  const plan = planHold([...answerers.values()], measure, gateway.config.defaultMaxTokens);
  const admission = await gateway.admit(hashApiKey(call.key), {
    amountCents: plan.amountCents,
    leastCents: plan.leastCents,
    tokens: measure.promptUpperBound + (measure.completionCap ?? gateway.config.defaultMaxTokens),
    models: calledNames(call.body.model, resolved),
  });
  if (!admission.ok) {
    throw refusal(admission, call.body.model, () => ({
      worstCents: plan.leastCents,
      promptTokens: plan.promptTokens,
      outputTokens: plan.leastOutputTokens,
      gatewayCaps: plan.gatewayCaps,
      capField: capFieldOf(call.endpoint, call.body),
      fits: whatFits(plan, 'fitsCents' in admission ? admission.fitsCents : 0),
    }));
  }
  gateway.settler.opened();
  const bill = billOf(gateway, {
    endpoint: call.endpoint,
    routeName: resolved.routeName,
    measure,
    admission,
    started,
    firstCandidate: resolved.candidates.get(resolved.route.deployments[0].id) as Candidate,
    log: request.log,
  });
  // A request without an output cap gets the one its hold pays for, per deployment (each is priced its own way).
  const capOf = (deploymentId: string) =>
    plan.gatewayCaps ? outputCapFor(plan, answerers.get(deploymentId) as Answerer, admission.heldCents) : null;
  try {
    return await tryDeployments(gateway, call, resolved, capOf, bill, request, reply, started);
  } finally {
    bill.final({ status: 'error' });
  }
}

/**
 * The route's policy: deployments in the attempt plan's order (rank, then weighted random, cooling ones last), each
 * retried on a retryable failure with backoff, then the next. A failure that is the request's own fault (400, 413,
 * 422) is the client's answer at once. Each failed try but the last is recorded as its own zero-cost error event;
 * the last one, or the answer, settles the request's hold.
 */
async function tryDeployments(
  gateway: Gateway,
  call: GatewayCall,
  resolved: ResolvedRoute,
  capOf: (deploymentId: string) => number | null,
  bill: Bill,
  request: FastifyRequest,
  reply: FastifyReply,
  started: number,
) {
  const res = reply.raw;
  let clientGone = request.raw.socket.destroyed;
  let current: AbortController | null = null;
  res.once('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    current?.abort();
  });

  const { policy } = resolved;
  const plan = gateway.plan(resolved.route);
  let lastFailure: (AttemptResult & { kind: 'failed' }) | null = null;
  let failedTries = 0;
  let firstRefusal: GatewayError | null = null;

  for (const deployment of plan) {
    const candidate = resolved.candidates.get(deployment.id) as Candidate;
    const cap = capOf(deployment.id);
    let conversation;
    try {
      conversation = startConversation(
        call.endpoint,
        dialectFor(deployment.provider, call.endpoint),
        cap === null ? call.body : withOutputCap(call.endpoint, deployment.provider, call.body, cap),
        deployment.model,
        call.options,
      );
    } catch (error) {
      // This deployment's format cannot express the request; another deployment's may.
      if (error instanceof GatewayError && error.statusCode === 400) {
        firstRefusal ??= error;
        continue;
      }
      throw error;
    }
    for (let retry = 0; retry <= policy.maxRetries; retry++) {
      if (lastFailure) {
        bill.failedTry(lastFailure);
        lastFailure = null;
      }
      if (retry > 0) await sleep(backoffMs(policy, retry, Math.random));
      if (clientGone) return reply.hijack();
      current = new AbortController();
      const attempt: Attempt = {
        gateway,
        request,
        reply,
        conversation,
        candidate,
        controller: current,
        started,
        headers: {
          'x-gateway-deployment': `${deployment.provider}/${deployment.model}`,
          'x-gateway-attempts': String(failedTries + 1),
          ...(resolved.routeName !== null && { 'x-gateway-route': resolved.routeName }),
          // The client set no output cap: the one the gateway sent, which what was held pays for.
          ...(cap !== null && { 'x-gateway-max-tokens': String(cap) }),
        },
        bill,
        isClientGone: () => clientGone,
      };
      const result = await sendOnce(attempt);
      if (result.kind === 'answered') {
        gateway.deploymentSucceeded(deployment.id);
        return result.reply;
      }
      if (result.kind === 'client_gone') return reply.hijack();
      failedTries++;
      gateway.deploymentFailed(deployment.id, policy);
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
      if (!result.retryable || gateway.isCooling(deployment.id)) break;
    }
  }
  if (lastFailure) {
    bill.final({ status: 'error', failure: lastFailure });
    throw lastFailure.error;
  }
  throw firstRefusal ?? notOffered(call.body.model, call.endpoint);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
