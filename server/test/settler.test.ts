import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import { noJournal } from '../credit/journal';
import { createSettler, GATHER_MS } from '../credit/settler';
import type { UsageEvent } from '../credit/writeBills';

/**
 * When the gateway's bills reach the database (credit/settler.ts), against a fake database whose batch statement
 * takes 2 ms: never the moment a request ends, and under load one statement per gathering window, not one per
 * statement's duration.
 */
function fakeDatabase() {
  const batches: { at: number; size: number }[] = [];
  const db = {
    async query(_sql: string, params: unknown[][]) {
      batches.push({ at: performance.now(), size: params[0].length });
      await new Promise((resolve) => setTimeout(resolve, 2));
      return [];
    },
  } as unknown as Db;
  return { db, batches };
}

const log = { error: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bill = (n: number): UsageEvent =>
  ({
    teamId: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    apiKeyId: '00000000-0000-4000-8000-000000000003',
    model: 'm',
    provider: 'openai',
    promptTokens: n,
    completionTokens: 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    costCents: 0,
    latencyMs: 1,
    status: 'success',
  }) as UsageEvent;

test("a lone request's bill is written a few milliseconds after it ends, not while the next request arrives", async () => {
  const { db, batches } = fakeDatabase();
  const settler = createSettler(db, log, noJournal);
  settler.opened();
  const ended = performance.now();
  settler.add(bill(1));
  // Not in the same turn: whatever add() started synchronously or in promise callbacks has run, and no timer has.
  // (A timer of 0 ms here raced the settler's own on a loaded machine: CI once saw the bill written before it.)
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  assert.equal(batches.length, 0, 'not written at once');
  await settler.settled();
  assert.equal(batches.length, 1);
  assert.ok(batches[0].at - ended >= 4, `written ${(batches[0].at - ended).toFixed(1)} ms after the request ended`);
});

for (const admission of ['lease', 'statement'] as const) {
  const window = GATHER_MS[admission];
  test(`under load, bills gather into one statement per ${window} ms window (${admission} admission)`, async () => {
    const { db, batches } = fakeDatabase();
    const settler = createSettler(db, log, noJournal, window);
    const started = performance.now();
    let sent = 0;
    while (performance.now() - started < 5 * window) {
      settler.opened();
      settler.add(bill(++sent));
      await sleep(1);
    }
    await settler.settled();
    assert.equal(
      batches.reduce((sum, batch) => sum + batch.size, 0),
      sent,
      'every bill written once',
    );
    const seconds = (performance.now() - started) / 1000;
    // One per window is 5 (a little more with the last one); written back to back, it was one per 2-3 ms.
    assert.ok(
      batches.length <= (seconds * 1000) / window + 2,
      `${batches.length} statements for ${sent} bills in ${seconds} s`,
    );
  });
}

test('settled() does not wait for the gathering window: the bills it waits for are written at once', async () => {
  const { db, batches } = fakeDatabase();
  const settler = createSettler(db, log, noJournal, GATHER_MS.lease);
  settler.opened();
  settler.add(bill(1));
  await settler.settled();
  // The next batch would wait the window after the first one; a caller of settled() does not.
  for (const n of [2, 3]) {
    settler.opened();
    settler.add(bill(n));
  }
  const asked = performance.now();
  await settler.settled();
  const waited = performance.now() - asked;
  assert.deepEqual(
    batches.map((batch) => batch.size),
    [1, 2],
  );
  assert.ok(waited < GATHER_MS.lease / 2, `settled() took ${waited.toFixed(1)} ms`);
});

test('what watches settled usage sees each batch once it is written, and cannot stop the billing', async () => {
  const { db, batches } = fakeDatabase();
  const errors: string[] = [];
  const settler = createSettler(
    db,
    { error: (_: unknown, message: string) => errors.push(message) } as never,
    noJournal,
  );
  const seen: number[][] = [];
  settler.onSettled((bills) => {
    // Called after the statement: the batch it sees is already in the database.
    assert.equal(batches.length, seen.length + 1);
    seen.push(bills.map((b) => b.promptTokens));
  });
  settler.onSettled(() => {
    throw new Error('a broken listener');
  });
  const stop = settler.onSettled(async () => Promise.reject(new Error('a broken async listener')));
  for (const n of [1, 2, 3]) {
    settler.opened();
    settler.add(bill(n));
  }
  await settler.settled();
  await sleep(0);
  assert.deepEqual(seen, [[1, 2, 3]]);
  assert.deepEqual(errors, ['a settled-bills listener failed', 'a settled-bills listener failed']);

  stop();
  settler.opened();
  settler.add(bill(4));
  await settler.settled();
  await sleep(0);
  assert.deepEqual(seen, [[1, 2, 3], [4]]);
  assert.equal(errors.length, 3, 'the stopped listener is not called again, the broken one is');
});

test('flushed() has the bills made so far written without the gathering, and waits for no request still running', async () => {
  const { db, batches } = fakeDatabase();
  const settler = createSettler(db, log, noJournal, 1_000);
  assert.equal(settler.unwritten(), false);
  const idle = performance.now();
  await settler.flushed();
  assert.ok(performance.now() - idle < 5, 'nothing to write: at once');
  settler.opened();
  settler.add(bill(1));
  await settler.settled();
  // A request still running, and two bills gathering for a window that ends a second after the first batch.
  settler.opened();
  for (const n of [2, 3]) {
    settler.opened();
    settler.add(bill(n));
  }
  assert.equal(settler.unwritten(), true);
  const asked = performance.now();
  await settler.flushed();
  const waited = performance.now() - asked;
  assert.deepEqual(
    batches.map((batch) => batch.size),
    [1, 2],
  );
  assert.equal(settler.unwritten(), false);
  assert.ok(waited < 250, `flushed() took ${waited.toFixed(1)} ms`);
  // The bill made after it, while nobody waits, gathers again.
  settler.add(bill(4));
  await sleep(50);
  assert.equal(batches.length, 2, 'the next bill waits for its window');
  await settler.settled();
  assert.deepEqual(
    batches.map((batch) => batch.size),
    [1, 2, 1],
  );
});

test('flushed() called while a batch is written resolves once that batch is in the database', async () => {
  const { db, batches } = fakeDatabase();
  const settler = createSettler(db, log, noJournal, GATHER_MS.lease);
  settler.opened();
  settler.add(bill(1));
  while (batches.length === 0) await sleep(1);
  // The statement (2 ms in the fake) is running; nothing is queued behind it.
  assert.equal(settler.unwritten(), true);
  await settler.flushed();
  assert.equal(settler.unwritten(), false);
});

for (const code of ['22003', '23503']) {
  test(`a bill the database refuses (${code}) is written alone, and the others of its batch are written`, async () => {
    const written: number[][] = [];
    const refused: string[] = [];
    let statements = 0;
    const db = {
      async query(_sql: string, params: unknown[][]) {
        statements++;
        const tokens = params[5] as number[];
        // As PostgreSQL refuses a count past its int column (22003), or a bill whose user is gone (23503).
        if (tokens.some((n) => n > 2 ** 31 - 1)) throw Object.assign(new Error('refused'), { code });
        written.push(tokens);
        return [];
      },
    } as unknown as Db;
    const settler = createSettler(
      db,
      { error: (fields: { events: UsageEvent[] }) => refused.push(String(fields.events[0].promptTokens)) } as never,
      noJournal,
    );
    const seen: number[] = [];
    settler.onSettled((bills) => void seen.push(...bills.map((b) => b.promptTokens)));
    let done = 0;
    for (const n of [1, 3_000_000_000, 2]) {
      settler.opened();
      settler.add(bill(n), { closes: true, written: () => done++ });
    }
    await settler.settled();
    assert.deepEqual(written, [[1], [2]]);
    assert.equal(statements, 4, 'the batch, then each of its three bills');
    assert.deepEqual(refused, ['3000000000'], 'only the refused bill is logged as not recorded');
    assert.deepEqual(seen, [1, 2]);
    assert.equal(done, 3, 'each bill is done once');
  });
}

test('any other failure of a batch leaves the whole batch to the journal, written alone by no one', async () => {
  let statements = 0;
  const db = {
    async query() {
      statements++;
      throw Object.assign(new Error('connection lost'), { code: '08006' });
    },
  } as unknown as Db;
  const logged: string[] = [];
  const settler = createSettler(
    db,
    { error: (_: unknown, message: string) => logged.push(message) } as never,
    noJournal,
  );
  for (const n of [1, 2]) {
    settler.opened();
    settler.add(bill(n));
  }
  await settler.settled();
  assert.equal(statements, 1);
  assert.deepEqual(logged, ['gateway usage could not be recorded']);
});
