/**
 * The echo provider's own Files and Batch API (docs/batches.md#the-providers-batch-api), in OpenAI's wire format and
 * in memory: a file uploaded with purpose batch, a batch created from it answers every line at once through echo's
 * endpoints and completes with an output file. So the demo and the tests run a batch through a provider's batch API
 * with no network. A restart forgets them, as a real provider would not: the gateway then fails the batch's lines,
 * unbilled.
 */
import { randomUUID } from 'node:crypto';
import type { MediaPayload, MediaReply } from '../../media/types';
import type { UpstreamReply } from '../upstream';
import { openAiError, unixSeconds } from './replies/common';

interface EchoFile {
  id: string;
  filename: string;
  purpose: string;
  content: Buffer;
  created_at: number;
}
interface EchoBatch {
  id: string;
  input_file_id: string;
  endpoint: string;
  status: string;
  output_file_id: string | null;
  error_file_id: string | null;
  metadata: unknown;
  created_at: number;
  request_counts: { total: number; completed: number; failed: number };
}

const json = (body: unknown, status = 200): MediaReply => ({
  status,
  contentType: 'application/json',
  body: Buffer.from(JSON.stringify(body)),
});
const notFound = (what: string, id: string) =>
  json(openAiError(`No such ${what}: ${id}`, 'invalid_request_error', 'not_found'), 404);

async function readAll(reply: UpstreamReply): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of reply.body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** `answer` is echo's own endpoint by path (upstream.ts echoReply). */
export function echoBatchApi(answer: (path: string, payload: Record<string, unknown>) => Promise<UpstreamReply>) {
  const files = new Map<string, EchoFile>();
  const batches = new Map<string, EchoBatch>();
  const batchObject = (batch: EchoBatch) => ({ object: 'batch', completion_window: '24h', ...batch });

  function upload({ fields, files: parts }: MediaPayload): MediaReply {
    const file = parts.find((part) => part.field === 'file');
    if (!file) return json(openAiError('No file', 'invalid_request_error', null, 'file'), 400);
    const id = `file-echo${randomUUID().replaceAll('-', '')}`;
    const kept = {
      id,
      filename: file.filename,
      purpose: String(fields.purpose),
      content: file.content,
      created_at: unixSeconds(),
    };
    files.set(id, kept);
    return json({ object: 'file', bytes: file.content.length, status: 'processed', ...kept, content: undefined });
  }

  async function create(fields: Record<string, unknown>): Promise<MediaReply> {
    const input = files.get(String(fields.input_file_id));
    if (!input) return notFound('file', String(fields.input_file_id));
    const lines = input.content
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const out: string[] = [];
    for (const text of lines) {
      const line = JSON.parse(text) as { custom_id: string; url: string; body: Record<string, unknown> };
      const reply = await answer(line.url.replace(/^\/v1/, ''), line.body);
      const body = await readAll(reply);
      out.push(
        JSON.stringify({
          id: `batch_req_${randomUUID().replaceAll('-', '')}`,
          custom_id: line.custom_id,
          response: { status_code: reply.status, request_id: randomUUID(), body },
          error: null,
        }),
      );
    }
    const output = {
      id: `file-echo${randomUUID().replaceAll('-', '')}`,
      filename: 'output.jsonl',
      purpose: 'batch_output',
      content: Buffer.from(`${out.join('\n')}\n`),
      created_at: unixSeconds(),
    };
    files.set(output.id, output);
    const batch: EchoBatch = {
      id: `batch_echo${randomUUID().replaceAll('-', '')}`,
      input_file_id: input.id,
      endpoint: String(fields.endpoint),
      status: 'completed',
      output_file_id: output.id,
      error_file_id: null,
      metadata: fields.metadata ?? null,
      created_at: unixSeconds(),
      request_counts: { total: lines.length, completed: lines.length, failed: 0 },
    };
    batches.set(batch.id, batch);
    return json(batchObject(batch));
  }

  return {
    /** POST /files, /batches and /batches/{id}/cancel; null for any other path. */
    async post(path: string, payload: MediaPayload): Promise<MediaReply | null> {
      if (path === '/files') return upload(payload);
      if (path === '/batches') return create(payload.fields);
      const cancel = /^\/batches\/([\w-]+)\/cancel$/.exec(path);
      if (cancel) {
        const batch = batches.get(cancel[1]);
        if (!batch) return notFound('batch', cancel[1]);
        // Echo answers at once: a batch is done before a cancel can reach it, as OpenAI's may be.
        return json(batchObject(batch));
      }
      return null;
    },
    /** GET /batches, /batches/{id} and /files/{id}/content. */
    async get(path: string): Promise<MediaReply> {
      const [route] = path.split('?');
      if (route === '/batches')
        return json({ object: 'list', data: [...batches.values()].reverse().map(batchObject), has_more: false });
      const batch = /^\/batches\/([\w-]+)$/.exec(route);
      if (batch) {
        const found = batches.get(batch[1]);
        return found ? json(batchObject(found)) : notFound('batch', batch[1]);
      }
      const content = /^\/files\/([\w-]+)\/content$/.exec(route);
      if (content) {
        const found = files.get(content[1]);
        return found
          ? { status: 200, contentType: 'application/jsonl', body: found.content }
          : notFound('file', content[1]);
      }
      return json(
        openAiError(`The echo provider does not serve GET ${path}.`, 'invalid_request_error', 'unknown_url'),
        404,
      );
    },
  };
}
