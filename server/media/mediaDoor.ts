/**
 * The media doors (docs/media.md): images, audio and rerank, routed like a chat call (the model's route, its
 * deployments in the policy's order, retried and fallen back from the same way), held and billed by their own unit at
 * the tier's unit price. Each request is held at the most it can cost against every room (credit, budget, key limit,
 * member cap) before it is sent, and billed once: the units its answer says, at most what was held; a failure costs
 * nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../gateway/catalog';
import type { Credit } from '../credit/credit';
import { NO_MEASURE } from '../credit/holds';
import type { GuardrailPolicies } from '../guardrails/policyStore';
import { guardPrompt } from '../guardrails/guardPrompt';
import type { Billed, FailedTry } from '../credit/bill';
import type { Upstreams } from '../gateway/upstreams';
import { attemptPlan, backoffMs, isRetryable, type Cooldowns } from '../gateway/routing/policy';
import type { Candidate } from '../gateway/routing/resolve';
import { calledNames } from '../gateway/calledNames';
import { refusal } from '../gateway/refusals';
import { fallsThrough, providerError } from '../providers/providerErrors';
import { mediaDoorsOf, PROVIDERS } from '../providers/registry';
import type { GatewayProvider } from '../../contract/providers';
import { type GatewayError, upstreamFailed, upstreamTimeout } from '../formats/gatewayError';
import { describeUnits, MEDIA_ENDPOINTS } from '../../contract/mediaUnits';
import { measureMedia, unitMicros, unitsAnswered, unitsBilledCents, unitsHoldCents } from './mediaMeasure';
import { mediaNotOffered, unitNotPriced } from './mediaErrors';
import type { MediaCall, MediaReply } from './types';

export interface MediaParts {
  catalog: Pick<Catalog, 'route' | 'authenticate' | 'unknownModel'>;
  /** Each key's guardrail policy: its rules run on the request's text fields as on a chat prompt's. */
  guardrails: Pick<GuardrailPolicies, 'forKey'>;
  credit: Pick<Credit, 'admit' | 'openPricedBill'>;
  upstreams: Pick<Upstreams, 'get'>;
  cooldowns: Cooldowns;
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The provider's path under its base URL: the door's without `/v1`, where its API takes it (Google's under /openai). */
function providerPath(call: MediaCall, provider: GatewayProvider) {
  const path = MEDIA_ENDPOINTS[call.endpoint].path.replace(/^\/v1/, '');
  return PROVIDERS[provider].mediaPath?.(path) ?? path;
}

export async function serveMedia(parts: MediaParts, call: MediaCall, request: FastifyRequest, reply: FastifyReply) {
  const started = performance.now();
  const { catalog, credit } = parts;
  const found = await catalog.route(call.model);
  if (!found) {
    await catalog.authenticate(call.keyHash);
    throw await catalog.unknownModel(call.model);
  }
  // The key's guardrails on the text sent (an image's prompt, a text to speak, a query and its documents) before
  // anything is held, as for a chat prompt (docs/guardrails.md): a block is never billed, a redaction is what is sent.
  const guarded = await guardPrompt(parts.guardrails, { keyHash: call.keyHash, body: call.payload.fields }, reply);
  call = { ...call, payload: { ...call.payload, fields: guarded.body } };
  const measure = measureMedia(call.endpoint, call.payload);
  const answering = found.route.deployments.filter((d) => mediaDoorsOf(d.provider, d.model).includes(call.endpoint));
  // Each deployment at its own tier's unit price; one without a price for this unit is not tried.
  const priced = answering.flatMap((deployment) => {
    const candidate = found.candidates.get(deployment.id) as Candidate;
    const micros = unitMicros(candidate.tiers, measure.key);
    return micros === null ? [] : [{ deployment, candidate, micros }];
  });
  if (priced.length === 0) {
    await catalog.authenticate(call.keyHash);
    throw answering.length === 0 ? mediaNotOffered(call.model, call.endpoint) : unitNotPriced(call.model, measure.key);
  }
  const holdCents = Math.max(...priced.map(({ micros }) => unitsHoldCents(measure.most, micros)));
  const admission = await credit.admit(call.keyHash, {
    amountCents: holdCents,
    leastCents: holdCents,
    tokens: 0,
    models: calledNames(call.model, found),
  });
  if (!admission.ok) {
    throw refusal(admission, call.model, () => ({
      what: `A request for ${describeUnits(measure.key, measure.most)}`,
      flatCents: holdCents,
    }));
  }
  const first = priced[0].candidate as Billed;
  const bill = credit.openPricedBill({
    endpoint: call.endpoint,
    routeName: found.routeName,
    measure: NO_MEASURE,
    admission,
    started,
    firstCandidate: first,
    log: request.log,
    callerRequestId: request.id,
    guardrails: guarded.summary,
  });
  const byId = new Map(priced.map((entry) => [entry.deployment.id, entry]));
  const plan = attemptPlan(
    { ...found.route, deployments: priced.map((entry) => entry.deployment) },
    (id) => parts.cooldowns.isCooling(id),
    Math.random,
  );
  const { policy } = found;
  let last: { failure: FailedTry; error: GatewayError } | null = null;
  let tries = 0;
  for (const deployment of plan) {
    const { candidate, micros } = byId.get(deployment.id)!;
    for (let retry = 0; retry <= policy.maxRetries; retry++) {
      // The try before this one failed: billed as a failed try (every path below sets last again or leaves).
      if (last) bill.failedTry(last.failure);
      if (retry > 0) await sleep(backoffMs(policy, retry, Math.random));
      tries++;
      const answer = await sendOnce(parts, call, deployment, () => parts.upstreams.get(deployment, found.credentials));
      if ('reply' in answer && answer.reply.status < 300) {
        parts.cooldowns.succeeded(deployment.id);
        const units = unitsAnswered(call.endpoint, measure, answer.reply);
        bill.priced({
          candidate,
          priceCents: unitsBilledCents(units, micros),
          units: { key: measure.key, count: units },
        });
        return reply
          .header('x-gateway-deployment', `${deployment.provider}/${deployment.model}`)
          .header('x-gateway-attempts', String(tries))
          .header('x-gateway-units', `${units} ${measure.key}`)
          .headers(found.routeName === null ? {} : { 'x-gateway-route': found.routeName })
          .type(answer.reply.contentType)
          .send(answer.reply.body);
      }
      const error = 'reply' in answer ? providerError(answer.reply.status, answer.reply.body) : answer.error;
      const outcome = 'reply' in answer ? ({ kind: 'status', status: answer.reply.status } as const) : answer.outcome;
      parts.cooldowns.failed(deployment.id, policy);
      last = { failure: { candidate, error: { code: error.code, message: error.message } }, error };
      request.log.warn(
        { provider: deployment.provider, model: deployment.model, code: error.code },
        'deployment failed',
      );
      if (outcome.kind === 'status' && !fallsThrough(outcome.status)) {
        bill.priced({ candidate, priceCents: 0, failure: last.failure.error });
        throw error;
      }
      if (!isRetryable(outcome) || parts.cooldowns.isCooling(deployment.id)) break;
    }
  }
  bill.priced({ candidate: last!.failure.candidate, priceCents: 0, failure: last!.failure.error });
  throw last!.error;
}

type Sent = { reply: MediaReply } | { error: GatewayError; outcome: { kind: 'timeout' } | { kind: 'network' } };

/** One try: the request with the deployment's model name, within the gateway's timeout. */
async function sendOnce(
  parts: Pick<MediaParts, 'timeoutMs'>,
  call: MediaCall,
  deployment: { provider: GatewayProvider; model: string },
  upstream: () => ReturnType<Upstreams['get']>,
): Promise<Sent> {
  const payload = { ...call.payload, fields: { ...call.payload.fields, model: deployment.model } };
  try {
    const path = providerPath(call, deployment.provider);
    return { reply: await upstream().sendMedia(path, payload, AbortSignal.timeout(parts.timeoutMs)) };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? { error: upstreamTimeout(), outcome: { kind: 'timeout' } }
      : { error: upstreamFailed('The model provider could not be reached.'), outcome: { kind: 'network' } };
  }
}
