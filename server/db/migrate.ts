import type { Db } from './types';
import { migrations, roomSql, type Migration } from './migrations';
import type { Queryable } from './types';

/** Arbitrary constant: every instance takes the same advisory lock, so several can start against one database. */
const MIGRATION_LOCK_KEY = 724_311_001;

/** Applies the steps of `steps` (all of them, unless a test stops earlier) the database has not had yet. */
export async function migrate(db: Db, steps: Migration[] = migrations): Promise<number[]> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await q.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await q.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const applied: number[] = [];
    for (const migration of steps) {
      if (done.has(migration.id)) continue;
      await run(q, migration.sql);
      await q.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      applied.push(migration.id);
    }
    // The rooms' functions are written for the latest schema: a test that stops at an earlier step gets none.
    if (steps.at(-1)?.id === migrations.at(-1)?.id) await applyRoomSql(q);
    return applied;
  });
}

/** The extended protocol accepts one statement per call. */
async function run(q: Queryable, sql: string) {
  for (const statement of splitStatements(sql)) await q.query(statement);
}

/** Each room's SQL file whose text is not the one last applied (migrations.ts readRoomSql). */
async function applyRoomSql(q: Queryable) {
  await q.query(
    `CREATE TABLE IF NOT EXISTS schema_functions (
       file text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const applied = new Map(
    (await q.query<{ file: string; checksum: string }>('SELECT file, checksum FROM schema_functions')).map((row) => [
      row.file,
      row.checksum,
    ]),
  );
  for (const { file, sql, checksum } of roomSql) {
    if (applied.get(file) === checksum) continue;
    await run(q, sql);
    await q.query(
      `INSERT INTO schema_functions (file, checksum) VALUES ($1, $2)
       ON CONFLICT (file) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [file, checksum],
    );
  }
}

/** Statement boundaries (";" at a line end) outside $$-quoted bodies, whose plpgsql has statements of its own. */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  sql.split('$$').forEach((part, i) => {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      return;
    }
    const [first, ...rest] = part.split(/;\s*\n/);
    current += first;
    for (const piece of rest) {
      statements.push(current);
      current = piece;
    }
  });
  statements.push(current);
  return statements.map((statement) => statement.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
