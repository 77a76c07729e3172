import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';

/** A benchmark's PGlite database in a temporary directory, removed afterwards. */
export async function withPglite<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-'));
  const db = await openPglite(dataDir);
  try {
    return await fn(db);
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A benchmark's throw-away schema in the PostgreSQL at `url` (BENCH_DATABASE_URL), dropped afterwards. */
export async function withPostgres<T>(url: string, fn: (db: Db) => Promise<T>, poolSize = 10): Promise<T> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openPostgres(url, { schema, max: poolSize });
  try {
    return await fn(db);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/**
 * Runs `measure` on PGlite, then on PostgreSQL when BENCH_DATABASE_URL is set; BENCH_ENGINES (pglite,postgres by
 * default) picks them.
 */
export async function onEachEngine<T>(measure: (engine: string, db: Db) => Promise<T>): Promise<T[]> {
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const results: T[] = [];
  if (engines.includes('pglite')) results.push(await withPglite((db) => measure('PGlite', db)));
  const url = process.env.BENCH_DATABASE_URL;
  if (url && engines.includes('postgres')) results.push(await withPostgres(url, (db) => measure('PostgreSQL', db)));
  return results;
}
