import type { Queryable } from './types';

/**
 * The tables of things sent out and tried again until they get through (mail_outbox, webhook_deliveries): a row is
 * 'pending' until a worker claims it ('sending', with a lock that lapses if that worker's instance dies), then done,
 * pending again with its next try, or failed. Claiming takes due rows with FOR UPDATE SKIP LOCKED, so instances share
 * the work and no row is sent by two of them at once.
 */
export type DeliveryTable = 'mail_outbox' | 'webhook_deliveries';

/** How long a claim holds a row: longer than any one try takes. */
const CLAIM_SECONDS = 120;

/**
 * Claims up to `limit` due rows (counting this try in `attempts`) and returns their `columns`. The rows are picked
 * once, in a MATERIALIZED CTE: as `id IN (SELECT … LIMIT $1 FOR UPDATE SKIP LOCKED)`, PostgreSQL may run the sub-select
 * again for every row of a nested-loop semi join, each run skipping the rows the last one updated, and claim far more
 * than `limit` (server/test/claimLimits.test.ts forces that plan).
 */
export function claimDue<T>(q: Queryable, table: DeliveryTable, columns: string, limit: number): Promise<T[]> {
  return q.query<T>(
    `WITH due AS MATERIALIZED (
       SELECT id AS due_id FROM ${table}
       WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now())
       ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE ${table} SET status = 'sending', attempts = attempts + 1,
            locked_until = now() + make_interval(secs => $2)
     FROM due WHERE id = due_id
     RETURNING ${columns}`,
    [limit, CLAIM_SECONDS],
  );
}

/** What became of a claimed row's try: `done` names its final status, `retryAt` or `failed` follow a failed try. */
export type TryOutcome = { done: string } | { retryAt: Date; error: string } | { failed: string };

/** Records the try's outcome on the row, with `extra` columns (the webhook's answer) set alongside. */
export async function settleTry(
  q: Queryable,
  table: DeliveryTable,
  id: string,
  outcome: TryOutcome,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const [status, nextAt, error, done] =
    'done' in outcome
      ? [outcome.done, null, null, true]
      : 'retryAt' in outcome
        ? ['pending', outcome.retryAt, outcome.error, false]
        : ['failed', null, outcome.failed, false];
  const fields = Object.keys(extra);
  const doneColumn = table === 'mail_outbox' ? 'sent_at' : 'completed_at';
  await q.query(
    `UPDATE ${table} SET status = $2, next_attempt_at = COALESCE($3, next_attempt_at), last_error = $4,
            locked_until = NULL, ${doneColumn} = CASE WHEN $5 THEN now() ELSE ${doneColumn} END
            ${fields.map((field, i) => `, ${field} = $${i + 6}`).join('')}
     WHERE id = $1`,
    [id, status, nextAt, error, done, ...fields.map((field) => extra[field])],
  );
}
