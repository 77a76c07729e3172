import { alone } from '../db/perSchema';
import type { Db, Queryable } from '../db/types';

/**
 * Gives back the holds that `gone` (a data-modifying CTE, or several ending in one named gone, returning team_id,
 * key_id, user_id and amount_cents) takes away, in the same statement, on the key, the member and the team (locked in
 * that order, as admission locks them: each UPDATE waits for the one before); returns how many holds.
 */
export async function releaseHolds(q: Queryable, gone: string, params: unknown[]): Promise<number> {
  const rows = await q.query<{ released: number }>(
    `WITH ${gone},
     per_key AS (
       UPDATE api_keys k SET reserved_cents = k.reserved_cents - g.amount
       FROM (SELECT key_id, sum(amount_cents) AS amount FROM gone WHERE key_id IS NOT NULL GROUP BY 1) g
       WHERE k.id = g.key_id RETURNING k.id
     ),
     per_member AS (
       UPDATE team_members m SET reserved_cents = m.reserved_cents - g.amount
       FROM (SELECT team_id, user_id, sum(amount_cents) AS amount FROM gone WHERE user_id IS NOT NULL GROUP BY 1, 2) g
       WHERE m.team_id = g.team_id AND m.user_id = g.user_id AND (SELECT count(*) FROM per_key) >= 0
       RETURNING m.user_id
     ),
     per_team AS (SELECT team_id, sum(amount_cents) AS amount, count(*) AS n FROM gone GROUP BY team_id),
     updated AS (
       UPDATE teams t SET reserved_cents = t.reserved_cents - p.amount FROM per_team p
       WHERE t.id = p.team_id AND (SELECT count(*) FROM per_member) >= 0
     )
     SELECT COALESCE(sum(n), 0) AS released FROM per_team`,
    params,
  );
  return rows[0]?.released ?? 0;
}

const HOLDS = 'RETURNING team_id, key_id, user_id, amount_cents';

/**
 * Gives back the holds of requests whose instance died before settling them and never came back; returns how many.
 * The holds of a live instance stay however old they are: its request may still be streaming after 15 minutes, and
 * its bill will need them (given back earlier, another request could take the room the bill then uses). A hold goes with its row, deleted by one statement only (a concurrent DELETE of the row waits for that one to
 * commit and then skips it), so it is released exactly once, by the settlement, the restart or this sweep, whichever
 * runs. Every instance runs the sweep each minute: `alone` lets one sweep at a time do it and the others return 0 at
 * once, rather than queue on the same rows' locks and, when they delete different rows (holds that expired in
 * between), update keys, members and teams in no common order, which can deadlock.
 */
export const releaseExpiredReservations = async (db: Db) =>
  (await alone(db, 'reservation-sweep', (q) =>
    releaseHolds(
      q,
      `gone AS (DELETE FROM gateway_reservations
                WHERE expires_at < now() AND (instance_id IS NULL OR instance_id NOT IN (SELECT id FROM gateway_instances))
                ${HOLDS})`,
      [],
    ),
  )) ?? 0;

/**
 * At start, before admitting anything: the holds still recorded for this instance belong to its previous run, whose
 * requests can no longer settle (their bills, if answered, were replayed from the journal just before).
 */
export const releasePreviousRunReservations = (q: Queryable, instanceId: string) =>
  releaseHolds(q, `gone AS (DELETE FROM gateway_reservations WHERE instance_id = $1 ${HOLDS})`, [instanceId]);
