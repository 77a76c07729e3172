/**
 * Creating a batch (docs/batches.md): its input file read and checked, every line planned at the batch price, the
 * whole worst case held, and the batch and its lines stored, in one transaction; or a 4xx that says which line or
 * which room, and nothing held.
 */
import type { Db } from '../db/types';
import { storableJson, storableText } from '../credit/storable';
import { GatewayError } from '../formats/gatewayError';
import type { KeyOwner } from '../credit/admission';
import { BATCH_ENDPOINT_PATHS, endpointOfPath, readBatchInput, type InputProblem } from './batchInput';
import { holdBatch, planLines, type PlanParts } from './batchHold';
import type { FileContentStore } from './fileStore';
import { newId, readFile } from './files';
import { batchById } from './batchRows';
import type { BatchRow } from './wireObjects';

/** The one window OpenAI's Batch API offers, and so ours. */
export const COMPLETION_WINDOWS = { '24h': 24 * 3_600_000 } as const;

export interface NewBatch {
  input_file_id: string;
  endpoint: string;
  completion_window: string;
  metadata?: Record<string, string> | null;
}

const invalid = (message: string, param: string | null, code = 'invalid_request_error') =>
  new GatewayError(400, 'invalid_request_error', code, message, param);

/** The first problems of the file as one message (a file may have many: the first few are what helps). */
const problemsError = (problems: InputProblem[]) =>
  invalid(
    `The input file cannot run as a batch: ${problems
      .slice(0, 3)
      .map((p) => p.message)
      .join(' ')}${problems.length > 3 ? ` (and ${problems.length - 3} more problems)` : ''}`,
    'input_file_id',
    problems[0].code,
  );

export async function createBatch(
  parts: PlanParts & { db: Db; store: FileContentStore },
  caller: { keyHash: string; owner: KeyOwner; allowedModels: string[] },
  request: NewBatch,
): Promise<BatchRow> {
  const endpoint = endpointOfPath(request.endpoint);
  if (!endpoint) {
    throw invalid(
      `endpoint must be one of ${BATCH_ENDPOINT_PATHS.join(', ')} (got "${request.endpoint}").`,
      'endpoint',
    );
  }
  const window = COMPLETION_WINDOWS[request.completion_window as keyof typeof COMPLETION_WINDOWS];
  if (!window) {
    throw invalid(`completion_window must be "24h" (got "${request.completion_window}").`, 'completion_window');
  }
  const { owner } = caller;
  const input = await readFile(parts.db, parts.store, owner, request.input_file_id);
  if (!input) {
    throw new GatewayError(
      404,
      'invalid_request_error',
      'not_found',
      `No such File object: ${request.input_file_id}`,
      'input_file_id',
    );
  }
  if (input.file.purpose !== 'batch') {
    throw invalid(`The input file's purpose must be "batch" (it is "${input.file.purpose}").`, 'input_file_id');
  }
  const read = readBatchInput(input.content.toString('utf8'), endpoint);
  if (!read.ok) throw problemsError(read.problems);
  const planned = await planLines(parts, endpoint, read.lines, caller.allowedModels);
  if (!planned.ok) throw problemsError(planned.problems);
  const amountCents = planned.holds.reduce((sum, hold) => sum + hold, 0);
  const id = newId('batch_');
  const until = new Date(Date.now() + window);
  await parts.db.tx(async (q) => {
    const held = await holdBatch(q, caller.keyHash, {
      id,
      lines: read.lines.length,
      amountCents,
      // The lease outlives the window by a day: the runner ends the batch (and gives the lease back) at its expiry.
      until: new Date(until.getTime() + 86_400_000),
    });
    if (!held.ok) throw held.error;
    await q.query(
      `INSERT INTO gateway_batches (id, team_id, user_id, api_key_id, endpoint, input_file_id, completion_window,
         status, metadata, lease_id, held_cents, total_lines, in_progress_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'in_progress', $8::jsonb, $9, $10, $11, now(), $12)`,
      [
        id,
        held.owner.teamId,
        held.owner.userId,
        held.owner.keyId,
        request.endpoint,
        request.input_file_id,
        request.completion_window,
        request.metadata ? JSON.stringify(storableJson(request.metadata)) : null,
        held.leaseId,
        amountCents,
        read.lines.length,
        until,
      ],
    );
    await q.query(
      `INSERT INTO gateway_batch_lines (batch_id, line, custom_id, body, hold_cents)
       SELECT $1, line, custom_id, body::jsonb, hold FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[])
         AS l(line, custom_id, body, hold)`,
      [
        id,
        read.lines.map((line) => line.line),
        read.lines.map((line) => storableText(line.customId)),
        // What jsonb cannot hold (a NUL, half a surrogate pair) is stored, and sent, as U+FFFD (credit/storable.ts).
        read.lines.map((line) => JSON.stringify(storableJson(line.body))),
        planned.holds,
      ],
    );
  });
  return (await batchById(parts.db, id)) as BatchRow;
}
