/**
 * The fence a spending change passes before its reply is sent (migration 20; docs/deploy.md#credit-leases). A lower
 * cap or limit, a revoked key, a disabled user: each instance may hold credit leases taken under the old rule, and
 * admits from them in memory. The change therefore takes the next number, tells every instance, and waits until every
 * live one has written that it dropped its leases (`keys_seen`); an instance that does not answer stops trusting its
 * leases on its own within `trustMs` of its last up-to-date heartbeat (credit.ts), so the wait has that bound.
 */
import type { Queryable } from '../db/types';

/** The number of the latest change, 0 before the first. */
const LATEST = 'SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM gateway_key_changes';

export async function nextKeyChange(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>("SELECT nextval('gateway_key_changes') AS n");
  return row.n;
}

export async function latestKeyChange(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(LATEST);
  return row.n;
}

/** This instance dropped every lease taken before change `n`. */
export async function acknowledgeKeyChange(q: Queryable, instanceId: string, n: number): Promise<void> {
  await q.query('UPDATE gateway_instances SET keys_seen = GREATEST(keys_seen, $2) WHERE id = $1', [instanceId, n]);
}

/**
 * Live instances (seen within `windowMs`) that have not acknowledged change `n`. One seen longer ago than its trust
 * lasts cannot admit from a lease any more, whatever it heard.
 */
export async function laggingInstances(q: Queryable, n: number, windowMs: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM gateway_instances
     WHERE keys_seen < $1 AND seen_at > now() - make_interval(secs => $2::double precision / 1000)`,
    [n, windowMs],
  );
  return rows.map((row) => row.id);
}

/**
 * Waits until no live instance lags behind change `n`, looking again after 2, 4, 8 … 50 ms, or until `boundMs` has
 * passed (every lagging instance's trust in its leases has lapsed by then). Returns who still lagged, for the log.
 */
export async function waitForAcknowledgements(
  q: Queryable,
  n: number,
  boundMs: number,
  now: () => number = Date.now,
): Promise<string[]> {
  const until = now() + boundMs;
  let pause = 2;
  for (;;) {
    const lagging = await laggingInstances(q, n, boundMs);
    if (lagging.length === 0 || now() >= until) return lagging;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, until - now())));
    pause = Math.min(pause * 2, 50);
  }
}

/** The statement of the heartbeat's answer: is this instance up to date with every change (see leases.ts). */
export const LATEST_KEY_CHANGE_SQL = LATEST;
