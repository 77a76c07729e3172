import type { FastifyBaseLogger } from 'fastify';
import { alone } from './perSchema';
import type { Db, Queryable } from './types';

/**
 * Retention (the request log's, the audit log's): rows past their days are deleted in small batches with a pause
 * between them, so a deletion never holds many row locks or a long transaction against the writes of the day.
 */

const BATCH = 5_000;
const PAUSE_MS = 50;
const EVERY_MS = 60 * 60_000;
/** The first pass waits a little, so a server starting under load serves first. */
const FIRST_RUN_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PurgeOptions {
  batchSize?: number;
  pauseMs?: number;
  stopped?: () => boolean;
}

/**
 * Runs `deleteBatch` (which deletes at most `batchSize` rows and says how many) until it deletes fewer, `stopped()`
 * says to end or another instance is deleting; returns how many it deleted.
 *
 * Every instance runs each job. Each batch is its own short transaction holding the job's advisory lock (`alone`):
 * a lock held for the whole pass would need one long transaction, the very thing the batches avoid, or a
 * session-level lock on a connection kept out of the pool. An instance that finds the lock taken ends its pass, as
 * the other one is deleting what is left; one that takes it in another's pause shares the work batch by batch. Without
 * the lock the deletes would still be exact (a row is deleted once), but two passes would wait on each other's row
 * locks and could deadlock.
 */
export async function purgeInBatches(
  db: Db,
  job: string,
  deleteBatch: (q: Queryable, batchSize: number) => Promise<number>,
  options: PurgeOptions = {},
): Promise<number> {
  const { batchSize = BATCH, pauseMs = PAUSE_MS, stopped = () => false } = options;
  let total = 0;
  while (!stopped()) {
    const deleted = await alone(db, job, (q) => deleteBatch(q, batchSize));
    if (deleted === null) break;
    total += deleted;
    if (deleted < batchSize) break;
    await sleep(pauseMs);
  }
  return total;
}

/**
 * Runs `pass` (given the cutoff and whether to stop) a minute after start, then hourly; `stop` ends the timer and any
 * pass in progress. `what` names the rows in the log lines.
 */
export function schedulePurge(
  retentionDays: number,
  pass: (cutoff: Date, stopped: () => boolean) => Promise<number>,
  log: FastifyBaseLogger,
  what: string,
) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
    running = pass(cutoff, () => stopped)
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted, retentionDays }, `${what}: deleted rows past retention`);
      })
      .catch((error) => log.error({ err: error }, `${what} retention failed`))
      .finally(() => (busy = false));
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const timer = setInterval(run, EVERY_MS);
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
