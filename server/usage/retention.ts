import type { FastifyBaseLogger } from 'fastify';
import { purgeInBatches, schedulePurge, type PurgeOptions } from '../db/purge';
import type { Db } from '../db/types';

/**
 * Request log retention (docs/governance.md#request-log): events older than the configured days are deleted in small
 * batches (db/purge.ts). usage_daily is left alone: the reports keep every day.
 */

/** Deletes the events created before `cutoff`, oldest first (through usage_events_time); returns how many. */
export function deleteEventsBefore(db: Db, cutoff: Date, options: PurgeOptions = {}): Promise<number> {
  return purgeInBatches(
    db,
    'request-log-retention',
    async (q, batchSize) => {
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
    },
    options,
  );
}

/** Runs the deletion a minute after start, then hourly; `stop` ends the timer and any pass in progress. */
export function startRetention(db: Db, retentionDays: number, log: FastifyBaseLogger) {
  return schedulePurge(
    retentionDays,
    (cutoff, stopped) => deleteEventsBefore(db, cutoff, { stopped }),
    log,
    'request log',
  );
}
