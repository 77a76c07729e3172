import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { REPO_ROOT, loadConfig, type Config } from '../config';
import { migrate } from '../db/migrate';
import { migrations, roomSql } from '../db/migrations';
// Types only: the modules themselves are loaded where they are used (below).
import type Pg from 'pg';
import type * as PgliteEngine from '../db/pgliteEngine';
import type * as Postgres from '../db/postgres';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import type { LogSink } from '../plugins/logging';
import { createSessions } from '../sessions/sessions';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';

export interface TestDb {
  db: Db;
  drop(): Promise<void>;
  /**
   * Another Db on the same database, as a second instance of the server opens it: its own pool on the same schema on
   * PostgreSQL, the same Db on PGlite (one process). Its drop closes only what it opened: call it before this one's.
   */
  another(): TestDb;
}

/**
 * A migrated PGlite database as a dump, made once for every test file of a run (and again when a migration or a
 * room's SQL changes: the name is their checksum). A new PGlite cluster took 2-3.5 s per test file here, a dump of one
 * loads in about 0.5 s: over the server suite's hundred files, minutes of CI.
 */
export async function migratedDump(): Promise<string> {
  const hash = createHash('sha256');
  // A dump is PGlite's own format: a new PGlite version makes a new one.
  hash.update(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const { sql } of migrations) hash.update(sql);
  for (const { sql } of roomSql) hash.update(sql);
  const file = path.join(REPO_ROOT, '.tmp', `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Loaded here, once per run: PGlite itself runs in its worker thread (db/pglite.ts), and loading it into every
    // test file's process as well took a quarter of a second of each (docs/testing.md, "The server suite").
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a dump is made
    const { writeDump } = require('../db/pgliteEngine') as typeof PgliteEngine;
    await writeDump(file, migrate);
  }
  return file;
}

/**
 * A PGlite data directory at `dir` holding the migrated database, for a test that starts the server as a process
 * (main.test.ts, crash.test.ts). A dump is a tar of the data directory, which loadDataDir unpacks into the engine's
 * files: unpacking it straight to disk gives the same directory without starting an engine (0.1 s instead of 1.5 s).
 */
export async function migratedDataDir(dir: string): Promise<void> {
  const dump = await migratedDump();
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xf', dump, '-C', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * One database per test file: in-memory PGlite by default, or a throw-away schema in TEST_DATABASE_URL's PostgreSQL;
 * migrated, unless `migrated` is false.
 */
export async function openTestDb(options: { migrated?: boolean } = {}): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  const migrated = options.migrated ?? true;
  if (!url) {
    const db = migrated ? await openPglite(null, { fromDump: await migratedDump() }) : await openPglite(null);
    const shared: TestDb = { db, drop: async () => undefined, another: () => shared };
    return { ...shared, drop: () => db.close() };
  }
  // The PostgreSQL client only where it is used: the embedded engine's files need not load it.
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only on PostgreSQL */
  const pg = require('pg') as typeof Pg;
  const { openPostgres } = require('../db/postgres') as typeof Postgres;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const open = () => openPostgres(url, { schema, max: 20 });
  const another = (): TestDb => {
    const db = open();
    return { db, drop: () => db.close(), another };
  };
  const db = open();
  if (migrated) await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
    another,
  };
}

export function testConfig(env: Record<string, string> = {}, argv = ['--demo']): Config & { jwtSecret: string } {
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ENABLED: 'false',
      JWT_SECRET: TEST_SECRET,
      DIST_DIR: fakeDist(),
      // The retention job of a test file running past a minute must not delete the events a test dated months ago.
      REQUEST_LOG_RETENTION_DAYS: '3650',
      // The exact per-request admission most tests count on; leaseAdmission.test.ts tests leases.
      GATEWAY_ADMISSION: 'statement',
      ...env,
    },
    argv,
  );
  return { ...config, jwtSecret: config.jwtSecret ?? TEST_SECRET };
}

let distDir: string | null = null;
/** A stand-in for the webpack output so tests never build the real app. */
function fakeDist(): string {
  if (distDir) return distDir;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-dist-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  distDir = dir;
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="en"><title>App</title><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(distDir, 'main.0123456789.js'), 'console.log("app")');
  return distDir;
}

export interface TestUser {
  id: string;
  login: string;
  email: string;
  token: string;
}

export interface Response {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests assert on arbitrary JSON shapes
  text: string;
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config & { jwtSecret: string };
  reset(): Promise<void>;
  close(): Promise<void>;
  /** A user with a session; administrators are the logins in ADMIN_LOGINS (`admin` in the tests' demo config). */
  user(login: string, options?: { email?: string }): Promise<TestUser>;
  team(owner: TestUser, name?: string, budgetCents?: number): Promise<string>;
  join(user: TestUser, teamId: string): Promise<void>;
  token(userId: string, ttlSeconds?: number): Promise<string>;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: { as?: TestUser; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

export interface TestContextOptions {
  /** The database to run on: a TestDb, or its another() for a second instance of one cluster; by default a new one. */
  database?: TestDb;
  logSink?: LogSink;
  /** Quick background jobs (retries, polling, alert gathering) for the tests that watch them. */
  background?: AppOptions['background'];
  /** The gateway's instance options (its id, journal, heartbeat), when a test needs other than the config's. */
  gateway?: AppOptions['gateway'];
}

/** The tables a test's reset empties: these, and every table that refers to one of them, however indirectly. */
const RESET_ROOTS = [
  'users',
  'teams',
  'coupons',
  'pricing_tiers',
  'sandbox_checkouts',
  'model_routes',
  'provider_credentials',
  'payment_events',
  'document_counters',
  'usage_daily_models',
  'mcp_servers',
];
const resetStatements = new WeakMap<Db, Promise<string[]>>();

/**
 * Empties the tables the tests write, between tests: by DELETE in one transaction with foreign keys and triggers off
 * (session_replication_role), not TRUNCATE. TRUNCATE takes an exclusive lock on every table it empties, and with the
 * server suite's files running two at a time on PostgreSQL it deadlocked three times running with a background job
 * (a bill being written) that held some of them (docs/testing.md, "The server suite"); DELETE takes the lock an
 * UPDATE takes. A deadlock with a job's row locks is still possible, rarely: the victim is retried.
 */
async function emptyTables(db: Db) {
  if (!resetStatements.has(db)) resetStatements.set(db, deleteStatements(db));
  const statements = await resetStatements.get(db)!;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.tx(async (q) => {
        await q.query('SET LOCAL session_replication_role = replica');
        for (const statement of statements) await q.query(statement);
      });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error;
    }
  }
}

async function deleteStatements(db: Db) {
  const tables = await db.query<{ name: string }>(
    `WITH RECURSIVE emptied(oid) AS (
       SELECT c.oid FROM pg_class c WHERE c.relname = ANY($1) AND c.relnamespace = current_schema()::regnamespace
       UNION SELECT con.conrelid FROM pg_constraint con JOIN emptied e ON con.confrelid = e.oid WHERE con.contype = 'f'
     )
     SELECT oid::regclass::text AS name FROM emptied`,
    [RESET_ROOTS],
  );
  return tables.map(({ name }) => `DELETE FROM ${name}`);
}

export async function createTestContext(
  env: Record<string, string> = {},
  argv = ['--demo'],
  options: TestContextOptions = {},
): Promise<TestContext> {
  const { db, drop } = options.database ?? (await openTestDb());
  const config = testConfig(env, argv);
  const app = await buildApp({
    config,
    db,
    logSink: options.logSink,
    background: options.background,
    gateway: options.gateway,
  });
  const sessions = createSessions(config.jwtSecret, db, config.adminLogins);
  const ctx: TestContext = {
    app,
    db,
    config,
    reset: () => emptyTables(db),
    close: async () => {
      await app.close();
      await drop();
    },
    async user(login, options = {}) {
      const email = options.email ?? `${login}@example.com`;
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO users (login, name, email) VALUES ($1, $1, $2) RETURNING id',
        [login, email],
      );
      return { id: row.id, login, email, token: await sessions.start(row.id) };
    },
    async team(owner, name = `${owner.login}'s team`, budgetCents = 10_000) {
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO teams (name, budget_limit_cents) VALUES ($1, $2) RETURNING id',
        [name, budgetCents],
      );
      await db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [row.id, owner.id]);
      return row.id;
    },
    async join(user, teamId) {
      await db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'member')`, [teamId, user.id]);
    },
    token: (userId, ttlSeconds) => sessions.start(userId, ttlSeconds),
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.as) headers.authorization = `Bearer ${options.as.token}`;
      if (method !== 'GET' && !('content-type' in headers)) headers['content-type'] = 'application/json';
      const response = await app.inject({
        method,
        url,
        headers,
        payload: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      let body: unknown;
      try {
        body = response.json();
      } catch {
        body = null;
      }
      return { status: response.statusCode, headers: response.headers, body, text: response.body };
    },
  };
  return ctx;
}

/**
 * Polls `check` every 10 ms until it holds; throws after `withinMs`. The limit is generous (10 s): the wait ends as
 * soon as the check holds, so it costs nothing when the test passes, and a loaded CI machine does not fail it.
 */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, withinMs = 10_000) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
