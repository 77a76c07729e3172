/**
 * A batch sent whole to its provider's own batch API (docs/batches.md#the-providers-batch-api), where the provider
 * bills the operator at its batch price too. Taken when every line calls one model whose route is one deployment of
 * a provider with a batch API (OpenAI's and Anthropic's; echo's in the demo), and the key has no guardrails (a guarded
 * line goes through the gateway's pipeline, which checks it). Each line is written in the provider's own format by the
 * deployment's dialect (translated where the door and the provider differ, as a request sent alone is), with the output
 * cap its hold pays for, so its bill stays within its share of the batch's hold; its answer is read back by the same
 * dialect, and kept and billed as a line answered by the gateway is (runner.ts).
 */
import { planHold, outputCapFor, type Answerer } from '../credit/holds';
import { billedCents, type TokenUsage } from '../lib/cost';
import { batchTiers, tierFor, type Tier } from '../credit/tiers';
import type { Catalog } from '../gateway/catalog';
import type { GatewayConfig } from '../gateway/settings';
import type { Upstreams } from '../gateway/upstreams';
import type { GuardrailPolicies } from '../guardrails/policyStore';
import type { Deployment } from '../gateway/routing/types';
import type { UsageEvent } from '../credit/writeBills';
import { offering } from '../gateway/pipeline';
import { measureRequest, withOutputCap } from '../gateway/measure';
import { modelLimits } from '../gateway/modelLimits';
import { PROVIDERS } from '../providers/registry';
import { isJsonObject } from '../formats/sse';
import type { Conversation } from '../formats/types';
import type { BatchEndpoint } from './batchInput';
import type { BatchRow } from './wireObjects';
import { BATCH_APIS, type Call, type ProviderBatchNow } from './providerBatchApis';
import { DEFAULT_ANTHROPIC_VERSION } from '../formats/anthropicEvents';

/** What the batch's row keeps of its provider's batch (gateway_batches.upstream, migration 30). */
export interface ProviderBatch {
  deployment: Deployment;
  routeName: string | null;
  /** The provider's batch id, and its input file's (OpenAI's; null for Anthropic's inline requests). */
  batchId: string;
  fileId: string | null;
  /** The cancel was sent on (once). */
  cancelSent?: boolean;
}

export interface ViaProviderParts {
  /** BATCHES_VIA_PROVIDER: off, every batch's lines run through the gateway. */
  enabled: boolean;
  catalog: Pick<Catalog, 'route' | 'routing' | 'pricing'>;
  upstreams: Pick<Upstreams, 'get'>;
  guardrails: Pick<GuardrailPolicies, 'forKey'>;
  config: Pick<GatewayConfig, 'defaultMaxTokens' | 'upstreamTimeoutMs'>;
}

export interface PendingLine {
  line: number;
  body: Record<string, unknown>;
  hold_cents: number | string;
}

const customId = (line: number) => `line-${line}`;
const OPTIONS = { created: 0 };

/** The conversation a line's request makes with the deployment: what its dialect sends, and how it reads the answer. */
function conversationOf(deployment: Deployment, endpoint: BatchEndpoint, body: Record<string, unknown>): Conversation {
  const provider = PROVIDERS[deployment.provider];
  return provider.dialectFor(endpoint).converse(endpoint, { ...body, stream: false }, deployment.model, {
    ...OPTIONS,
    chatOutputCap: provider.chatOutputCap,
  });
}

/**
 * The deployment to send the batch to and each line's request in its provider's format (with the output cap its hold
 * pays for); null when the batch is not one to send whole (several models, a route of several deployments, a provider
 * without a batch API, a key with guardrails, a line its dialect cannot write).
 */
export async function planViaProvider(
  parts: ViaProviderParts,
  endpoint: BatchEndpoint,
  keyHash: string,
  lines: PendingLine[],
) {
  const models = new Set(lines.map((line) => String(line.body.model)));
  if (!parts.enabled || lines.length === 0 || models.size !== 1) return null;
  const [model] = models;
  const found = await parts.catalog.route(model);
  const resolved = found && offering(found, endpoint);
  if (!resolved || resolved.route.deployments.length !== 1) return null;
  const [deployment] = resolved.route.deployments;
  const provider = PROVIDERS[deployment.provider];
  if (!provider.batchApi) return null;
  if (await parts.guardrails.forKey(keyHash)) return null;
  const { tiers } = resolved.candidates.get(deployment.id)!;
  const answerer: Answerer = {
    tiers: batchTiers(tiers),
    limits: modelLimits(deployment.provider, deployment.model, tiers),
  };
  try {
    const requests = lines.map(({ line, body, hold_cents }) => {
      const plan = planHold([answerer], measureRequest(endpoint, body), parts.config.defaultMaxTokens);
      const capped = plan.gatewayCaps
        ? withOutputCap(endpoint, provider.chatOutputCap, body, outputCapFor(plan, answerer, Number(hold_cents)))
        : body;
      const conversation = conversationOf(deployment, endpoint, capped);
      return {
        customId: customId(line),
        path: conversation.path,
        payload: conversation.payload,
        headers: conversation.headers,
      };
    });
    return { deployment, routeName: resolved.routeName, api: provider.batchApi, requests };
  } catch {
    // A line this deployment's format cannot express: the gateway's pipeline refuses it on its own.
    return null;
  }
}

export type ViaProviderPlan = NonNullable<Awaited<ReturnType<typeof planViaProvider>>>;

/** The provider's client for the batch's deployment (with the routing table's credentials now), and its API. */
async function reach(parts: ViaProviderParts, deployment: Deployment) {
  const api = BATCH_APIS[PROVIDERS[deployment.provider].batchApi!];
  const client = parts.upstreams.get(deployment, await parts.catalog.routing.get());
  // Anthropic's API wants its version on every call; the others' nothing more than the key.
  const headers: Record<string, string> =
    deployment.provider === 'anthropic' ? { 'anthropic-version': DEFAULT_ANTHROPIC_VERSION } : {};
  const call: Call = {
    signal: () => AbortSignal.timeout(Math.max(parts.config.upstreamTimeoutMs, 60_000)),
    headers,
  };
  return { api, client, call };
}

/** Creates the provider's batch, or takes the one a run that died before keeping its id created. */
export async function submitToProvider(
  parts: ViaProviderParts,
  batch: Pick<BatchRow, 'id'>,
  plan: ViaProviderPlan,
): Promise<ProviderBatch> {
  const { api, client, call } = await reach(parts, plan.deployment);
  const made = (await api.find(client, batch.id, call)) ?? (await api.create(client, batch.id, plan.requests, call));
  return { deployment: plan.deployment, routeName: plan.routeName, ...made };
}

export async function providerBatchNow(parts: ViaProviderParts, state: ProviderBatch) {
  const { api, client, call } = await reach(parts, state.deployment);
  return api.now(client, state.batchId, call);
}

export async function cancelProviderBatch(parts: ViaProviderParts, state: ProviderBatch) {
  const { api, client, call } = await reach(parts, state.deployment);
  await api.cancel(client, state.batchId, call);
}

export interface ProviderLineResult {
  line: number;
  /** 0: the provider ended the line without an answer (`ended` says why). */
  statusCode: number;
  /** The answer in the door's format (translated back where the provider's differs), or an error envelope. */
  body: unknown;
  usage: TokenUsage | null;
  requestId: string;
  ended?: 'cancelled' | 'expired';
}

/** Each line's answer, read back by the deployment's dialect from what the provider wrote. */
export async function providerResults(
  parts: ViaProviderParts,
  state: ProviderBatch,
  now: ProviderBatchNow,
  endpoint: BatchEndpoint,
  bodies: Map<number, Record<string, unknown>>,
): Promise<ProviderLineResult[]> {
  const { api, client, call } = await reach(parts, state.deployment);
  const results: ProviderLineResult[] = [];
  for (const answer of await api.answers(client, now, call)) {
    const line = Number(/^line-(\d+)$/.exec(answer.customId)?.[1]);
    const body = bodies.get(line);
    if (!body) continue;
    const base = { line, requestId: answer.requestId };
    if (answer.ended) {
      results.push({ ...base, statusCode: 0, body: null, usage: null, ended: answer.ended });
    } else if (answer.statusCode >= 200 && answer.statusCode < 300) {
      const read = conversationOf(state.deployment, endpoint, body).readJson(
        Buffer.from(JSON.stringify(answer.answer)),
      );
      const text = typeof read.body === 'string' ? read.body : read.body.toString('utf8');
      results.push({ ...base, statusCode: answer.statusCode, body: JSON.parse(text), usage: read.usage });
    } else {
      results.push({ ...base, statusCode: answer.statusCode, body: answer.answer, usage: null });
    }
  }
  return results;
}

/**
 * A line's bill from its result: the usage its provider reported, at the batch price, never above the line's hold;
 * an error costs nothing.
 */
export function lineBill(
  batch: Pick<BatchRow, 'id' | 'team_id' | 'user_id' | 'api_key_id' | 'lease_id'>,
  state: ProviderBatch,
  tiers: Tier[],
  endpoint: BatchEndpoint,
  line: { hold_cents: number | string; request_id: number | string },
  result: ProviderLineResult,
): UsageEvent {
  const answered = result.statusCode >= 200 && result.statusCode < 300;
  const usage = answered ? result.usage : null;
  const tokens = usage ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 };
  const cost = usage ? billedCents(usage, tierFor(batchTiers(tiers), usage.promptTokens)) : 0;
  const error = isJsonObject(result.body) && isJsonObject(result.body.error) ? result.body.error : null;
  return {
    teamId: batch.team_id,
    userId: batch.user_id,
    apiKeyId: batch.api_key_id,
    model: state.deployment.model,
    provider: state.deployment.provider,
    ...tokens,
    costCents: Math.min(cost, Number(line.hold_cents)),
    latencyMs: 0,
    status: answered ? 'success' : 'error',
    createdAt: new Date(),
    leaseId: Number(batch.lease_id),
    requestId: Number(line.request_id),
    endpoint,
    routeName: state.routeName,
    deploymentId: state.deployment.id.startsWith('direct:') ? null : state.deployment.id,
    errorCode: answered ? null : String(error?.code ?? `provider_${result.statusCode}`),
    errorMessage: answered ? null : String(error?.message ?? 'The provider failed this request'),
    callerRequestId: `batch_req_${line.request_id}`,
    batchId: batch.id,
  };
}
