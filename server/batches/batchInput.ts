/**
 * A batch's input file (docs/batches.md#input), read as OpenAI's Batch API reads it: one JSON request per line,
 * `{ "custom_id", "method": "POST", "url", "body" }`, every line to the batch's endpoint, each custom_id once. Pure:
 * table-tested in server/test/batchInput.test.ts.
 */
import { GATEWAY_ENDPOINTS, type EndpointName } from '../../contract/endpoints';

/** The doors a batch may run, as OpenAI's Batch API names them by path. */
export const BATCH_ENDPOINTS = [
  'chat.completions',
  'responses',
  'embeddings',
  'moderations',
] as const satisfies readonly EndpointName[];
export type BatchEndpoint = (typeof BATCH_ENDPOINTS)[number];
export const BATCH_ENDPOINT_PATHS = BATCH_ENDPOINTS.map((name) => GATEWAY_ENDPOINTS[name].path);

export const endpointOfPath = (path: string): BatchEndpoint | null =>
  BATCH_ENDPOINTS.find((name) => GATEWAY_ENDPOINTS[name].path === path) ?? null;

/** OpenAI's own limit on a batch's requests. */
export const MAX_BATCH_LINES = 50_000;

export interface BatchLine {
  /** 1-based, as an editor shows it. */
  line: number;
  customId: string;
  body: Record<string, unknown> & { model: string };
}

/** A problem with the file, as the batch's `errors` list names it (OpenAI's `BatchError`). */
export interface InputProblem {
  code: string;
  message: string;
  param: string | null;
  line: number | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem found (at most a few: a whole file's are not useful), or the lines. */
export function readBatchInput(
  text: string,
  endpoint: BatchEndpoint,
): { ok: true; lines: BatchLine[] } | { ok: false; problems: InputProblem[] } {
  const path = GATEWAY_ENDPOINTS[endpoint].path;
  const lines: BatchLine[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  const problem = (line: number | null, code: string, message: string, param: string | null = null) =>
    problems.push({ code, message, param, line });
  const rows = text.split('\n');
  for (let index = 0; index < rows.length && problems.length < 10; index++) {
    const raw = rows[index].trim();
    if (raw === '') continue;
    const line = index + 1;
    let request: unknown;
    try {
      request = JSON.parse(raw);
    } catch {
      problem(line, 'invalid_json_line', `Line ${line} is not valid JSON.`);
      continue;
    }
    if (!isObject(request)) {
      problem(line, 'invalid_request', `Line ${line} must be a JSON object with custom_id, method, url and body.`);
      continue;
    }
    const { custom_id: customId, method, url, body } = request;
    if (typeof customId !== 'string' || customId === '' || customId.length > 512) {
      problem(
        line,
        'missing_required_parameter',
        `Line ${line} needs a custom_id: a string of 1 to 512 characters.`,
        'custom_id',
      );
    } else if (seen.has(customId)) {
      problem(
        line,
        'duplicate_custom_id',
        `Line ${line} repeats the custom_id "${customId}": each must be unique.`,
        'custom_id',
      );
    } else seen.add(customId);
    if (method !== 'POST') {
      problem(line, 'invalid_method', `Line ${line}: method must be "POST".`, 'method');
    }
    if (url !== path) {
      problem(
        line,
        'mismatched_endpoint',
        `Line ${line}: url must be the batch's endpoint, ${path} (got ${JSON.stringify(url ?? null)}).`,
        'url',
      );
    }
    if (!isObject(body) || typeof body.model !== 'string' || body.model === '') {
      problem(line, 'missing_required_parameter', `Line ${line}: body must be an object with a model.`, 'body.model');
      continue;
    }
    if (problems.length === 0) {
      // A line is answered whole, into the output file: a stream has nowhere to go.
      const { stream: _stream, stream_options: _options, ...answeredWhole } = body;
      lines.push({ line, customId: customId as string, body: answeredWhole as BatchLine['body'] });
    }
  }
  if (problems.length === 0 && lines.length === 0) problem(null, 'empty_file', 'The input file has no requests.');
  if (lines.length > MAX_BATCH_LINES) {
    problem(
      null,
      'too_many_requests',
      `A batch takes at most ${MAX_BATCH_LINES.toLocaleString('en-US')} requests; the file has ${lines.length.toLocaleString('en-US')}.`,
    );
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines };
}
