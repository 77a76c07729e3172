/**
 * npm run bench:requestlog — the request log at 10,000,000 usage events (docs/governance.md#request-log): 200
 * members, 500 keys, 90 days, one team. Measures the write path's cost per event before and after migration 9's
 * indexes, then the log's first page, each single filter, the next page, each sort and the 30-day usage report
 * through the real routes (p50/p95 of BENCH_RUNS runs, each with other values), checks every page's plan for a
 * sequential scan of the events, and exports BENCH_EXPORT_ROWS rows through the CSV route over HTTP with peak RSS.
 *
 * Engines: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set (server/scripts/ci-postgres.sh run sets it);
 * BENCH_ENGINES=postgres or =pglite runs one. Knobs: BENCH_EVENTS (10000000), BENCH_RUNS (20), BENCH_EXPORT_ROWS
 * (1000000). `-- --explain` prints EXPLAIN (ANALYZE, BUFFERS) of the first page, a filter, the next page and a cost sort.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { REQUEST_LOG_CSV_PATH, REQUEST_LOG_PATH, USAGE_STATS_PATH, withParams } from '../../contract/apiPaths';
import type { RequestLogQuery } from '../../contract/schemas/requestLog';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { pageQuery } from '../usage/requestLog';
import { createSessions } from '../sessions/sessions';
import { rebuildUsageRollup } from '../usage/usage';
import { recordUsageBatch, type UsageEvent } from '../credit/writeBills';
import { onEachEngine } from './benchDatabases';
import { indexesRead, percentile } from './stats';
import { MODELS, insertUsageEvents } from './usageEvents';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const EXPLAIN = process.argv.includes('--explain');
const MEMBERS = 200;
const KEYS = 500;
const DAYS = 90;
const DAY_MS = 86_400_000;
const SECRET = randomBytes(32).toString('hex');

interface Seeded {
  teamId: string;
  userIds: string[];
  keyIds: string[];
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function seedPeople(db: Db): Promise<Seeded> {
  const users = await db.query<{ id: string }>(
    `INSERT INTO users (login, name, email)
     SELECT 'member' || i, 'Member ' || i, 'member' || i || '@example.com' FROM generate_series(1, $1) i RETURNING id`,
    [MEMBERS],
  );
  const userIds = users.map((row) => row.id);
  const [team] = await db.query<{ id: string }>(
    `INSERT INTO teams (name, budget_limit_cents) VALUES ('Bench', 0) RETURNING id`,
  );
  await db.query(
    `INSERT INTO team_members (team_id, user_id, role)
     SELECT $1, u, CASE WHEN u = ($2::uuid[])[1] THEN 'owner' ELSE 'member' END FROM unnest($2::uuid[]) u`,
    [team.id, userIds],
  );
  // Key i belongs to user i mod members, as insertUsageEvents spreads the events.
  const keys = await db.query<{ id: string }>(
    `INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash)
     SELECT $1, ($2::uuid[])[1 + (i - 1) % cardinality($2::uuid[])], 'key ' || i, 'sk-bench' || i, md5('bench' || i)
     FROM generate_series(1, $3) i ORDER BY i RETURNING id`,
    [team.id, userIds, KEYS],
  );
  return { teamId: team.id, userIds, keyIds: keys.map((row) => row.id) };
}

/** Every secondary index of usage_events as migrations left it. */
const eventIndexes = (db: Db) =>
  db.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE tablename = 'usage_events' AND schemaname = current_schema() AND indexname <> 'usage_events_pkey'`,
  );

/** The events' indexes before migration 9: what the write path paid before the request log. */
const BEFORE_LOG = ['usage_events_time', 'usage_events_request'];
const TEAM_TIME = 'CREATE INDEX usage_events_team_time ON usage_events (team_id, created_at)';

async function buildIndexes(db: Db, definitions: string[], note: (line: string) => void) {
  for (const definition of definitions) {
    const started = performance.now();
    await db.tx(async (q) => {
      await q.query(`SET LOCAL maintenance_work_mem = '512MB'`);
      await q.query(definition);
    });
    note(`  ${seconds(started)} s  ${definition.replace(/ ON \S+ USING btree/, ' …')}`);
  }
}

/** Microseconds per event of recordUsageBatch, in batches of 20 as the gateway's settler writes them. */
async function writeCost(db: Db, seeded: Seeded): Promise<string> {
  const batches = 100;
  const perBatch: number[] = [];
  for (let b = 0; b < batches; b++) {
    const events: UsageEvent[] = Array.from({ length: 20 }, (_, i) => {
      const key = (b * 20 + i) % KEYS;
      return {
        teamId: seeded.teamId,
        userId: seeded.userIds[key % MEMBERS],
        apiKeyId: seeded.keyIds[key],
        model: MODELS[i % MODELS.length][0],
        provider: MODELS[i % MODELS.length][1],
        promptTokens: 1000 + i,
        completionTokens: 100 + i,
        costCents: 1 + (i % 40),
        latencyMs: 300 + i,
      };
    });
    const started = performance.now();
    await recordUsageBatch(db, events);
    perBatch.push(performance.now() - started);
  }
  const [p50, p95] = [percentile(perBatch, 50), percentile(perBatch, 95)];
  return `${((p50 * 1000) / 20).toFixed(0)} µs/event (batch of 20: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms)`;
}

/** Loads the events without secondary indexes, then builds the old and the new ones, timing writes in between. */
async function load(db: Db, note: (line: string) => void): Promise<Seeded> {
  const seeded = await seedPeople(db);
  const indexes = await eventIndexes(db);
  for (const { indexname } of indexes) await db.query(`DROP INDEX ${indexname}`);
  let started = performance.now();
  await insertUsageEvents(db, {
    teamId: seeded.teamId,
    userIds: seeded.userIds,
    apiKeyIds: seeded.keyIds,
    count: EVENTS,
    days: DAYS,
  });
  note(`${EVENTS.toLocaleString('en')} events inserted in ${seconds(started)} s; indexes built:`);
  const before = indexes.filter((index) => BEFORE_LOG.includes(index.indexname)).map((index) => index.indexdef);
  await buildIndexes(db, [...before, TEAM_TIME], note);
  await db.query('ANALYZE usage_events');
  const writeBefore = await writeCost(db, seeded);
  const added = indexes.filter((index) => !BEFORE_LOG.includes(index.indexname)).map((index) => index.indexdef);
  await buildIndexes(db, added, note);
  await db.query('DROP INDEX usage_events_team_time');
  await db.query('ANALYZE usage_events');
  const writeAfter = await writeCost(db, seeded);
  note(`write path, recordUsageBatch at ${EVENTS.toLocaleString('en')} events:`);
  note(`  before migration 9's indexes: ${writeBefore}`);
  note(`  after:                        ${writeAfter}`);
  started = performance.now();
  await db.tx((q) => rebuildUsageRollup(q, seeded.teamId));
  note(`usage_daily rebuilt in ${seconds(started)} s`);
  return seeded;
}

interface Case {
  name: string;
  /** The query of run i (each run asks with other values, so no run only re-reads the last one's pages). */
  query?: (i: number) => RequestLogQuery;
  path?: (i: number) => string;
}

async function measure(engine: string, db: Db) {
  // Printed as they come, so a long run shows where it is.
  const note = (line: string) => console.log(`${engine}: ${line}`);
  await migrate(db);
  const seeded = await load(db, note);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', JWT_SECRET: SECRET, DIST_DIR: os.tmpdir() },
    ['--demo'],
  );
  const app = await buildApp({ config: { ...config, jwtSecret: SECRET }, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await createSessions(SECRET, db, []).start(seeded.userIds[0]);
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const now = Date.now();
  const day = (i: number) => new Date(now - (1 + (i % 80)) * DAY_MS).toISOString();
  // The cursors of the next-page runs: after the first page of a window ending i hours ago.
  const nextCursors: string[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const first = await get(withParams(REQUEST_LOG_PATH, { to: new Date(now - i * 3_600_000).toISOString() }));
    nextCursors.push(first.next_cursor);
  }
  const costCursor = (await get(withParams(REQUEST_LOG_PATH, { sort: 'cost_cents' }))).next_cursor as string;
  const cases: Case[] = [
    { name: 'first page (newest first, 50)', query: () => ({}) },
    {
      name: 'next page (cursor)',
      query: (i) => ({ to: new Date(now - i * 3_600_000).toISOString(), cursor: nextCursors[i] }),
    },
    {
      name: 'filter: one day (from/to)',
      query: (i) => ({ from: day(i), to: new Date(Date.parse(day(i)) + DAY_MS).toISOString() }),
    },
    { name: 'filter: key', query: (i) => ({ api_key_id: seeded.keyIds[(i * 37) % KEYS] }) },
    { name: 'filter: member', query: (i) => ({ user_id: seeded.userIds[(i * 37) % MEMBERS] }) },
    { name: 'filter: model', query: (i) => ({ model: MODELS[i % MODELS.length][0] }) },
    { name: 'filter: status error', query: () => ({ status: 'error' }) },
    { name: 'filter: status success', query: () => ({ status: 'success' }) },
    { name: 'filter: cost above (≥ 39¢)', query: (i) => ({ min_cost_cents: 39 + (i % 2) }) },
    ...(['cost_cents', 'latency_ms', 'total_tokens', 'created_at'] as const).flatMap((sort) =>
      (['desc', 'asc'] as const)
        .filter((order) => sort !== 'created_at' || order === 'asc')
        .map((order) => ({ name: `sort: ${sort} ${order}`, query: () => ({ sort, order }) })),
    ),
    { name: 'next page of cost sort', query: () => ({ sort: 'cost_cents', cursor: costCursor }) },
    { name: '30-day usage report', path: () => USAGE_STATS_PATH },
  ];

  const rows: string[] = [];
  for (const c of cases) {
    const url = (i: number) =>
      c.path ? c.path(i) : withParams(REQUEST_LOG_PATH, c.query!(i) as Record<string, string | number | undefined>);
    for (let i = 0; i < 2; i++) await get(url(RUNS + i));
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await get(url(i));
      times.push(performance.now() - started);
    }
    const plan = c.query ? await planOf(db, seeded.teamId, c.query(0)) : 'usage_daily';
    rows.push(
      `| ${engine} | ${c.name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${plan} |`,
    );
  }
  if (EXPLAIN) {
    for (const [name, query] of [
      ['first page', {}],
      ['filter: key', { api_key_id: seeded.keyIds[0] }],
      ['next page', { cursor: nextCursors[0] }],
      ['sort: cost_cents desc', { sort: 'cost_cents' }],
    ] as [string, RequestLogQuery][]) {
      const { sql, params } = pageQuery(seeded.teamId, query);
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(`\n${engine}, ${name}:\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
    }
  }
  note(await exportCsv(app, seeded, token, db));
  await app.close();
  return { engine, rows };
}

/** The indexes a page's plan reads, or a loud mark when it scans the events sequentially. */
async function planOf(db: Db, teamId: string, query: RequestLogQuery): Promise<string> {
  const { sql, params } = pageQuery(teamId, query);
  return indexesRead(db, sql, params, 'usage_events');
}

/** The newest EXPORT_ROWS events through GET /v1/teams/requests.csv over HTTP, timed, with the process's RSS. */
async function exportCsv(app: FastifyInstance, seeded: Seeded, token: string, db: Db): Promise<string> {
  const [edge] = await db.query<{ at: Date }>(
    'SELECT created_at AS at FROM usage_events WHERE team_id = $1 ORDER BY created_at DESC OFFSET $2 LIMIT 1',
    [seeded.teamId, Math.min(EXPORT_ROWS, EVENTS) - 1],
  );
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${withParams(REQUEST_LOG_CSV_PATH, { from: new Date(edge.at).toISOString() })}`;
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  const mb = (value: number) => `${(value / 2 ** 20).toFixed(0)} MB`;
  return (
    `CSV export: ${(lines - 1).toLocaleString('en')} rows, ${mb(bytes)} in ${seconds(started)} s; RSS ${mb(baseline)}` +
    ` before, peak ${mb(peak)} during (+${mb(peak - baseline)}); process maxRSS ${mb(process.resourceUsage().maxRSS * 1024)}` +
    ' (includes the load)'
  );
}

async function main() {
  const results = await onEachEngine(measure);
  console.log(
    `\n${EVENTS.toLocaleString('en')} events, ${RUNS} runs per case (after 2 warm-ups), through the routes\n`,
  );
  console.log('| Engine | Case | p50 (ms) | p95 (ms) | Plan (indexes read) |');
  console.log('|---|---|---:|---:|---|');
  for (const result of results) for (const row of result.rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
