import type { Queryable } from '../db/types';
import { refusalOf, type Admission, type AdmissionRequest, type RefusalRow } from './admission';

export interface AdmitRow extends RefusalRow {
  key_id: string | null;
  team_id: string | null;
  user_id: string | null;
  reservation_id: number | null;
  held: number | null;
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
