import type { Db } from './types';
import { migrations, type Migration } from './migrations';

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
      // Split on statement boundaries because the extended protocol accepts one statement per call.
      for (const statement of splitStatements(migration.sql)) await q.query(statement);
      await q.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      applied.push(migration.id);
    }
    return applied;
  });
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
