import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { takeLines } from '../batches/runner';
import { claimDue } from '../db/deliveryQueue';
import type { Queryable } from '../db/types';
import { openTestDb, type TestDb } from './helpers';

// The queries that claim "up to N" rows with FOR UPDATE SKIP LOCKED take at most N, whatever plan the database picks.
// Written as `id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`, PostgreSQL may run the sub-select again for every row
// of a nested-loop semi join, each run skipping the rows the one before updated: a busy-core CI run on PostgreSQL had a
// batch send all 30 of its lines at once instead of 8 (docs/batches.md#how-lines-run). Here the planner is steered to
// that plan (no hash, merge, sort, memoize, materialize or sequential scan), on both engines; with the old queries each test takes 30.
let database: TestDb;
before(async () => {
  database = await openTestDb();
});
after(() => database.drop());

const ROWS = 30;
const LIMIT = 8;

/** The plan that re-runs a sub-select per row, for this transaction only. */
async function steerToNestedLoops(q: Queryable) {
  for (const setting of ['hashjoin', 'mergejoin', 'material', 'hashagg', 'sort', 'memoize', 'seqscan']) {
    await q.query(`SET LOCAL enable_${setting} = off`);
  }
}

/** Runs `fn` in a transaction that is always rolled back, with foreign keys off so rows need no parents. */
async function rolledBack(fn: (q: Queryable) => Promise<void>) {
  const done = new Error('rolled back');
  await assert.rejects(
    database.db.tx(async (q) => {
      await q.query('SET LOCAL session_replication_role = replica');
      await fn(q);
      throw done;
    }),
    (error) => error === done,
  );
}

test(`a batch runner takes at most ${LIMIT} of a batch's ${ROWS} pending lines`, async () => {
  await rolledBack(async (q) => {
    await q.query(
      `INSERT INTO gateway_batch_lines (batch_id, line, custom_id, body, hold_cents)
       SELECT 'batch_claim_test', g, 'line-' || g, '{}'::jsonb, 1 FROM generate_series(1, $1::int) g`,
      [ROWS],
    );
    await q.query('ANALYZE gateway_batch_lines');
    await steerToNestedLoops(q);
    const taken = await takeLines(q, 'batch_claim_test', LIMIT);
    assert.deepEqual(
      taken.map((line) => line.line).sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
    const [{ running }] = await q.query<{ running: number }>(
      `SELECT count(*)::int AS running FROM gateway_batch_lines WHERE batch_id = 'batch_claim_test' AND status = 'running'`,
    );
    assert.equal(running, LIMIT);
  });
});

test(`the delivery queue (mail and webhooks) claims at most ${LIMIT} of ${ROWS} due rows`, async () => {
  await rolledBack(async (q) => {
    await q.query(
      `INSERT INTO mail_outbox (kind, recipients, subject, body_text, next_attempt_at)
       SELECT 'test', ARRAY['owner@example.com'], 'Subject ' || g, 'Body', now() - make_interval(secs => g)
       FROM generate_series(1, $1::int) g`,
      [ROWS],
    );
    await q.query('ANALYZE mail_outbox');
    await steerToNestedLoops(q);
    const claimed = await claimDue<{ subject: string; attempts: number }>(q, 'mail_outbox', 'subject, attempts', LIMIT);
    assert.equal(claimed.length, LIMIT);
    assert.ok(claimed.every((mail) => mail.attempts === 1));
    const [{ sending }] = await q.query<{ sending: number }>(
      `SELECT count(*)::int AS sending FROM mail_outbox WHERE status = 'sending'`,
    );
    assert.equal(sending, LIMIT);
  });
});
