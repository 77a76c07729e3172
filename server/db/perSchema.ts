import type { Db, Queryable } from './types';

/**
 * NOTIFY channels and advisory locks belong to the whole database, tables to a schema (the connection's search_path):
 * tests give each file its own schema in one database, and a deployment may too. Their names are prefixed with
 * current_schema(), which the server computes on the connection that uses them, so the copies neither hear nor block
 * each other and every connection to one schema agrees without being told.
 */
const IN_SCHEMA = `current_schema() || '.' || $1`;

/**
 * Sends `payload` to the listeners of `channel` (Db.listen) on every connection to this schema, the sender's included:
 * at once outside a transaction, at COMMIT inside one (and never if it rolls back).
 */
export async function notify(q: Queryable, channel: string, payload: string): Promise<void> {
  await q.query(`SELECT pg_notify(${IN_SCHEMA}, $2)`, [channel, payload]);
}

/** The name a notification on `channel` carries, and the same quoted as LISTEN and UNLISTEN take it. */
export async function channelName(q: Queryable, channel: string): Promise<{ name: string; quoted: string }> {
  const [row] = await q.query<{ name: string; quoted: string }>(
    `SELECT name, quote_ident(name) AS quoted FROM (SELECT ${IN_SCHEMA} AS name) n`,
    [channel],
  );
  return row;
}

/**
 * Runs `work` in a transaction holding the advisory lock named `job`, or returns null at once when another connection
 * (another instance) holds it: the periodic jobs every instance runs do their work on one of them at a time.
 *
 * A transaction-level lock (pg_try_advisory_xact_lock) because the Db hands out pooled connections: a session-level
 * lock is released only by the connection that took it, so taking it with one pooled query and releasing it with
 * another may release nothing and leave the lock with a connection that goes on serving other requests. COMMIT or
 * ROLLBACK always releases an xact lock, even when `work` throws. The transaction lasts as long as `work`: keep it short
 * (one batch, not a whole pass).
 */
export function alone<T>(db: Db, job: string, work: (q: Queryable) => Promise<T>): Promise<T | null> {
  return db.tx(async (q) => {
    const [{ locked }] = await q.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtext(${IN_SCHEMA})) AS locked`,
      [job],
    );
    return locked ? work(q) : null;
  });
}

/**
 * Waits for the transaction-level lock named `name` in this schema and holds it until the caller's transaction ends:
 * transactions that take the same name run one after another (a payment's completion and the refunds and disputes
 * that name it, say), whatever rows each of them reads first.
 */
export async function lockFor(q: Queryable, name: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext(${IN_SCHEMA}))`, [name]);
}

/**
 * Runs `work` on this instance unless another has claimed `job` (then null), with no transaction open while it runs:
 * for jobs that wait on the outside, such as a provider's report, which `alone` would hold a transaction (and, on
 * PGlite, the one connection) open for. The claim lapses after `seconds`, should the instance die meanwhile.
 */
export async function claimed<T>(db: Db, job: string, seconds: number, work: () => Promise<T>): Promise<T | null> {
  const rows = await db.query<{ job: string }>(
    `INSERT INTO job_claims (job, until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (job) DO UPDATE SET until = EXCLUDED.until WHERE job_claims.until < now()
     RETURNING job`,
    [job, seconds],
  );
  if (rows.length === 0) return null;
  try {
    return await work();
  } finally {
    await db.query('UPDATE job_claims SET until = now() WHERE job = $1', [job]);
  }
}
