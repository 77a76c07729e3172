/**
 * npm run bench:server — loads 1,000,000 usage events for one team, then measures the two report endpoints with
 * autocannon on PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL. Prints a markdown table.
 * Knobs: BENCH_EVENTS (default 1000000), BENCH_DURATION seconds (default 10), BENCH_CONNECTIONS (default 10).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { createSessions } from '../sessions/sessions';
import { rebuildUsageRollup } from '../usage/usage';
import { runAutocannon } from './autocannonChild';
import { withPglite, withPostgres } from './benchDatabases';
import { insertUsageEvents } from './usageEvents';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECRET = randomBytes(32).toString('hex');

async function load(db: Db): Promise<{ userId: string; seconds: number }> {
  const started = performance.now();
  const users: string[] = [];
  for (let i = 0; i < 10; i++) {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO users (login, name, email) VALUES ($1, $1, $1 || '@example.com') RETURNING id`,
      [`bench${i}`],
    );
    users.push(row.id);
  }
  const [team] = await db.query<{ id: string }>(
    `INSERT INTO teams (name, budget_limit_cents) VALUES ('Bench', 5000000) RETURNING id`,
  );
  for (const [i, userId] of users.entries()) {
    await db.query('INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)', [
      team.id,
      userId,
      i === 0 ? 'owner' : 'member',
    ]);
  }
  // Deterministic spread over the last 60 days, 10 users and 6 models, generated inside the database.
  await insertUsageEvents(db, { teamId: team.id, userIds: users, count: EVENTS, days: 60 });
  await db.tx((q) => rebuildUsageRollup(q, team.id));
  return { userId: users[0], seconds: (performance.now() - started) / 1000 };
}

async function measure(engine: string, db: Db) {
  await migrate(db);
  const { userId, seconds } = await load(db);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', JWT_SECRET: SECRET, DIST_DIR: os.tmpdir() },
    ['--demo'],
  );
  const app = await buildApp({ config: { ...config, jwtSecret: SECRET }, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const token = await createSessions(SECRET, db, []).start(userId);
  const rows: string[] = [];
  for (const endpoint of ['/v1/teams/dashboard', '/v1/teams/usage-stats']) {
    const result = await runAutocannon({
      url: `http://127.0.0.1:${port}${endpoint}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { authorization: `Bearer ${token}` },
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${endpoint}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    rows.push(
      `| ${engine} | GET ${endpoint}${endpoint.endsWith('stats') ? ' (30 days)' : ''} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} |`,
    );
  }
  await app.close();
  return { rows, load: `${engine}: ${EVENTS.toLocaleString('en')} events + roll-up loaded in ${seconds.toFixed(1)} s` };
}

async function main() {
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  results.push(await withPglite((db) => measure('PGlite', db)));
  const url = process.env.BENCH_DATABASE_URL;
  if (url) results.push(await withPostgres(url, (db) => measure('PostgreSQL', db)));
  console.log(`\n${results.map((r) => r.load).join('\n')}\n`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per endpoint\n`);
  console.log('| Engine | Endpoint | Requests/s | p50 (ms) | p99 (ms) |');
  console.log('|---|---|---:|---:|---:|');
  for (const result of results) for (const row of result.rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
