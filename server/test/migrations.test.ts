import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { migrate } from '../db/migrate';
import { migrations, readMigrations } from '../db/migrations';
import { schemaCatalog } from '../db/schemaCatalog';
import { openTestDb, type TestDb } from './helpers';

/**
 * The migrations (server/db/migrations/*.sql) give exactly the schema in server/db/schema.snapshot.txt, whether a
 * database took them one release at a time, from the first step on, or all at once today; on PGlite and PostgreSQL.
 * After adding a migration, `npm run db:snapshot` rewrites the snapshot, and its diff is the migration's effect.
 */
const SNAPSHOT = fs.readFileSync(path.join(__dirname, '..', 'db', 'schema.snapshot.txt'), 'utf8');

let migratedToday: TestDb;
before(async () => {
  migratedToday = await openTestDb();
});
after(() => migratedToday.drop());

test('the steps are numbered 1, 2, 3… with no gap, each file naming its number', () => {
  assert.deepEqual(
    migrations.map((m) => m.id),
    migrations.map((_, i) => i + 1),
  );
  assert.ok(migrations.every((m) => m.name.length > 3 && m.sql.length > 0));
});

test('a file whose first line does not name its step is refused', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.writeFileSync(path.join(folder, '0001-wrong.sql'), '-- Migration 2: wrong number.\nSELECT 1;\n');
  assert.throws(() => readMigrations(folder), /0001-wrong\.sql must begin with "-- Migration 1: <name>\."/);
  fs.rmSync(folder, { recursive: true });
});

test('a database migrated today has the snapshot’s schema', async () => {
  assert.equal(`${(await schemaCatalog(migratedToday.db)).join('\n')}\n`, SNAPSHOT);
});

test('a database migrated one step at a time from the first has the same schema', async () => {
  const stepwise = await openTestDb({ migrated: false });
  try {
    for (let step = 1; step <= migrations.length; step++) {
      assert.deepEqual(await migrate(stepwise.db, migrations.slice(0, step)), [step]);
    }
    assert.equal(`${(await schemaCatalog(stepwise.db)).join('\n')}\n`, SNAPSHOT);
    assert.deepEqual(await migrate(stepwise.db), [], 'nothing is applied twice');
  } finally {
    await stepwise.drop();
  }
});

test("a room's SQL file is applied again when its text changes, and only then", async () => {
  const { db } = migratedToday;
  const files = await db.query<{ file: string }>('SELECT file FROM schema_functions ORDER BY file');
  assert.deepEqual(
    files.map((row) => row.file),
    [
      'credit/sql/admit.sql',
      'credit/sql/batch.sql',
      'credit/sql/lease.sql',
      'credit/sql/rooms.sql',
      'keys/sql/usable.sql',
    ],
  );
  // As if admit.sql had been edited since: its function is made again; the others are left alone.
  await db.query(`UPDATE schema_functions SET checksum = 'an older text' WHERE file = 'credit/sql/admit.sql'`);
  await db.query('DROP FUNCTION gateway_admit(text, bigint, bigint, integer, text, text[], bigint)');
  await db.query('DROP FUNCTION gateway_rooms(api_keys, team_members, timestamptz)');
  assert.deepEqual(await migrate(db), []);
  const functions = await db.query<{ name: string }>(
    `SELECT proname AS name FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
       AND proname IN ('gateway_admit', 'gateway_rooms')`,
  );
  assert.deepEqual(
    functions.map((row) => row.name),
    ['gateway_admit'],
  );
});
