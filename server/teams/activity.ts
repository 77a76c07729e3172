import type { Queryable } from '../db/types';
import { iso } from '../lib/time';

export async function recordActivity(
  q: Queryable,
  teamId: string,
  userId: string | null,
  type: string,
  message: string,
): Promise<void> {
  await q.query('INSERT INTO activity_events (team_id, user_id, type, message) VALUES ($1, $2, $3, $4)', [
    teamId,
    userId,
    type,
    message,
  ]);
}

export async function listActivity(q: Queryable, teamId: string, limit: number) {
  const rows = await q.query<{ id: string; type: string; message: string; created_at: Date }>(
    'SELECT id, type, message, created_at FROM activity_events WHERE team_id = $1 ORDER BY created_at DESC, id LIMIT $2',
    [teamId, limit],
  );
  return rows.map((row) => ({ id: row.id, type: row.type, message: row.message, timestamp: iso(row.created_at) }));
}
