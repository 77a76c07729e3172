/**
 * A batch sent whole to its provider's own Batch API (docs/batches.md#the-providers-batch-api), where the provider
 * bills the operator at its batch price too. Taken when every line calls one model whose route is one deployment of
 * a provider with a Batch API (OpenAI's, and echo's in the demo), and the key has no guardrails (a guarded line goes
 * through the gateway's pipeline, which checks it). Each line keeps the output cap its hold pays for, so its bill stays
 * within its share of the batch's hold; its result is kept and billed as a line answered by the gateway is (runner.ts).
 */
import { planHold, outputCapFor, type Answerer } from '../credit/holds';
import { billedCents, type TokenUsage } from '../lib/cost';
import { batchTiers, tierFor } from '../credit/tiers';
import type { Catalog } from '../gateway/catalog';
import type { GatewayConfig } from '../config';
import type { Upstreams } from '../gateway/upstreams';
import type { GuardrailPolicies } from '../guardrails/policyStore';
import type { Deployment } from '../gateway/routing/types';
import type { UsageEvent } from '../credit/writeBills';
import { offering } from '../gateway/pipeline';
import { measureRequest, withOutputCap } from '../gateway/measure';
import { modelLimits } from '../gateway/modelLimits';
import { PROVIDERS } from '../providers/registry';
import { isJsonObject } from '../formats/sse';
import type { MediaReply } from '../media/types';
import type { BatchEndpoint } from './batchInput';
import type { BatchRow } from './wireObjects';

/** What the batch's row keeps of its provider's batch (gateway_batches.upstream, migration 30). */
export interface ProviderBatch {
  deployment: Deployment;
  routeName: string | null;
  /** The provider's input file and batch ids. */
  fileId: string;
  batchId: string;
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

/** A provider's batch ends in one of these (OpenAI's statuses). */
export const PROVIDER_BATCH_ENDED = new Set(['completed', 'failed', 'expired', 'cancelled']);

const customId = (line: number) => `line-${line}`;

/**
 * The deployment to send the batch to and each line's body for it (the deployment's model, the output cap its hold
 * pays for); null when the batch is not one to send whole (several models, a route of several deployments, a provider
 * without a Batch API, a key with guardrails).
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
  const bodies = lines.map(({ line, body, hold_cents }) => {
    const plan = planHold([answerer], measureRequest(endpoint, body), parts.config.defaultMaxTokens);
    const capped = plan.gatewayCaps
      ? withOutputCap(endpoint, provider.chatOutputCap, body, outputCapFor(plan, answerer, Number(hold_cents)))
      : body;
    return { line, body: { ...capped, model: deployment.model } };
  });
  return { deployment, routeName: resolved.routeName, tiers, bodies };
}

export type ViaProviderPlan = NonNullable<Awaited<ReturnType<typeof planViaProvider>>>;

const readJson = (reply: MediaReply): Record<string, unknown> => {
  const parsed: unknown = JSON.parse(reply.body.toString('utf8'));
  return isJsonObject(parsed) ? parsed : {};
};

class ProviderBatchError extends Error {}

function ok(reply: MediaReply, what: string): Record<string, unknown> {
  if (reply.status >= 300) {
    throw new ProviderBatchError(`${what} answered ${reply.status}: ${reply.body.toString('utf8').slice(0, 300)}`);
  }
  return readJson(reply);
}

/** The provider's client for the batch's deployment, with the credentials of the routing table now. */
async function clientOf(parts: ViaProviderParts, deployment: Deployment) {
  return parts.upstreams.get(deployment, await parts.catalog.routing.get());
}

const signal = (parts: ViaProviderParts) => AbortSignal.timeout(Math.max(parts.config.upstreamTimeoutMs, 60_000));

/**
 * Uploads the lines and creates the provider's batch, named by the gateway's batch id in its metadata; a batch the
 * provider already has under that id (created by a run that died before keeping its id) is taken instead of a second.
 */
export async function submitToProvider(
  parts: ViaProviderParts,
  batch: Pick<BatchRow, 'id' | 'endpoint'>,
  plan: ViaProviderPlan,
): Promise<ProviderBatch> {
  const client = await clientOf(parts, plan.deployment);
  const listed = ok(await client.get('/batches?limit=100', signal(parts)), 'Listing the provider’s batches');
  const earlier = (Array.isArray(listed.data) ? listed.data : []).find(
    (candidate) =>
      isJsonObject(candidate) &&
      isJsonObject(candidate.metadata) &&
      candidate.metadata.gateway_batch_id === batch.id &&
      !['failed', 'cancelled', 'expired'].includes(String(candidate.status)),
  ) as Record<string, unknown> | undefined;
  if (earlier) {
    return {
      deployment: plan.deployment,
      routeName: plan.routeName,
      fileId: String(earlier.input_file_id),
      batchId: String(earlier.id),
    };
  }
  const jsonl = plan.bodies
    .map(({ line, body }) => JSON.stringify({ custom_id: customId(line), method: 'POST', url: batch.endpoint, body }))
    .join('\n');
  const file = ok(
    await client.sendMedia(
      '/files',
      {
        fields: { purpose: 'batch' },
        files: [
          {
            field: 'file',
            filename: `${batch.id}.jsonl`,
            contentType: 'application/jsonl',
            content: Buffer.from(jsonl),
          },
        ],
      },
      signal(parts),
    ),
    'Uploading the batch’s file to the provider',
  );
  const created = ok(
    await client.sendMedia(
      '/batches',
      {
        fields: {
          input_file_id: file.id,
          endpoint: batch.endpoint,
          completion_window: '24h',
          metadata: { gateway_batch_id: batch.id },
        },
        files: [],
      },
      signal(parts),
    ),
    'Creating the provider’s batch',
  );
  return {
    deployment: plan.deployment,
    routeName: plan.routeName,
    fileId: String(file.id),
    batchId: String(created.id),
  };
}

/** The provider's batch now: its status and files, or `gone` when the provider no longer knows it. */
export async function providerBatchState(
  parts: ViaProviderParts,
  state: ProviderBatch,
): Promise<{ status: string; outputFileId: string | null; errorFileId: string | null; errors: unknown } | 'gone'> {
  const reply = await (await clientOf(parts, state.deployment)).get(`/batches/${state.batchId}`, signal(parts));
  if (reply.status === 404) return 'gone';
  const remote = ok(reply, 'Reading the provider’s batch');
  return {
    status: String(remote.status),
    outputFileId: typeof remote.output_file_id === 'string' ? remote.output_file_id : null,
    errorFileId: typeof remote.error_file_id === 'string' ? remote.error_file_id : null,
    errors: remote.errors ?? null,
  };
}

export async function cancelProviderBatch(parts: ViaProviderParts, state: ProviderBatch) {
  const client = await clientOf(parts, state.deployment);
  ok(
    await client.sendMedia(`/batches/${state.batchId}/cancel`, { fields: {}, files: [] }, signal(parts)),
    'Cancelling',
  );
}

export interface ProviderLineResult {
  line: number;
  statusCode: number;
  body: unknown;
  requestId: string;
}

/** The provider's output and error files, read back as each line's result. */
export async function providerResults(
  parts: ViaProviderParts,
  state: ProviderBatch,
  fileIds: (string | null)[],
): Promise<ProviderLineResult[]> {
  const client = await clientOf(parts, state.deployment);
  const results: ProviderLineResult[] = [];
  for (const id of fileIds) {
    if (id === null) continue;
    const reply = await client.get(`/files/${id}/content`, signal(parts));
    if (reply.status >= 300) throw new ProviderBatchError(`Reading the provider’s file ${id} answered ${reply.status}`);
    for (const text of reply.body.toString('utf8').split('\n')) {
      if (text.trim() === '') continue;
      const row = JSON.parse(text) as {
        custom_id?: string;
        response?: { status_code?: number; request_id?: string; body?: unknown } | null;
        error?: { code?: string; message?: string } | null;
      };
      const line = /^line-(\d+)$/.exec(String(row.custom_id));
      if (!line) continue;
      results.push(
        row.response
          ? {
              line: Number(line[1]),
              statusCode: row.response.status_code ?? 500,
              body: row.response.body ?? null,
              requestId: row.response.request_id ?? '',
            }
          : {
              line: Number(line[1]),
              statusCode: 500,
              body: {
                error: {
                  message: row.error?.message ?? 'The provider failed this request',
                  type: 'api_error',
                  code: row.error?.code ?? null,
                  param: null,
                },
              },
              requestId: '',
            },
      );
    }
  }
  return results;
}

/**
 * A line's bill from its result: the usage its provider reported (read by the deployment's own dialect, as an answer
 * sent alone is), at the batch price, never above the line's hold; an error costs nothing.
 */
export function lineBill(
  batch: Pick<BatchRow, 'id' | 'team_id' | 'user_id' | 'api_key_id' | 'lease_id'>,
  state: ProviderBatch,
  tiers: Parameters<typeof batchTiers>[0],
  endpoint: BatchEndpoint,
  line: { body: Record<string, unknown>; hold_cents: number | string; request_id: number | string },
  result: ProviderLineResult,
): UsageEvent {
  const answered = result.statusCode >= 200 && result.statusCode < 300;
  let usage: TokenUsage | null = null;
  if (answered) {
    const conversation = PROVIDERS[state.deployment.provider]
      .dialectFor(endpoint)
      .converse(endpoint, { ...line.body, stream: false }, state.deployment.model, { created: 0 });
    usage = conversation.readJson(Buffer.from(JSON.stringify(result.body))).usage;
  }
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
