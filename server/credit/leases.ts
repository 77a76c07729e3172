/**
 * Credit leases in the database (migration 10; docs/deploy.md#credit-leases): taking a slice of a key's credit for
 * one instance, giving back what it did not use, keeping an instance's leases alive, and releasing those of an
 * instance that is gone. The in-memory side is credit/leaseBook.ts.
 */
import type { Queryable } from '../db/types';
import { type KeyOwner, type Refusal, type RefusalRow, refusalOf } from './admission';
import { LATEST_KEY_CHANGE_SQL } from './fence';
import { releaseHolds } from './release';

export interface LeaseGrant {
  owner: KeyOwner;
  leaseId: number;
  grantedCents: number;
  /** The first of 1,000 request ids this grant hands out. */
  requestBlock: number;
  /** The lease serves the key until then (its expiry, or a rotated-out secret's end of grace); null: no end. */
  validUntil: Date | null;
  allowedModels: string[];
}

/** A key with a per-minute limit gets no lease: each of its requests is admitted by its own statement. */
export type LeaseAnswer =
  | ({ ok: true } & LeaseGrant)
  | { ok: false; rateLimited: true; owner: KeyOwner }
  | ({ ok: false; rateLimited: false } & Refusal);

interface LeaseRow extends RefusalRow {
  key_id: string | null;
  team_id: string | null;
  user_id: string | null;
  lease_id: number | null;
  granted: number | null;
  request_block: number | null;
  valid_until: Date | null;
  allowed_models: string[] | null;
  rate_limited: boolean | null;
}

/**
 * What an instance asks for (migration 11, gateway_lease): as much as `wantCents`, at least `needCents` (what the
 * asking request lacks for its whole hold) when the rooms have it, and refused below `leastCents` (what it lacks for
 * its least hold; 0 or less when the lease only needs request ids).
 */
export interface LeaseAsk {
  instanceId: string;
  wantCents: number;
  needCents: number;
  leastCents: number;
  ttlSeconds: number;
}

export const REQUEST_BLOCK_SIZE = 1_000;

export async function acquireLease(q: Queryable, keyHash: string, ask: LeaseAsk): Promise<LeaseAnswer> {
  const [row] = await q.query<LeaseRow>(
    'SELECT * FROM gateway_lease($1, $2, $3, $4, $5, $6)',
    [keyHash, ask.instanceId, ask.wantCents, ask.needCents, ask.leastCents, ask.ttlSeconds],
    { name: 'gateway_lease' },
  );
  const owner = { keyId: row.key_id as string, teamId: row.team_id as string, userId: row.user_id as string };
  if (row.rate_limited) return { ok: false, rateLimited: true, owner };
  if (row.lease_id === null) return { ok: false, rateLimited: false, ...refusalOf(row) };
  return {
    ok: true,
    owner,
    leaseId: row.lease_id,
    grantedCents: row.granted as number,
    requestBlock: row.request_block as number,
    validUntil: row.valid_until,
    allowedModels: row.allowed_models ?? [],
  };
}

/** Locks the keys of the leases `where` selects first, in id order, as admission and settlement lock them. */
const lockedKeys = (where: string) =>
  `locked AS (SELECT id FROM api_keys WHERE id IN (SELECT key_id FROM gateway_leases WHERE ${where})
              ORDER BY id FOR NO KEY UPDATE)`;

/** Gives back the unused part of leases this instance holds (amounts are what its book has not admitted). */
export async function returnLeases(q: Queryable, returns: { leaseId: number; amountCents: number }[]) {
  if (returns.length === 0) return;
  await releaseHolds(
    q,
    `${lockedKeys('id = ANY($1::bigint[])')},
     gone AS (
       UPDATE gateway_leases l SET amount_cents = l.amount_cents - r.amount
       -- Summed per lease: an UPDATE applies one joined row per target, and two entries of the book (one retired
       -- with requests in flight, one taken after) can share a lease row.
       FROM (SELECT id, sum(amount)::bigint AS amount FROM unnest($1::bigint[], $2::bigint[]) AS u(id, amount)
             GROUP BY id) AS r
       WHERE l.id = r.id AND (SELECT count(*) FROM locked) >= 0
       RETURNING l.team_id, l.key_id, l.user_id, r.amount AS amount_cents
     )`,
    [returns.map((r) => r.leaseId), returns.map((r) => r.amountCents)],
  );
}

/** Releases everything the leases `where` selects still hold (possibly a negative amount: see migration 10). */
function releaseLeasesWhere(q: Queryable, where: string, params: unknown[]) {
  return releaseHolds(
    q,
    `${lockedKeys(where)},
     old AS (
       SELECT id, amount_cents FROM gateway_leases WHERE ${where} AND amount_cents <> 0
         AND (SELECT count(*) FROM locked) >= 0
       FOR UPDATE
     ),
     gone AS (
       UPDATE gateway_leases l SET amount_cents = 0 FROM old WHERE l.id = old.id
       RETURNING l.team_id, l.key_id, l.user_id, old.amount_cents
     )`,
    params,
  );
}

/** One lease, whole: a batch's hold once its last line is billed (server/batches/runner.ts). */
export const releaseLease = (q: Queryable, leaseId: number) => releaseLeasesWhere(q, 'id = $1', [leaseId]);

/** At shutdown, once every bill is written, and at start for a previous run: all of this instance's leases. */
export const releaseInstanceLeases = (q: Queryable, instanceId: string) =>
  releaseLeasesWhere(q, 'instance_id = $1', [instanceId]);

/**
 * Says this instance is alive and keeps its leases from expiring. `unknown`: the instance was not known, at its first
 * beat or after a live instance took it for dead and released its holds (it must then forget every lease it had,
 * since they no longer hold anything); a new row starts up to date, as it holds no lease. `upToDate`: it has
 * acknowledged every spending change (fence.ts), so it may go on trusting its leases.
 */
export async function heartbeat(
  q: Queryable,
  instanceId: string,
  leaseTtlSeconds: number,
): Promise<{ unknown: boolean; upToDate: boolean }> {
  const [row] = await q.query<{ unknown: boolean; up_to_date: boolean }>(
    `WITH latest AS (${LATEST_KEY_CHANGE_SQL}),
     beat AS (
       INSERT INTO gateway_instances (id, seen_at, keys_seen) VALUES ($1, now(), (SELECT n FROM latest))
       ON CONFLICT (id) DO UPDATE SET seen_at = now()
       RETURNING (xmax = 0) AS unknown, keys_seen
     ),
     kept AS (
       UPDATE gateway_leases SET expires_at = now() + make_interval(secs => $2)
       WHERE instance_id = $1 AND amount_cents <> 0
     )
     SELECT unknown, keys_seen >= (SELECT n FROM latest) AS up_to_date FROM beat`,
    [instanceId, leaseTtlSeconds],
    { name: 'gateway_heartbeat' },
  );
  return { unknown: row.unknown, upToDate: row.up_to_date };
}

/** At a clean shutdown, once its leases are given back: the instance is gone, and no change waits for it. */
export async function forgetInstance(q: Queryable, instanceId: string): Promise<void> {
  await q.query('DELETE FROM gateway_instances WHERE id = $1', [instanceId]);
}

/**
 * Gives back the holds and leases of instances silent for `silentSeconds` (and forgets them), and any lease past its
 * expiry. Safe on every instance at once: each release locks the rows it changes and finds them released after.
 */
export async function releaseSilentInstances(q: Queryable, silentSeconds: number): Promise<number> {
  const silent = `instance_id IN (SELECT id FROM gateway_instances WHERE seen_at < now() - make_interval(secs => ${silentSeconds}))`;
  const holds = await releaseHolds(
    q,
    `gone AS (DELETE FROM gateway_reservations WHERE ${silent} RETURNING team_id, key_id, user_id, amount_cents)`,
    [],
  );
  const leases = await releaseLeasesWhere(q, `(${silent} OR expires_at < now())`, []);
  await q.query(`DELETE FROM gateway_instances WHERE seen_at < now() - make_interval(secs => ${silentSeconds})`);
  return holds + leases;
}
