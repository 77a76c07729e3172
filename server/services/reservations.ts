import type { LimitPeriod } from '../../contract/schemas/apiKeys';
import { alone } from '../db/perSchema';
import type { Db, Queryable } from '../db/types';

export interface KeyOwner {
  keyId: string;
  teamId: string;
  userId: string;
}

/**
 * A room a request draws on had less than the request's least hold: what it has left (never below 0), and what the
 * smallest of all the rooms has (what would fit), in cents.
 */
export interface Shortfall {
  leftCents: number;
  fitsCents: number;
}

/** Why a request was not admitted, with what the refusal's message names (migration 11, gateway_admit). */
export type Refusal =
  | { reason: 'invalid_key' | 'model_not_allowed' }
  | { reason: 'key_expired'; expiredAt: Date }
  | { reason: 'rpm_exceeded' | 'tpm_exceeded'; limit: number; retryAfterSeconds: number }
  | ({ reason: 'insufficient_credits' } & Shortfall)
  | ({ reason: 'key_budget_exceeded'; limitCents: number; resetsAt: Date | null; period: LimitPeriod } & Shortfall)
  | ({ reason: 'member_budget_exceeded'; limitCents: number; resetsAt: Date } & Shortfall)
  | ({ reason: 'budget_exceeded'; budgetCents: number } & Shortfall);

/**
 * A request admitted against this instance's credit lease (gateway/leaseBook.ts, no database round trip): the lease
 * and request id its bill names, its hold, and `settle`, which gives the book back the hold and takes the real cost
 * once the bill is queued.
 */
export interface LeaseHold {
  leaseId: number;
  requestId: number;
  amountCents: number;
  settle(costCents: number): void;
}

/**
 * Admitted by its own statement (reservationId) or against a lease, holding `heldCents` (never billed more); or
 * refused, and why.
 */
export type Admission =
  | { ok: true; owner: KeyOwner; reservationId: number | null; lease: LeaseHold | null; heldCents: number }
  | ({ ok: false } & Refusal);

/**
 * What one request asks of its key and team: a hold of `amountCents` (its worst case), or, when every room has less,
 * as much as they have down to `leastCents` (holds.ts); the tokens it may use; the names it called.
 */
export interface AdmissionRequest {
  amountCents: number;
  leastCents: number;
  tokens: number;
  /** The model name the client sent, and the provider/model it resolved to when it is not a route. */
  models: string[];
}

/** The refusal columns gateway_admit and gateway_lease share. */
export interface RefusalRow {
  refusal: string | null;
  limit_value: number | null;
  resets_at: Date | null;
  retry_after?: number | null;
  room_left: number | null;
  fits: number | null;
  limit_period: string | null;
}

export interface AdmitRow extends RefusalRow {
  key_id: string | null;
  team_id: string | null;
  user_id: string | null;
  reservation_id: number | null;
  held: number | null;
}

export function refusalOf(row: RefusalRow): Refusal {
  const limit = row.limit_value ?? 0;
  const shortfall = { leftCents: row.room_left ?? 0, fitsCents: row.fits ?? 0 };
  switch (row.refusal) {
    case 'key_expired':
      return { reason: 'key_expired', expiredAt: row.resets_at as Date };
    case 'rpm_exceeded':
    case 'tpm_exceeded':
      return { reason: row.refusal, limit, retryAfterSeconds: row.retry_after ?? 60 };
    case 'key_budget_exceeded':
      return {
        reason: 'key_budget_exceeded',
        limitCents: limit,
        resetsAt: row.resets_at,
        period: (row.limit_period ?? 'none') as LimitPeriod,
        ...shortfall,
      };
    case 'member_budget_exceeded':
      return { reason: 'member_budget_exceeded', limitCents: limit, resetsAt: row.resets_at as Date, ...shortfall };
    case 'budget_exceeded':
      return { reason: 'budget_exceeded', budgetCents: limit, ...shortfall };
    case 'insufficient_credits':
      return { reason: 'insufficient_credits', ...shortfall };
    case 'model_not_allowed':
      return { reason: row.refusal };
    default:
      return { reason: 'invalid_key' };
  }
}

/**
 * Admits a request in ONE statement, refusal included: gateway_admit (migration 11) locks the key, its member and its
 * team in that order, checks the key's expiry, allow-list and per-minute rates, and what every room has left (the
 * key's spending limit, the member's monthly cap, the team's credit and budget) against the locked rows, then holds
 * as much of the request's worst case as every room has, at least its least hold, on all three (and the tokens in the
 * key's minute) and records the hold, or changes nothing. Locking before checking is what makes it exact under
 * concurrency on PostgreSQL, where a conditional UPDATE re-checks only the row it updates.
 */
export async function reserveCredits(
  q: Queryable,
  keyHash: string,
  request: AdmissionRequest,
  hold: { ttlSeconds: number; instanceId: string },
): Promise<Admission> {
  const [row] = await q.query<AdmitRow>(
    'SELECT * FROM gateway_admit($1, $2, $3, $4, $5, $6, $7)',
    [
      keyHash,
      request.amountCents,
      request.leastCents,
      hold.ttlSeconds,
      hold.instanceId,
      request.models,
      request.tokens,
    ],
    { name: 'gateway_admit' },
  );
  if (row.reservation_id === null) return { ok: false, ...refusalOf(row) };
  const owner = { keyId: row.key_id as string, teamId: row.team_id as string, userId: row.user_id as string };
  return { ok: true, owner, reservationId: row.reservation_id, lease: null, heldCents: row.held as number };
}

/** A working key (or a rotated key's previous secret in its grace), for requests that reserve nothing. */
export interface KeyAccess {
  owner: KeyOwner;
  /** When the key expired; null while it works. */
  expiredAt: Date | null;
  /** Empty: every model and route. */
  allowedModels: string[];
}

export async function findKeyOwner(q: Queryable, keyHash: string): Promise<KeyAccess | null> {
  const [row] = await q.query<{
    id: string;
    team_id: string;
    user_id: string;
    expired_at: Date | null;
    allowed_models: string[];
  }>(
    `SELECT k.id, k.team_id, k.user_id, CASE WHEN k.expires_at <= now() THEN k.expires_at END AS expired_at,
            k.allowed_models
     FROM api_keys k JOIN team_members m ON m.team_id = k.team_id AND m.user_id = k.user_id
     WHERE (k.key_hash = $1 OR (k.previous_key_hash = $1 AND k.previous_key_expires_at > now()))
       AND k.is_active AND k.deleted_at IS NULL`,
    [keyHash],
    { name: 'gateway_key_owner' },
  );
  if (!row) return null;
  return {
    owner: { keyId: row.id, teamId: row.team_id, userId: row.user_id },
    expiredAt: row.expired_at,
    allowedModels: row.allowed_models,
  };
}

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
