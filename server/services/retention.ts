import type { FastifyBaseLogger } from 'fastify';
import { alone } from '../db/perSchema';
import type { Db } from '../db/types';

/**
 * Request log retention (docs/governance.md#request-log): events older than the configured days are deleted in small
 * batches with a pause between them, so the delete never holds many row locks or a long transaction against the
 * gateway's inserts. usage_daily is left alone: the reports keep every day.
 */

const BATCH = 5_000;
const PAUSE_MS = 50;
const EVERY_MS = 60 * 60_000;
/** The first pass waits a little, so a server starting under load serves first. */
const FIRST_RUN_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes the events created before `cutoff`, `batchSize` per statement (oldest first, through usage_events_time),
 * until none is left, `stopped()` says to end or another instance is deleting; returns how many it deleted.
 *
 * Every instance runs this job. Each batch is its own short transaction holding the job's advisory lock (`alone`):
 * a lock held for the whole pass would need one long transaction, the very thing the batches avoid, or a
 * session-level lock on a connection kept out of the pool. An instance that finds the lock taken ends its pass, as
 * the other one is deleting what is left; one that takes it in another's pause shares the work batch by batch. Without
 * the lock the deletes would still be exact (a row is deleted once), but two passes would wait on each other's row
 * locks and could deadlock.
 */
export async function deleteEventsBefore(
  db: Db,
  cutoff: Date,
  options: { batchSize?: number; pauseMs?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const { batchSize = BATCH, pauseMs = PAUSE_MS, stopped = () => false } = options;
  let total = 0;
  while (!stopped()) {
    const deleted = await alone(db, 'request-log-retention', async (q) => {
      const [row] = await q.query<{ deleted: number }>(
        `WITH gone AS (
           DELETE FROM usage_events WHERE id IN (
             SELECT id FROM usage_events WHERE created_at < $1 ORDER BY created_at LIMIT $2)
           RETURNING 1)
         SELECT count(*) AS deleted FROM gone`,
        [cutoff, batchSize],
        { name: 'retention_delete_batch' },
      );
      return row.deleted;
    });
    if (deleted === null) break;
    total += deleted;
    if (deleted < batchSize) break;
    await sleep(pauseMs);
  }
  return total;
}

/** Runs the deletion a minute after start, then hourly; `stop` ends the timer and any pass in progress. */
export function startRetention(db: Db, retentionDays: number, log: FastifyBaseLogger) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const pass = () => {
    if (busy) return;
    busy = true;
    const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
    running = deleteEventsBefore(db, cutoff, { stopped: () => stopped })
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted, retentionDays }, 'request log: deleted events past retention');
      })
      .catch((error) => log.error({ err: error }, 'request log retention failed'))
      .finally(() => (busy = false));
  };
  const first = setTimeout(pass, FIRST_RUN_MS);
  const timer = setInterval(pass, EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
