import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../app';
import { migrate } from '../db/migrate';
import { openPglite, pgliteWasmModule } from '../db/pglite';
import type { Db } from '../db/types';
import { testConfig } from './helpers';

// @engine embedded-only: a test of PGlite's worker thread itself (scripts/serverTestFiles.mjs).

/** PGlite runs in a worker thread (server/db/pglite.ts): what that must keep and what it must change. */
describe('PGlite in a worker thread', () => {
  let db: Db;
  before(async () => {
    db = await openPglite(null);
    await migrate(db);
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  });
  after(() => db.close());

  test('the HTTP thread answers while a long statement runs', async () => {
    const app = await buildApp({ config: testConfig(), db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/healthz`;
    const health = async () => {
      const started = performance.now();
      assert.equal((await fetch(url)).status, 200);
      return performance.now() - started;
    };
    try {
      await health();
      let running = true;
      const started = performance.now();
      const statement = db.query('SELECT count(*) FROM generate_series(1, 3000000)').finally(() => (running = false));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const answered: number[] = [];
      while (running) answered.push(await health());
      await statement;
      const statementMs = performance.now() - started;
      // In the server's thread, the first health check would have waited for the whole statement.
      assert.ok(answered.length >= 3, `${answered.length} health checks answered during a ${statementMs} ms statement`);
      assert.ok(
        Math.max(...answered.slice(0, -1)) < statementMs / 5,
        `health checks took ${answered.map(Math.round).join(', ')} ms during a ${Math.round(statementMs)} ms statement`,
      );
    } finally {
      await app.close();
    }
  });

  test("PostgreSQL's error fields cross the thread boundary", async () => {
    await db.query('INSERT INTO notes VALUES (1, $1)', ['first']);
    const error = await db.query('INSERT INTO notes VALUES (1, $1)', ['again']).then(
      () => assert.fail('a duplicate key was accepted'),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof Error);
    assert.deepEqual(
      {
        code: (error as { code?: string }).code,
        constraint: (error as { constraint?: string }).constraint,
        detail: (error as { detail?: string }).detail,
        message: error.message,
      },
      {
        code: '23505',
        constraint: 'notes_pkey',
        detail: 'Key (id)=(1) already exists.',
        message: 'duplicate key value violates unique constraint "notes_pkey"',
      },
    );
    await assert.rejects(
      db.tx((q) => q.query('SELECT * FROM no_such_table')),
      { code: '42P01' },
    );
  });

  test('a transaction that throws is rolled back, and other statements wait for it', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const failing = db.tx(async (q) => {
      await q.query('INSERT INTO notes VALUES (2, $1)', ['rolled back']);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('changed my mind');
    });
    await entered;
    // Queued behind the open transaction, so it sees the state after the rollback.
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE id = 2');
    await assert.rejects(failing, /changed my mind/);
    assert.deepEqual(await outside, [{ n: 0 }]);

    const committed = await db.tx(async (q) => {
      await q.query('INSERT INTO notes VALUES (3, $1)', ['kept']);
      return (await q.query<{ body: string }>('SELECT body FROM notes WHERE id = 3'))[0].body;
    });
    assert.equal(committed, 'kept');
    assert.deepEqual(await db.query('SELECT id FROM notes WHERE id IN (2, 3) ORDER BY id'), [{ id: 3 }]);
  });

  test("every database of a process runs one compile of PostgreSQL's WebAssembly", async () => {
    const compiled = await pgliteWasmModule();
    assert.equal(Object.prototype.toString.call(compiled), '[object WebAssembly.Module]');
    assert.equal(await pgliteWasmModule(), compiled);
    const second = await openPglite(null);
    try {
      assert.deepEqual(await second.query('SELECT 1 AS one'), [{ one: 1 }]);
    } finally {
      await second.close();
    }
  });

  test('rows keep the types services rely on', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT 9007199254740991::bigint AS big, 1.25::numeric AS num, DATE '2026-02-03' AS day,
              TIMESTAMPTZ '2026-02-03T04:05:06Z' AS at, '{"a":[1]}'::jsonb AS doc, NULL::text AS nothing`,
      [],
      { name: 'worker_types' },
    );
    assert.deepEqual(row, {
      big: 9007199254740991,
      num: 1.25,
      day: '2026-02-03',
      at: new Date('2026-02-03T04:05:06Z'),
      doc: { a: [1] },
      nothing: null,
    });
  });
});
