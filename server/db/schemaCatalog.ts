import type { Queryable } from './types';

/**
 * The schema a migrated database has, as sorted lines of text: every table's columns (type, nullability, default),
 * constraints, indexes, sequences, functions (their whole definition) and triggers, of the connection's schema. Two
 * databases with the same lines have the same schema. `server/db/schema.snapshot.txt` holds today's (npm run
 * db:snapshot writes it); server/test/migrations.test.ts checks that migrating gives exactly that.
 */
export async function schemaCatalog(q: Queryable): Promise<string[]> {
  const [{ schema }] = await q.query<{ schema: string }>('SELECT current_schema() AS schema');
  // Index and function definitions name the schema; tests and deployments each use their own.
  const local = (text: string) => text.replaceAll(`${schema}.`, '').replaceAll(`"${schema}".`, '');
  const lines: string[] = [];
  const columns = await q.query<{ t: string; c: string; type: string; nullable: string; def: string | null }>(
    `SELECT table_name AS t, column_name AS c, data_type || COALESCE('(' || character_maximum_length || ')', '') AS type,
            is_nullable AS nullable, column_default AS def
     FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  for (const { t, c, type, nullable, def } of columns) {
    lines.push(`column ${t}.${c} ${type}${nullable === 'NO' ? ' NOT NULL' : ''}${def ? ` DEFAULT ${local(def)}` : ''}`);
  }
  const constraints = await q.query<{ t: string; name: string; def: string }>(
    `SELECT r.relname AS t, c.conname AS name, pg_get_constraintdef(c.oid) AS def
     FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
     -- NOT NULL is the columns' (PostgreSQL 18 records it as a constraint too, 15 does not).
     WHERE r.relnamespace = current_schema()::regnamespace AND c.contype <> 'n'`,
  );
  for (const { t, name, def } of constraints) lines.push(`constraint ${t}.${name} ${local(def)}`);
  const indexes = await q.query<{ name: string; def: string }>(
    'SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema()',
  );
  for (const { name, def } of indexes) lines.push(`index ${name} ${local(def)}`);
  const sequences = await q.query<{ name: string; start: string; step: string }>(
    `SELECT sequence_name AS name, start_value AS start, increment AS step
     FROM information_schema.sequences WHERE sequence_schema = current_schema()`,
  );
  for (const { name, start, step } of sequences) lines.push(`sequence ${name} start ${start} step ${step}`);
  const functions = await q.query<{ def: string }>(
    `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace`,
  );
  for (const { def } of functions) lines.push(`function ${local(def).trim()}`);
  const triggers = await q.query<{ def: string }>(
    `SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
     WHERE r.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal`,
  );
  for (const { def } of triggers) lines.push(`trigger ${local(def)}`);
  return lines.sort();
}
