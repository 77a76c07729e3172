import type { FastifyBaseLogger } from 'fastify';
import { purgeInBatches, schedulePurge, type PurgeOptions } from '../db/purge';
import type { Db } from '../db/types';

/**
 * Audit log retention (AUDIT_LOG_RETENTION_DAYS, docs/audit.md): entries older than the configured days are deleted
 * in small batches (db/purge.ts). The table refuses every other delete: this job says so for its own transaction only
 * (SET LOCAL audit.retention), which ends with the batch.
 */
export function deleteAuditEntriesBefore(db: Db, cutoff: Date, options: PurgeOptions = {}): Promise<number> {
  return purgeInBatches(
    db,
    'audit-log-retention',
    async (q, batchSize) => {
      await q.query(`SELECT set_config('audit.retention', 'on', true)`);
      const [row] = await q.query<{ deleted: number }>(
        `WITH gone AS (
           DELETE FROM audit_log WHERE id IN (
             SELECT id FROM audit_log WHERE created_at < $1 ORDER BY created_at, id LIMIT $2)
           RETURNING 1)
         SELECT count(*) AS deleted FROM gone`,
        [cutoff, batchSize],
      );
      return row.deleted;
    },
    options,
  );
}

export function startAuditRetention(db: Db, retentionDays: number, log: FastifyBaseLogger) {
  return schedulePurge(
    retentionDays,
    (cutoff, stopped) => deleteAuditEntriesBefore(db, cutoff, { stopped }),
    log,
    'audit log',
  );
}
