import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashApiKey } from '../services/apiKeys';
import type { Admission } from '../services/reservations';
import { PROVIDERS_OFFERING, dialectFor, offers } from './dialects';
import {
  GatewayError,
  budgetExceeded,
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
import { billOf, type Bill } from './settle';
import { worstCaseCents } from './tiers';
import { measureRequest, startConversation, type ConversationOptions } from './wire/conversations';
import type { EndpointName, RequestMeasure } from './wire/types';

/** One request to a gateway endpoint, once its body has passed the endpoint's schema. */
export interface GatewayCall {
  endpoint: EndpointName;
  /** The caller's API key (Authorization: Bearer or x-api-key). */
  key: string;
  body: Record<string, unknown> & { model: string };
  options: ConversationOptions;
}

function refusal(admission: Exclude<Admission, { ok: true }>, model: string): GatewayError {
  switch (admission.reason) {
    case 'invalid_key':
      return invalidApiKey();
    case 'insufficient_credits':
      return insufficientCredits();
    case 'budget_exceeded':
      return budgetExceeded(admission.budgetCents);
    case 'key_expired':
      return keyExpired(admission.expiredAt);
    case 'model_not_allowed':
      return modelNotAllowed(model);
    case 'rpm_exceeded':
      return keyRateLimited('requests', admission.limit, admission.retryAfterSeconds);
    case 'tpm_exceeded':
      return keyRateLimited('tokens', admission.limit, admission.retryAfterSeconds);
    case 'key_budget_exceeded':
      return keyBudgetExceeded(admission.limitCents, admission.resetsAt);
    case 'member_budget_exceeded':
      return memberBudgetExceeded(admission.limitCents, admission.resetsAt);
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

/** A route's worst case is that of its dearest deployment: any of them may be the one that answers. */
function holdCents(resolved: ResolvedRoute, measure: RequestMeasure, defaultCap: number): number {
  let worst = 0;
  for (const { tiers } of resolved.candidates.values()) {
    worst = Math.max(worst, worstCaseCents(tiers, measure.promptUpperBound, measure.completionCap ?? defaultCap));
  }
  return worst;
}

/**
 * Every gateway endpoint: resolve the model to a route (in memory), hold the worst case against the team (one
 * statement), try the route's deployments by its policy, relay the answer, and queue the bill (written after the
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
  const admission = await gateway.admit(hashApiKey(call.key), {
    amountCents: holdCents(resolved, measure, gateway.config.defaultMaxTokens),
    tokens: measure.promptUpperBound + (measure.completionCap ?? gateway.config.defaultMaxTokens),
    models: calledNames(call.body.model, resolved),
  });
  if (!admission.ok) throw refusal(admission, call.body.model);
  gateway.settler.opened();
  const bill = billOf(gateway, {
    endpoint: call.endpoint,
    routeName: resolved.routeName,
    measure,
    admission,
    started,
    firstCandidate: resolved.candidates.get(resolved.route.deployments[0].id) as Candidate,
  });
  try {
    return await tryDeployments(gateway, call, resolved, bill, request, reply, started);
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
    let conversation;
    try {
      conversation = startConversation(
        call.endpoint,
        dialectFor(deployment.provider, call.endpoint),
        call.body,
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
