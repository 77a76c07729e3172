import type { Queryable } from './types';

export interface TeamPageRequest {
  teamId: string;
  limit: number;
  offset: number;
}

/**
 * One page of a team's history and the count of all of it, for the `{ <list>: T[], total }` replies.
 * `selectPage` takes `$1` = team id, `$2` = limit, `$3` = offset; `table` is a constant table name with a `team_id`.
 */
export async function teamPage<Row>(
  q: Queryable,
  table: string,
  { teamId, limit, offset }: TeamPageRequest,
  selectPage: string,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await q.query<Row>(selectPage, [teamId, limit, offset]);
  const [{ total }] = await q.query<{ total: number }>(`SELECT count(*) AS total FROM ${table} WHERE team_id = $1`, [
    teamId,
  ]);
  return { rows, total };
}
