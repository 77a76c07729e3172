import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './settings';
import type { Credit } from '../credit/credit';
import { planHold, outputCapFor, tooLongFor, whatFits, type Answerer } from '../credit/holds';
import { tryDeployments, type AttemptParts } from './attempts';
import type { Catalog, RoutedRequest } from './catalog';
import { perRoute } from './routeMemo';
import { embeddingsOnly, modelOffers } from '../providers/registry';
import { contextTooLong, embeddingsModel, notOffered } from './errors';
import { modelLimits } from './modelLimits';
import { refusal } from './refusals';
import type { Candidate, ResolvedRoute } from './routing/resolve';
import { measureRequest } from './measure';
import { calledNames } from './calledNames';
import { capFieldOf } from './measure';
import type { EndpointName, GatewayCall } from '../formats/types';
import type { GatewayProbe, RequestProbe } from './probe';
import type { ResponseCache } from '../cache/responseCache';
import { planCache, type CachePlan, type CacheSetting } from '../cache/cacheRequest';
import type { KeyCaching } from './keyCaching';
import { hitPercent, hitPriceCents } from '../cache/hitPrice';
import { cacheKey, type CacheScope } from '../cache/cacheKey';
import { CACHE_STATUS_HEADER, serveCachedAnswer } from '../cache/cachedReply';
import type { CachedAnswer } from '../cache/cacheStore';
import { CACHE_SIMILARITY_HEADER, lookSemantically } from '../cache/semanticLookup';
import type { KeptAnswer } from './relay';
import { badCacheHeader } from './errors';
import { guardPrompt } from '../guardrails/guardPrompt';
import { policyFingerprint } from '../guardrails/policy';
import type { GuardrailPolicies } from '../guardrails/policyStore';

/**
 * What serving a request uses of the gateway (gateway.ts), and nothing else: the catalog to route it, the credit
 * room to hold and bill it, the provider clients and cooldowns to try its deployments.
 */
export interface PipelineParts extends Omit<AttemptParts, 'timeoutMs' | 'watch' | 'guard'> {
  catalog: Pick<Catalog, 'route' | 'authenticate' | 'unknownModel' | 'pricing'>;
  credit: Pick<Credit, 'admit' | 'openBill'>;
  config: Pick<GatewayConfig, 'defaultMaxTokens' | 'upstreamTimeoutMs'>;
  /** What watches the request (metrics, traces: probe.ts). */
  probe: GatewayProbe;
  /** Answers kept for requests that ask (docs/gateway.md#caching). */
  cache: Pick<ResponseCache, 'config' | 'find' | 'store' | 'semantic' | 'track'>;
  /** The keys whose owner turned caching on for every request (keyCaching.ts). */
  keyCaching: Pick<KeyCaching, 'get' | 'peek'>;
  /** Each key's guardrail policy (docs/guardrails.md). */
  guardrails: Pick<GuardrailPolicies, 'forKey' | 'peekKey'>;
}

/** The deployments of the route that offer the endpoint; null when the route has none left. */
export function offering<Route extends ResolvedRoute>(resolved: Route, endpoint: EndpointName): Route | null {
  const deployments = resolved.route.deployments.filter((d) => modelOffers(d.provider, d.model, endpoint));
  if (deployments.length === resolved.route.deployments.length) return resolved;
  if (deployments.length === 0) return null;
  return { ...resolved, route: { ...resolved.route, deployments } };
}

/** How each deployment of the route is priced and what its model takes, by deployment id. */
export function answerersOf(resolved: ResolvedRoute): Map<string, Answerer> {
  const answerers = new Map<string, Answerer>();
  for (const [id, { deployment, tiers }] of resolved.candidates) {
    answerers.set(id, { tiers, limits: modelLimits(deployment.provider, deployment.model, tiers) });
  }
  return answerers;
}

/**
 * What a request of a model through an endpoint uses of its route: the deployments that offer the endpoint, how each
 * is priced and what its model takes, and the names a key's allow-list may hold for it. The catalog hands every request
 * of a model the same route object while the tables stand (routeMemo.ts), so this is computed once per model and door.
 */
const offeredFor = perRoute((found: RoutedRequest, endpoint: EndpointName) => {
  const resolved = offering(found, endpoint);
  if (!resolved) return null;
  const answerers = answerersOf(resolved);
  return { resolved, answerers, answererList: [...answerers.values()] };
});
const calledNamesOf = perRoute((found: RoutedRequest, sent: string) => calledNames(sent, found));

/** What guardPrompt answers for a key without a policy (no floor either): the prompt as it came. */
const unguarded = <Body>(body: Body) => ({ body, summary: null, policy: null });

/** Where a door's prompt is: the field a context_length_exceeded refusal names. */
export const PROMPT_FIELD: Record<EndpointName, string> = {
  'chat.completions': 'messages',
  messages: 'messages',
  responses: 'input',
  embeddings: 'input',
  moderations: 'input',
  generateContent: 'contents',
};

/**
 * Every gateway endpoint: resolve the model to a route (in memory), refuse a prompt too long for all of it, hold the
 * worst case (or what fits of it, for a request without an output cap) against the key, member and team (from a
 * lease, or one statement), try the route's deployments by its policy, relay the answer, and queue the bill (written after the
 * reply, in batches; docs/gateway.md#billing).
 */
export async function serveGatewayCall(
  parts: PipelineParts,
  call: GatewayCall,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const watch = parts.probe.start(call, request);
  try {
    const answered = await serve(parts, call, request, reply, watch);
    watch.end();
    return answered;
  } catch (error) {
    watch.end(error);
    throw error;
  }
}

/**
 * The cache plan once the key is known: its owner's setting (keyCaching.ts) turns the cache on for a request that did
 * not ask, sets the scope and the TTL (over the route's), and a request's own headers still refresh, bypass or set
 * the TTL. A key without a setting keeps the plan its headers and its route made, with no second look. Answered
 * without a promise while the settings are in memory (every request but the first after a change).
 */
function withKeySetting(
  parts: Pick<PipelineParts, 'keyCaching' | 'cache'>,
  request: FastifyRequest,
  keyId: string,
  route: CacheSetting | null,
  asked: CachePlan,
): CachePlan | Promise<CachePlan> {
  const loaded = parts.keyCaching.peek();
  if (loaded) return planWithSettings(parts, request, loaded, keyId, route, asked);
  return parts.keyCaching.get().then((settings) => planWithSettings(parts, request, settings, keyId, route, asked));
}

function planWithSettings(
  parts: Pick<PipelineParts, 'cache'>,
  request: FastifyRequest,
  settings: ReadonlyMap<string, CacheSetting>,
  keyId: string,
  route: CacheSetting | null,
  asked: CachePlan,
): CachePlan {
  const setting = settings.get(keyId);
  if (!setting) return asked;
  const plan = planCache({ headers: request.headers, key: setting, route, bounds: parts.cache.config.ttl });
  return plan.ok ? plan.plan : asked;
}

/**
 * A request without an output cap gets the one its hold pays for, per deployment (each is priced its own way). Made
 * here rather than as a named arrow in serve(), which the TypeScript loader would name on every request (bill.ts).
 */
function outputCaps(
  plan: ReturnType<typeof planHold>,
  answerers: Map<string, Answerer>,
  heldCents: number,
): (deploymentId: string) => number | null {
  if (!plan.gatewayCaps) return noCap;
  return (deploymentId) => outputCapFor(plan, answerers.get(deploymentId) as Answerer, heldCents);
}
const noCap = () => null;

async function serve(
  parts: PipelineParts,
  call: GatewayCall,
  request: FastifyRequest,
  reply: FastifyReply,
  watch: RequestProbe,
) {
  const started = performance.now();
  const { catalog, credit, config } = parts;
  // Both answered without a promise while their tables are in memory: no turn of the microtask queue for them.
  const routed = catalog.route(call.body.model);
  const found = routed instanceof Promise ? await routed : routed;
  const offered = found && offeredFor(found, call.endpoint);
  if (!offered) {
    await catalog.authenticate(call.keyHash);
    if (!found) throw await catalog.unknownModel(call.body.model);
    const onlyEmbeddings = found.route.deployments.every((d) => embeddingsOnly(d.provider, d.model));
    throw onlyEmbeddings ? embeddingsModel(call.body.model, call.endpoint) : notOffered(call.body.model, call.endpoint);
  }
  // The prompt through the key's guardrails before anything is held: a block is never billed, and a redacted prompt is
  // what is measured, sent, cached and logged.
  const policy = parts.guardrails.peekKey(call.keyHash);
  const guarded = policy === null ? unguarded(call.body) : await guardPrompt(parts.guardrails, call, reply);
  if (guarded.body !== call.body) call = { ...call, body: guarded.body };
  watch.prompt(call.body);
  const measure = measureRequest(call.endpoint, call.body);
  const { resolved, answerers, answererList } = offered;
  const window = tooLongFor(answererList, measure);
  if (window !== null) {
    await catalog.authenticate(call.keyHash);
    throw contextTooLong(call.body.model, window, measure.promptFloor, PROMPT_FIELD[call.endpoint]);
  }
  // A cache header that cannot be read is refused before anything is held.
  const routeCache = resolved.route.cache;
  const cacheAsked = planCache({
    headers: request.headers,
    key: null,
    route: routeCache,
    bounds: parts.cache.config.ttl,
  });
  if (!cacheAsked.ok) {
    await catalog.authenticate(call.keyHash);
    throw badCacheHeader(cacheAsked.message);
  }
  const plan = planHold(answererList, measure, config.defaultMaxTokens);
  const admitted = watch.admission();
  const admission = await credit.admit(call.keyHash, {
    amountCents: plan.amountCents,
    leastCents: plan.leastCents,
    tokens: measure.promptUpperBound + (measure.completionCap ?? config.defaultMaxTokens),
    models: calledNamesOf(found, call.body.model),
  });
  admitted(admission.ok);
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
  const bill = watch.bill((written) =>
    credit.openBill({
      endpoint: call.endpoint,
      routeName: resolved.routeName,
      measure,
      admission,
      started,
      firstCandidate: resolved.candidates.get(resolved.route.deployments[0].id) as Candidate,
      log: request.log,
      written,
      callerRequestId: request.id,
      guardrails: guarded.summary,
    }),
  );
  const capOf = outputCaps(plan, answerers, admission.heldCents);
  // What trying the deployments uses, named (rather than all of `parts` copied into a new object per request).
  const attemptParts: AttemptParts = {
    upstreams: parts.upstreams,
    cooldowns: parts.cooldowns,
    timeoutMs: config.upstreamTimeoutMs,
    watch,
    guard: guarded.policy,
  };
  const setting = withKeySetting(parts, request, admission.owner.keyId, routeCache, cacheAsked.plan);
  const cached = setting instanceof Promise ? await setting : setting;
  if (cached.mode === 'off' || cached.mode === 'bypass') {
    if (cached.mode === 'bypass') reply.header(CACHE_STATUS_HEADER, 'bypass');
    try {
      return await tryDeployments(attemptParts, call, resolved, capOf, bill, request, reply, started);
    } finally {
      bill.final({ status: 'error' });
    }
  }
  // Looked up (or refreshed) under the door, the route, the body and the scope: never another team's answers.
  const { owner } = admission;
  const guard = guarded.policy ? { guard: policyFingerprint(guarded.policy) } : {};
  const scope: CacheScope =
    cached.scope === 'team'
      ? { kind: 'team', teamId: owner.teamId, ...guard }
      : { kind: 'key', teamId: owner.teamId, keyId: owner.keyId, ...guard };
  const route = { name: resolved.routeName ?? '', deploymentIds: resolved.route.deployments.map((d) => d.id) };
  const key = cacheKey({ endpoint: call.endpoint, route, body: call.body, scope });
  const looked = await parts.cache.find(key, cached.mode);
  const serveHit = async (answer: CachedAnswer) => {
    try {
      const percent = hitPercent(await catalog.pricing.get(), answer, measure.promptEstimate, Date.now());
      const price = hitPriceCents(answer.costCents, percent);
      return serveCachedAnswer(answer, price, bill, request, reply, resolved.routeName);
    } finally {
      bill.final({ status: 'error' });
    }
  };
  if ('hit' in looked) return serveHit(looked.hit);
  // The route's semantic cache, after an exact miss (a refresh wants a new answer, not a similar one).
  const { semantic } = resolved.route;
  const similar =
    semantic && call.embed && cached.mode === 'lookup'
      ? await lookSemantically(
          parts.cache,
          { setting: semantic, endpoint: call.endpoint, body: call.body, route, scope, embed: call.embed },
          request.log,
        )
      : null;
  if (similar && 'hit' in similar) {
    // Identical requests waiting on this one are served the same answer.
    looked.lead?.found(similar.hit);
    reply.header(CACHE_SIMILARITY_HEADER, similar.similarity.toFixed(4));
    return serveHit(similar.hit);
  }
  reply.header(CACHE_STATUS_HEADER, cached.mode === 'refresh' ? 'refresh' : 'miss');
  const keeper =
    looked.lead?.keeper({
      scope,
      endpoint: call.endpoint,
      ttlSeconds: cached.ttlSeconds,
      requestId: request.id,
    }) ?? null;
  // A kept answer is found by its prompt's meaning too, on a route with a semantic cache.
  const keep =
    keeper && similar
      ? {
          ...keeper,
          kept(answer: KeptAnswer) {
            keeper.kept(answer);
            similar.remember(key, cached.ttlSeconds);
          },
        }
      : keeper;
  try {
    return await tryDeployments(attemptParts, call, resolved, capOf, bill, request, reply, started, keep);
  } finally {
    looked.lead?.done();
    bill.final({ status: 'error' });
  }
}
