/**
 * Runs batches in the background (docs/batches.md#how-lines-run). An instance claims a batch for CLAIM_SECONDS and
 * renews the claim while it works; a batch whose claim lapsed (its instance died) is taken over by another, and one
 * claimed by this instance's previous run (the same INSTANCE_ID) at once.
 *
 * A line goes pending -> running -> done or failed. It is marked running before it is sent, and its result and its
 * bills are written in one transaction that first checks it is still running: so a line is sent at most once, and
 * billed exactly when its result is kept. A line found running by an instance that took the batch over was sent by
 * one that died before keeping its result: it fails as batch_line_interrupted, unbilled (the operator bears what the
 * provider may have charged), rather than being sent twice.
 *
 * When no line is left: the output and error files are written, the batch ends (completed, cancelled, expired or
 * failed) and what its lease still holds is given back, in one transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import { storableJson } from '../credit/storable';
import type { Db, Queryable } from '../db/types';
import { releaseLease } from '../credit/leases';
import { recordUsageBatch } from '../credit/writeBills';
import type { FileContentStore } from './fileStore';
import { saveFile } from './files';
import type { LineAnswer, LineDoors } from './lineDoor';
import { batchById } from './batchRows';
import type { BatchRow } from './wireObjects';
import type { BatchEndpoint } from './batchInput';
import { endpointOfPath } from './batchInput';
import { activeTiers } from '../credit/tiers';
import {
  cancelProviderBatch,
  lineBill,
  planViaProvider,
  providerBatchNow,
  providerResults,
  submitToProvider,
  type PendingLine,
  type ProviderBatch,
  type ViaProviderParts,
} from './viaProvider';

/** A claim lapses after this long without renewal; renewed every third of it. */
export const CLAIM_SECONDS = 60;
/** Lines sent at once, per batch. */
export const LINES_AT_ONCE = 8;
/** Batches run at once by one instance. */
const BATCHES_AT_ONCE = 4;
const POLL_MS = 2_000;

/** Why lines that were never answered ended, as the error file says. */
export const LINE_ENDINGS = {
  cancelled: { code: 'batch_cancelled', message: 'The batch was cancelled before this request was sent.' },
  expired: { code: 'batch_expired', message: 'The batch expired before this request was sent.' },
  interrupted: {
    code: 'batch_line_interrupted',
    message:
      'The gateway instance sending this request stopped before it kept the answer. It was not billed and is not sent again: send it in a new batch.',
  },
  keyStopped: {
    code: 'api_key_stopped',
    message: "The batch's API key was revoked, expired or disabled before this request was sent.",
  },
  providerFailed: {
    code: 'provider_batch_failed',
    message: "The provider's batch ended without an answer to this request. It was not billed.",
  },
} as const;
type Ending = keyof typeof LINE_ENDINGS;

export interface TakenLine {
  line: number;
  custom_id: string;
  body: Record<string, unknown>;
  hold_cents: number;
  request_id: number;
}

interface RunnerDeps {
  db: Db;
  log: FastifyBaseLogger;
  doors: Pick<LineDoors, 'answer'>;
  files: { store: FileContentStore; retentionDays: number };
  instanceId: string;
  /** What sends a batch whole to its provider's Batch API (viaProvider.ts); its polling interval (tests shorten it). */
  viaProvider: ViaProviderParts & { pollMs: number };
}

/** Fails the lines of a batch in `status` that were never answered, with why. */
/** The most answers one transaction keeps and bills. */
const KEEP_AT_ONCE = 500;

/** A line's answer, to keep (and bill) with the others of its round. */
interface Answered {
  line: number;
  answer: LineAnswer;
}

async function endLines(q: Queryable, batchId: string, status: 'pending' | 'running' | 'upstream', ending: Ending) {
  await q.query(
    `UPDATE gateway_batch_lines SET status = 'failed', error = $3::jsonb WHERE batch_id = $1 AND status = $2`,
    [batchId, status, JSON.stringify(LINE_ENDINGS[ending])],
  );
}

/**
 * Marks up to `count` of a batch's pending lines running and returns them. The lines are picked once, in a
 * MATERIALIZED CTE: written as `line IN (SELECT … LIMIT $2 FOR UPDATE SKIP LOCKED)`, PostgreSQL may run the sub-select
 * again for every row of a nested-loop semi join, and each run skips the rows the last one updated, so one call could
 * take every line of the batch (a busy-core CI run on PostgreSQL sent 30 lines at once; server/test/claimLimits.test.ts
 * forces that plan).
 */
export function takeLines(q: Queryable, batchId: string, count: number): Promise<TakenLine[]> {
  return q.query<TakenLine>(
    `WITH picked AS MATERIALIZED (
       SELECT line AS picked_line FROM gateway_batch_lines WHERE batch_id = $1 AND status = 'pending'
       ORDER BY line LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE gateway_batch_lines SET status = 'running' FROM picked
     WHERE batch_id = $1 AND line = picked_line
     RETURNING line, custom_id, body, hold_cents, request_id`,
    [batchId, count],
  );
}

/** A line as the output or error file has it (OpenAI's batch output line). */
function outputLine(row: {
  custom_id: string;
  request_id: number;
  status_code: number | null;
  response: { request_id: string; body: unknown } | null;
  error: unknown;
}) {
  return JSON.stringify({
    id: `batch_req_${row.request_id}`,
    custom_id: row.custom_id,
    response:
      row.status_code === null || row.response === null
        ? null
        : { status_code: row.status_code, request_id: row.response.request_id, body: row.response.body },
    error: row.error ?? null,
  });
}

export function createBatchRunner(deps: RunnerDeps) {
  const { db, log, instanceId } = deps;
  /** Batches this instance is running now, by id. */
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let polling: Promise<void> | null = null;

  const claimSql = `
    UPDATE gateway_batches SET claimed_by = $1, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
    WHERE id = (
      SELECT id FROM gateway_batches
      WHERE status IN ('in_progress', 'finalizing', 'cancelling')
        AND (claimed_until IS NULL OR claimed_until < now() OR claimed_by = $1) AND NOT (id = ANY($2::text[]))
      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`;

  /** Keeps this instance's claims; the batches whose claim it lost (another took them over) stop. */
  async function renew(batchId: string): Promise<string | null> {
    const [row] = await db.query<{ status: string }>(
      `UPDATE gateway_batches SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
       WHERE id = $1 AND claimed_by = $2 RETURNING status`,
      [batchId, instanceId],
    );
    return row?.status ?? null;
  }

  async function keyHashOf(batch: BatchRow): Promise<string | null> {
    const [key] = await db.query<{ key_hash: string }>(
      `SELECT k.key_hash FROM api_keys k JOIN users u ON u.id = k.user_id
       WHERE k.id = $1 AND k.is_active AND k.deleted_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
         AND u.disabled_at IS NULL`,
      [batch.api_key_id],
    );
    return key?.key_hash ?? null;
  }

  /**
   * Keeps answers and bills them, in one transaction however many (a round of lines, or a provider's results): each
   * line only if it is still this instance's to answer (or its provider's), and only its bills. One transaction a
   * round, not a line: the bills' statement is the costly part of a line on the database (docs/batches.md, "What a
   * line costs").
   */
  async function keep(batchId: string, answered: Answered[], from: 'running' | 'upstream' = 'running') {
    if (answered.length === 0) return;
    await db.tx(async (q) => {
      const kept = await q.query<{ line: number }>(
        `UPDATE gateway_batch_lines l
         SET status = a.status, status_code = a.status_code, response = a.response::jsonb
         FROM unnest($2::int[], $3::text[], $4::int[], $5::text[]) AS a(line, status, status_code, response)
         WHERE l.batch_id = $1 AND l.line = a.line AND l.status = $6 RETURNING l.line`,
        [
          batchId,
          answered.map(({ line }) => line),
          answered.map(({ answer }) => (answer.statusCode >= 200 && answer.statusCode < 300 ? 'done' : 'failed')),
          answered.map(({ answer }) => answer.statusCode),
          // A model's answer may hold what jsonb refuses (a NUL, half a surrogate pair): kept as U+FFFD (storable.ts),
          // where it failed the whole round's transaction, its answers and its bills.
          answered.map(({ answer }) =>
            JSON.stringify(storableJson({ request_id: answer.requestId, body: answer.body })),
          ),
          from,
        ],
      );
      const keptLines = new Set(kept.map((row) => Number(row.line)));
      await recordUsageBatch(
        q,
        answered.filter(({ line }) => keptLines.has(line)).flatMap(({ answer }) => answer.bills),
      );
    });
  }

  /** A line's answer, or null when the line was put back (the server is closing). */
  async function answerLine(
    batch: BatchRow,
    endpoint: BatchEndpoint,
    keyHash: string,
    line: TakenLine,
  ): Promise<Answered | null> {
    let answer: LineAnswer;
    try {
      answer = await deps.doors.answer({
        batchId: batch.id,
        keyHash,
        endpoint,
        body: line.body,
        admission: {
          ok: true,
          owner: { keyId: batch.api_key_id, teamId: batch.team_id, userId: batch.user_id },
          reservationId: null,
          heldCents: Number(line.hold_cents),
          lease: {
            leaseId: Number(batch.lease_id),
            requestId: Number(line.request_id),
            amountCents: Number(line.hold_cents),
            settle: () => undefined,
          },
        },
      });
    } catch (error) {
      // The server began to close before the line was sent: it is sent after the next start instead.
      if (stopping) return putBack(batch.id, line);
      log.error({ err: error, batchId: batch.id, line: line.line }, 'a batch line could not be answered');
      answer = {
        statusCode: 500,
        body: {
          error: {
            message: 'Something went wrong on our side',
            type: 'api_error',
            code: 'internal_error',
            param: null,
          },
        },
        requestId: '',
        bills: [],
      };
    }
    // Refused by the closing server's router (503, before any door admitted it: an admitted line has a bill).
    if (stopping && answer.statusCode === 503 && answer.bills.length === 0) return putBack(batch.id, line);
    return { line: line.line, answer };
  }

  async function putBack(batchId: string, line: TakenLine): Promise<null> {
    await db.query(
      `UPDATE gateway_batch_lines SET status = 'pending' WHERE batch_id = $1 AND line = $2 AND status = 'running'`,
      [batchId, line.line],
    );
    return null;
  }

  /** Sends the pending lines, LINES_AT_ONCE at a time, until none is left or the batch must stop; says why it stopped. */
  async function sendLines(
    batch: BatchRow,
  ): Promise<'done' | 'lost' | 'stopping' | Exclude<Ending, 'interrupted' | 'providerFailed'>> {
    const endpoint = endpointOfPath(batch.endpoint) as BatchEndpoint;
    for (;;) {
      if (stopping) return 'stopping';
      const status = await renew(batch.id);
      if (status === null) return 'lost';
      if (status === 'cancelling') return 'cancelled';
      if (Date.now() >= batch.expires_at.getTime()) return 'expired';
      const keyHash = await keyHashOf(batch);
      if (keyHash === null) return 'keyStopped';
      const lines = await takeLines(db, batch.id, LINES_AT_ONCE);
      if (lines.length === 0) return 'done';
      const answered = await Promise.all(lines.map((line) => answerLine(batch, endpoint, keyHash, line)));
      await keep(
        batch.id,
        answered.filter((one) => one !== null),
      );
    }
  }

  /** Writes the output and error files, ends the batch and gives back what its hold has left, once. */
  async function finish(batch: BatchRow, ending: 'completed' | 'cancelled' | 'expired' | 'failed', errors: unknown) {
    const rows = await db.query<Parameters<typeof outputLine>[0] & { status: string }>(
      `SELECT custom_id, request_id, status, status_code, response, error FROM gateway_batch_lines
       WHERE batch_id = $1 ORDER BY line`,
      [batch.id],
    );
    const owner = { teamId: batch.team_id, userId: batch.user_id };
    const write = async (kind: 'output' | 'error', lines: string[]) =>
      lines.length === 0
        ? null
        : saveFile(db, deps.files.store, {
            ...owner,
            purpose: 'batch_output',
            filename: `${batch.id}_${kind}.jsonl`,
            content: Buffer.from(`${lines.join('\n')}\n`),
            retentionDays: deps.files.retentionDays,
          });
    const output = await write(
      'output',
      rows.filter((r) => r.status === 'done').map((r) => outputLine(r)),
    );
    const failed = await write(
      'error',
      rows.filter((r) => r.status !== 'done').map((r) => outputLine(r)),
    );
    const ended = await db.tx(async (q) => {
      const [row] = await q.query<{ id: string }>(
        `UPDATE gateway_batches SET status = $2, output_file_id = $3, error_file_id = $4,
           errors = COALESCE($5::jsonb, errors), ${ending}_at = now(), claimed_by = NULL, claimed_until = NULL
         WHERE id = $1 AND status IN ('in_progress', 'finalizing', 'cancelling') RETURNING id`,
        [batch.id, ending, output?.id ?? null, failed?.id ?? null, errors === null ? null : JSON.stringify(errors)],
      );
      if (!row) return false;
      await releaseLease(q, Number(batch.lease_id));
      return true;
    });
    if (!ended) {
      // Another instance ended it meanwhile: the files written here are not its files.
      await db.query('DELETE FROM gateway_files WHERE id = ANY($1::text[])', [
        [output?.id, failed?.id].filter((id): id is string => Boolean(id)),
      ]);
    }
  }

  async function run(batchId: string) {
    let batch = await batchById(db, batchId);
    if (!batch) return;
    // Lines running when this instance took the batch were sent by a run that is gone (this one runs none of them).
    await endLines(db, batch.id, 'running', 'interrupted');
    const atProvider = batch.upstream ?? (batch.status === 'in_progress' ? await sendWhole(batch) : null);
    if (atProvider) return runAtProvider(batch, atProvider);
    const stopped = batch.status === 'cancelling' ? 'cancelled' : await sendLines(batch);
    if (stopped === 'lost') return;
    if (stopped === 'stopping') {
      // Shutting down: another instance may take it over at once (this one, restarted, would anyway).
      await db.query(
        'UPDATE gateway_batches SET claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND claimed_by = $2',
        [batchId, instanceId],
      );
      return;
    }
    batch = (await batchById(db, batchId)) as BatchRow;
    if (stopped === 'done') {
      await db.query(
        `UPDATE gateway_batches SET status = 'finalizing', finalizing_at = now() WHERE id = $1 AND status = 'in_progress'`,
        [batchId],
      );
      return finish(batch, 'completed', null);
    }
    await endLines(db, batchId, 'pending', stopped);
    if (stopped === 'keyStopped') {
      return finish(batch, 'failed', [{ ...LINE_ENDINGS.keyStopped, param: null, line: null }]);
    }
    return finish(batch, stopped, null);
  }

  /** Sends the batch whole to its provider when it is one to send so (viaProvider.ts); null: its lines run here. */
  async function sendWhole(batch: BatchRow): Promise<ProviderBatch | null> {
    const keyHash = await keyHashOf(batch);
    if (keyHash === null) return null;
    const lines = await db.query<PendingLine & { status: string }>(
      'SELECT line, body, hold_cents, status FROM gateway_batch_lines WHERE batch_id = $1 ORDER BY line',
      [batch.id],
    );
    if (lines.some((line) => line.status !== 'pending')) return null;
    const endpoint = endpointOfPath(batch.endpoint) as BatchEndpoint;
    const plan = await planViaProvider(deps.viaProvider, endpoint, keyHash, lines);
    if (!plan) return null;
    let state: ProviderBatch;
    try {
      state = await submitToProvider(deps.viaProvider, batch, plan);
    } catch (error) {
      log.warn(
        { err: error, batchId: batch.id },
        "the batch could not be sent to its provider's Batch API; its lines run here",
      );
      return null;
    }
    const kept = await db.tx(async (q) => {
      const [row] = await q.query<{ id: string }>(
        `UPDATE gateway_batches SET upstream = $2::jsonb WHERE id = $1 AND upstream IS NULL AND claimed_by = $3
         RETURNING id`,
        [batch.id, JSON.stringify(state), instanceId],
      );
      if (!row) return false;
      await q.query(`UPDATE gateway_batch_lines SET status = 'upstream' WHERE batch_id = $1 AND status = 'pending'`, [
        batch.id,
      ]);
      return true;
    });
    return kept ? state : null;
  }

  /**
   * Waits for the provider's batch (cancelling it there when the batch is cancelled here), then keeps and bills each
   * line's result from its files, fails the lines it has no result for, and ends the batch as the provider's ended.
   */
  async function runAtProvider(batch: BatchRow, sent: ProviderBatch) {
    const parts = deps.viaProvider;
    let state = sent;
    let remote: Awaited<ReturnType<typeof providerBatchNow>> | null;
    for (;;) {
      if (stopping) {
        await db.query(
          'UPDATE gateway_batches SET claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND claimed_by = $2',
          [batch.id, instanceId],
        );
        return;
      }
      const status = await renew(batch.id);
      if (status === null) return;
      try {
        if (status === 'cancelling' && !state.cancelSent) {
          await cancelProviderBatch(parts, state);
          state = { ...state, cancelSent: true };
          await db.query('UPDATE gateway_batches SET upstream = $2::jsonb WHERE id = $1', [
            batch.id,
            JSON.stringify(state),
          ]);
        }
        remote = await providerBatchNow(parts, state);
        if (remote === 'gone' || remote.status !== 'running') break;
      } catch (error) {
        log.warn({ err: error, batchId: batch.id }, 'asking the provider about a batch failed; asking again');
      }
      await sleep(parts.pollMs);
    }
    const endpoint = endpointOfPath(batch.endpoint) as BatchEndpoint;
    if (remote !== 'gone' && remote !== null) {
      const lines = new Map(
        (
          await db.query<TakenLine>(
            `SELECT line, custom_id, body, hold_cents, request_id FROM gateway_batch_lines
             WHERE batch_id = $1 AND status = 'upstream'`,
            [batch.id],
          )
        ).map((line) => [line.line, line]),
      );
      const bodies = new Map([...lines].map(([n, line]) => [n, line.body]));
      const results = await providerResults(parts, state, remote, endpoint, bodies);
      const tiers = activeTiers(
        await parts.catalog.pricing.get(),
        state.deployment.provider,
        state.deployment.model,
        Date.now(),
      );
      const answered: Answered[] = [];
      for (const result of results) {
        const line = lines.get(result.line);
        // A line the provider ended unanswered fails with the batch's ending below.
        if (!line || result.ended) continue;
        const bill = lineBill(batch, state, tiers, endpoint, line, result);
        answered.push({
          line: line.line,
          answer: { statusCode: result.statusCode, body: result.body, requestId: result.requestId, bills: [bill] },
        });
      }
      // In statements of at most KEEP_AT_ONCE lines: a provider's results can be a whole batch of tens of thousands.
      for (let at = 0; at < answered.length; at += KEEP_AT_ONCE) {
        await keep(batch.id, answered.slice(at, at + KEEP_AT_ONCE), 'upstream');
      }
    }
    const ended = remote === 'gone' || remote === null || remote.status === 'running' ? 'failed' : remote.status;
    await endLines(
      db,
      batch.id,
      'upstream',
      ended === 'cancelled' ? 'cancelled' : ended === 'expired' ? 'expired' : 'providerFailed',
    );
    const current = (await batchById(db, batch.id)) as BatchRow;
    if (ended === 'completed') {
      await db.query(
        `UPDATE gateway_batches SET status = 'finalizing', finalizing_at = now() WHERE id = $1 AND status = 'in_progress'`,
        [batch.id],
      );
      return finish(current, 'completed', null);
    }
    const errors =
      ended === 'failed'
        ? [
            {
              ...LINE_ENDINGS.providerFailed,
              param: null,
              line: null,
              ...(remote !== 'gone' && { detail: remote.errors }),
            },
          ]
        : null;
    return finish(current, ended, errors);
  }

  async function poll() {
    while (!stopping && running.size < BATCHES_AT_ONCE) {
      const [claimed] = await db.query<{ id: string }>(claimSql, [instanceId, [...running.keys()]]);
      if (!claimed) return;
      const work = run(claimed.id)
        .catch((error) => log.error({ err: error, batchId: claimed.id }, 'running a batch failed'))
        .finally(() => {
          running.delete(claimed.id);
          wake();
        });
      running.set(claimed.id, work);
    }
  }

  function wake() {
    if (stopping || polling) return;
    polling = poll()
      .catch((error) => log.error({ err: error }, 'looking for batches to run failed'))
      .finally(() => (polling = null));
  }

  const timers: NodeJS.Timeout[] = [];

  return {
    /** Looks for batches every POLL_MS from now on (once the server is ready), and keeps its claims alive. */
    start() {
      timers.push(
        setInterval(wake, POLL_MS),
        // Claims of batches that wait on a long line are kept alive too.
        setInterval(
          () => {
            for (const batchId of running.keys()) {
              renew(batchId).catch((error) => log.warn({ err: error, batchId }, 'renewing a batch claim failed'));
            }
          },
          (CLAIM_SECONDS * 1000) / 3,
        ),
      );
      for (const timer of timers) timer.unref();
      wake();
    },
    /** A batch was created or cancelled: look now rather than at the next poll. */
    wake,
    /** Resolves once no batch is being run here (tests). */
    async idle() {
      while (polling || running.size > 0) {
        await polling;
        await Promise.all(running.values());
      }
    },
    /** Sends no more lines; waits for those in flight to be kept. Their batches are taken over at the next start. */
    async close() {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      await polling;
      await Promise.all(running.values());
    },
  };
}

export type BatchRunner = ReturnType<typeof createBatchRunner>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
