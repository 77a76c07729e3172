/**
 * The providers' own batch APIs (docs/batches.md#the-providers-batch-api), each in its wire format: OpenAI's Files
 * and Batch APIs (which echo speaks too), and Anthropic's Message Batches. Each creates a batch from the lines'
 * requests (already in the provider's own format: the deployment's dialect wrote them), says how it is going in the
 * same few words, cancels it, and reads back each line's answer as the provider wrote it.
 */
import { isJsonObject } from '../formats/sse';
import type { MediaReply } from '../media/types';
import type { Upstream } from '../providers/upstream';

/** A line's request as the provider takes it: its path under the API (`/chat/completions`, `/messages`) and body. */
export interface ProviderLine {
  customId: string;
  path: string;
  payload: Record<string, unknown>;
}

/** How a provider's batch is going, in the gateway's words: `running`, or how it ended. */
export type ProviderBatchStatus = 'running' | 'completed' | 'cancelled' | 'expired' | 'failed';

export interface ProviderBatchNow {
  status: ProviderBatchStatus;
  /** Where its answers are: OpenAI's output and error files; Anthropic's results. */
  results: string[];
  errors: unknown;
}

/** A line's answer as its provider wrote it; null `answer` when the provider gave it none (cancelled, expired). */
export interface ProviderAnswer {
  customId: string;
  statusCode: number;
  answer: unknown;
  requestId: string;
  /** A line the provider ended without answering, and why: its batch was cancelled or expired. */
  ended?: 'cancelled' | 'expired';
}

export interface BatchApi {
  /** Creates the batch (named by the gateway's batch id where the API keeps metadata); its id, and its input file's. */
  create(
    client: Upstream,
    gatewayBatchId: string,
    lines: ProviderLine[],
    call: Call,
  ): Promise<{ batchId: string; fileId: string | null }>;
  /** A batch of this gateway batch the provider already has (a run that died before keeping its id made it), if any. */
  find(
    client: Upstream,
    gatewayBatchId: string,
    call: Call,
  ): Promise<{ batchId: string; fileId: string | null } | null>;
  now(client: Upstream, batchId: string, call: Call): Promise<ProviderBatchNow | 'gone'>;
  cancel(client: Upstream, batchId: string, call: Call): Promise<void>;
  answers(client: Upstream, now: ProviderBatchNow, call: Call): Promise<ProviderAnswer[]>;
}

/** What each call to the provider takes: a time limit, and the headers its API wants (anthropic-version). */
export interface Call {
  signal: () => AbortSignal;
  headers: Record<string, string>;
}

export class ProviderBatchError extends Error {}

function readJson(reply: MediaReply, what: string): Record<string, unknown> {
  if (reply.status >= 300) {
    throw new ProviderBatchError(`${what} answered ${reply.status}: ${reply.body.toString('utf8').slice(0, 300)}`);
  }
  const parsed: unknown = JSON.parse(reply.body.toString('utf8'));
  return isJsonObject(parsed) ? parsed : {};
}

const jsonLines = (reply: MediaReply, what: string) => {
  if (reply.status >= 300) throw new ProviderBatchError(`${what} answered ${reply.status}`);
  return reply.body
    .toString('utf8')
    .split('\n')
    .filter((text) => text.trim() !== '')
    .map((text) => JSON.parse(text) as Record<string, unknown>);
};

const ENDED_OPENAI: Record<string, ProviderBatchStatus> = {
  completed: 'completed',
  cancelled: 'cancelled',
  expired: 'expired',
  failed: 'failed',
};

/** OpenAI's Files and Batch APIs: a JSONL file uploaded, a batch made of it, its output and error files read back. */
export const openaiBatchApi: BatchApi = {
  async create(client, gatewayBatchId, lines, call) {
    const jsonl = lines
      .map(({ customId, path, payload }) =>
        JSON.stringify({ custom_id: customId, method: 'POST', url: `/v1${path}`, body: payload }),
      )
      .join('\n');
    const file = readJson(
      await client.sendMedia(
        '/files',
        {
          fields: { purpose: 'batch' },
          files: [
            {
              field: 'file',
              filename: `${gatewayBatchId}.jsonl`,
              contentType: 'application/jsonl',
              content: Buffer.from(jsonl),
            },
          ],
        },
        call.signal(),
        call.headers,
      ),
      'Uploading the batch’s file to the provider',
    );
    const created = readJson(
      await client.sendMedia(
        '/batches',
        {
          fields: {
            input_file_id: file.id,
            endpoint: `/v1${lines[0].path}`,
            completion_window: '24h',
            metadata: { gateway_batch_id: gatewayBatchId },
          },
          files: [],
        },
        call.signal(),
        call.headers,
      ),
      'Creating the provider’s batch',
    );
    return { batchId: String(created.id), fileId: String(file.id) };
  },
  async find(client, gatewayBatchId, call) {
    const listed = readJson(await client.get('/batches?limit=100', call.signal(), call.headers), 'Listing batches');
    const found = (Array.isArray(listed.data) ? listed.data : []).find(
      (candidate) =>
        isJsonObject(candidate) &&
        isJsonObject(candidate.metadata) &&
        candidate.metadata.gateway_batch_id === gatewayBatchId &&
        !['failed', 'cancelled', 'expired'].includes(String(candidate.status)),
    ) as Record<string, unknown> | undefined;
    return found ? { batchId: String(found.id), fileId: String(found.input_file_id) } : null;
  },
  async now(client, batchId, call) {
    const reply = await client.get(`/batches/${batchId}`, call.signal(), call.headers);
    if (reply.status === 404) return 'gone';
    const remote = readJson(reply, 'Reading the provider’s batch');
    return {
      status: ENDED_OPENAI[String(remote.status)] ?? 'running',
      results: [remote.output_file_id, remote.error_file_id].filter((id): id is string => typeof id === 'string'),
      errors: remote.errors ?? null,
    };
  },
  async cancel(client, batchId, call) {
    readJson(
      await client.sendMedia(`/batches/${batchId}/cancel`, { fields: {}, files: [] }, call.signal(), call.headers),
      'Cancelling',
    );
  },
  async answers(client, now, call) {
    const answers: ProviderAnswer[] = [];
    for (const id of now.results) {
      for (const row of jsonLines(
        await client.get(`/files/${id}/content`, call.signal(), call.headers),
        `Reading ${id}`,
      )) {
        const response = isJsonObject(row.response) ? row.response : null;
        const error = isJsonObject(row.error) ? row.error : null;
        answers.push(
          response
            ? {
                customId: String(row.custom_id),
                statusCode: Number(response.status_code ?? 500),
                answer: response.body ?? null,
                requestId: String(response.request_id ?? ''),
              }
            : {
                customId: String(row.custom_id),
                statusCode: 500,
                answer: {
                  error: {
                    message: String(error?.message ?? 'The provider failed this request'),
                    type: 'api_error',
                    code: error?.code ?? null,
                    param: null,
                  },
                },
                requestId: '',
              },
        );
      }
    }
    return answers;
  },
};

/** Anthropic's Message Batches: the requests sent inline, its results read back as JSONL. */
export const anthropicBatchApi: BatchApi = {
  async create(client, _gatewayBatchId, lines, call) {
    const created = readJson(
      await client.sendMedia(
        '/messages/batches',
        {
          fields: { requests: lines.map(({ customId, payload }) => ({ custom_id: customId, params: payload })) },
          files: [],
        },
        call.signal(),
        call.headers,
      ),
      'Creating the provider’s message batch',
    );
    return { batchId: String(created.id), fileId: null };
  },
  // Its batches keep no metadata to be found by: a run that died between creating one and keeping its id made one
  // this run does not know of (the provider bills it; the team is billed for the lines this run keeps, once).
  find: async () => null,
  async now(client, batchId, call) {
    const reply = await client.get(`/messages/batches/${batchId}`, call.signal(), call.headers);
    if (reply.status === 404) return 'gone';
    const remote = readJson(reply, 'Reading the provider’s message batch');
    if (remote.processing_status !== 'ended') return { status: 'running', results: [], errors: null };
    const counts = isJsonObject(remote.request_counts) ? remote.request_counts : {};
    const status: ProviderBatchStatus =
      Number(counts.canceled ?? 0) > 0 ? 'cancelled' : Number(counts.expired ?? 0) > 0 ? 'expired' : 'completed';
    return { status, results: [`/messages/batches/${batchId}/results`], errors: null };
  },
  async cancel(client, batchId, call) {
    readJson(
      await client.sendMedia(
        `/messages/batches/${batchId}/cancel`,
        { fields: {}, files: [] },
        call.signal(),
        call.headers,
      ),
      'Cancelling',
    );
  },
  async answers(client, now, call) {
    const answers: ProviderAnswer[] = [];
    for (const path of now.results) {
      for (const row of jsonLines(await client.get(path, call.signal(), call.headers), 'Reading the results')) {
        const result = isJsonObject(row.result) ? row.result : {};
        const customId = String(row.custom_id);
        if (result.type === 'succeeded') {
          answers.push({ customId, statusCode: 200, answer: result.message, requestId: '' });
        } else if (result.type === 'canceled' || result.type === 'expired') {
          answers.push({
            customId,
            statusCode: 0,
            answer: null,
            requestId: '',
            ended: result.type === 'canceled' ? 'cancelled' : 'expired',
          });
        } else {
          const envelope = isJsonObject(result.error) && isJsonObject(result.error.error) ? result.error.error : {};
          answers.push({
            customId,
            statusCode: envelope.type === 'invalid_request_error' ? 400 : 500,
            answer: {
              error: {
                message: String(envelope.message ?? 'The provider failed this request'),
                type: String(envelope.type ?? 'api_error'),
                code: null,
                param: null,
              },
            },
            requestId: '',
          });
        }
      }
    }
    return answers;
  },
};

export const BATCH_APIS = { openai: openaiBatchApi, anthropic: anthropicBatchApi } as const;
export type BatchApiName = keyof typeof BATCH_APIS;
