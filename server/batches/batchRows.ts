/** The batches' rows (migration 28): what the API reads and the runner moves along. */
import type { Queryable } from '../db/types';
import type { FileOwner } from './files';
import type { BatchRow } from './wireObjects';

/** A batch with its lines counted: answered with a 2xx, and ended otherwise. */
export const BATCH_SELECT = `
  SELECT b.*,
         (SELECT count(*) FROM gateway_batch_lines l WHERE l.batch_id = b.id AND l.status = 'done')::int AS completed,
         (SELECT count(*) FROM gateway_batch_lines l WHERE l.batch_id = b.id AND l.status = 'failed')::int AS failed
  FROM gateway_batches b`;

export async function findBatch(q: Queryable, owner: FileOwner, id: string): Promise<BatchRow | null> {
  const [row] = await q.query<BatchRow>(`${BATCH_SELECT} WHERE b.id = $1 AND b.team_id = $2 AND b.user_id = $3`, [
    id,
    owner.teamId,
    owner.userId,
  ]);
  return row ?? null;
}

export async function batchById(q: Queryable, id: string): Promise<BatchRow | null> {
  const [row] = await q.query<BatchRow>(`${BATCH_SELECT} WHERE b.id = $1`, [id]);
  return row ?? null;
}

/** A member's batches, newest first, after the batch `after`. */
export async function listBatches(
  q: Queryable,
  owner: FileOwner,
  query: { limit: number; after?: string },
): Promise<{ rows: BatchRow[]; hasMore: boolean }> {
  const params: unknown[] = [owner.teamId, owner.userId, query.limit + 1];
  let after = '';
  if (query.after) {
    params.push(query.after);
    after = `AND (b.created_at, b.id) < (SELECT created_at, id FROM gateway_batches WHERE id = $4 AND team_id = $1 AND user_id = $2)`;
  }
  const rows = await q.query<BatchRow>(
    `${BATCH_SELECT} WHERE b.team_id = $1 AND b.user_id = $2 ${after} ORDER BY b.created_at DESC, b.id DESC LIMIT $3`,
    params,
  );
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/** Asks a running batch to stop: its runner fails the lines not yet sent and gives back what is left of its hold. */
export async function requestCancel(q: Queryable, owner: FileOwner, id: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `UPDATE gateway_batches SET status = 'cancelling', cancelling_at = now()
     WHERE id = $1 AND team_id = $2 AND user_id = $3 AND status IN ('validating', 'in_progress')
     RETURNING id`,
    [id, owner.teamId, owner.userId],
  );
  return rows.length > 0;
}
