import type { Queryable } from '../db/types';
import { MONTH_START_SQL } from '../lib/time';

export interface KeyOwner {
  keyId: string;
  teamId: string;
  userId: string;
}

export type Admission =
  | { ok: true; owner: KeyOwner; reservationId: number }
  | { ok: false; reason: 'invalid_key' | 'insufficient_credits' | 'budget_exceeded'; budgetCents?: number };

/**
 * A key works while it is active, not revoked, and its creator still belongs to the key's team (a member who leaves
 * takes their keys' access with them). `k` joined to `m` on these conditions is an active key. No cache: revoking a
 * key takes effect on the next request.
 */
const ACTIVE_KEY = `api_keys k JOIN team_members m ON m.team_id = k.team_id AND m.user_id = k.user_id
  AND k.is_active AND k.deleted_at IS NULL`;

/** Month-to-date spend of team `t`, from the daily roll-up. */
const MONTH_SPEND_SQL = `(SELECT COALESCE(sum(d.cost_cents), 0) FROM usage_daily d
  WHERE d.team_id = t.id AND d.day >= ${MONTH_START_SQL})`;

/**
 * Admits a request in one statement: finds the key, and holds `amountCents` against its team if the team's available
 * credit (balance - credits held by requests in flight) is above zero and, with a budget, month-to-date spend plus
 * held credits is under it. The conditional UPDATE is the whole race protection: PGlite runs one statement at a time,
 * and PostgreSQL re-checks the condition on the current row once it holds the row lock. Only a refusal costs a
 * second query (for its reason).
 */
export async function reserveCredits(
  q: Queryable,
  keyHash: string,
  amountCents: number,
  hold: { ttlSeconds: number; instanceId: string },
): Promise<Admission> {
  const [row] = await q.query<{ key_id: string; team_id: string; user_id: string; reservation_id: number | null }>(
    `WITH key AS (SELECT k.id, k.team_id, k.user_id FROM ${ACTIVE_KEY} WHERE k.key_hash = $1),
     held AS (
       UPDATE teams t SET reserved_cents = t.reserved_cents + $2
       FROM key WHERE t.id = key.team_id AND t.credit_balance_cents - t.reserved_cents > 0
         AND (t.budget_limit_cents = 0 OR t.reserved_cents + ${MONTH_SPEND_SQL} < t.budget_limit_cents)
       RETURNING t.id
     ),
     reservation AS (
       INSERT INTO gateway_reservations (team_id, amount_cents, expires_at, instance_id)
       SELECT id, $2, now() + make_interval(secs => $3), $4 FROM held RETURNING id
     )
     SELECT key.id AS key_id, key.team_id, key.user_id, (SELECT id FROM reservation) AS reservation_id FROM key`,
    [keyHash, amountCents, hold.ttlSeconds, hold.instanceId],
    { name: 'gateway_reserve' },
  );
  if (!row) return { ok: false, reason: 'invalid_key' };
  const owner = { keyId: row.key_id, teamId: row.team_id, userId: row.user_id };
  if (row.reservation_id !== null) return { ok: true, owner, reservationId: row.reservation_id };
  const [team] = await q.query<{ available: number; budget_limit_cents: number }>(
    'SELECT credit_balance_cents - reserved_cents AS available, budget_limit_cents FROM teams WHERE id = $1',
    [owner.teamId],
  );
  if (team.available <= 0 || team.budget_limit_cents === 0) return { ok: false, reason: 'insufficient_credits' };
  return { ok: false, reason: 'budget_exceeded', budgetCents: team.budget_limit_cents };
}

export async function findKeyOwner(q: Queryable, keyHash: string): Promise<KeyOwner | null> {
  const [row] = await q.query<{ id: string; team_id: string; user_id: string }>(
    `SELECT k.id, k.team_id, k.user_id FROM ${ACTIVE_KEY} WHERE k.key_hash = $1`,
    [keyHash],
    { name: 'gateway_key_owner' },
  );
  return row ? { keyId: row.id, teamId: row.team_id, userId: row.user_id } : null;
}

/** Gives back the holds the `gone` CTE deletes, in the same statement; returns how many. */
async function releaseHolds(q: Queryable, gone: string, params: unknown[]): Promise<number> {
  const rows = await q.query<{ released: number }>(
    `WITH gone AS (${gone} RETURNING team_id, amount_cents),
     per_team AS (SELECT team_id, sum(amount_cents) AS amount, count(*) AS n FROM gone GROUP BY team_id),
     updated AS (UPDATE teams t SET reserved_cents = t.reserved_cents - p.amount FROM per_team p WHERE t.id = p.team_id)
     SELECT COALESCE(sum(n), 0) AS released FROM per_team`,
    params,
  );
  return rows[0]?.released ?? 0;
}

/**
 * Gives back the holds of requests whose instance died before settling them and never came back. Settling deletes
 * its reservation row first, so a hold is released exactly once, by the settlement or by this sweep.
 */
export const releaseExpiredReservations = (q: Queryable) =>
  releaseHolds(q, 'DELETE FROM gateway_reservations WHERE expires_at < now()', []);

/**
 * At start, before admitting anything: the holds still recorded for this instance belong to its previous run, whose
 * requests can no longer settle (their bills, if answered, were replayed from the journal just before).
 */
export const releasePreviousRunReservations = (q: Queryable, instanceId: string) =>
  releaseHolds(q, 'DELETE FROM gateway_reservations WHERE instance_id = $1', [instanceId]);
