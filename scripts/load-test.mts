/**
 * npm run bench:load — many connections at once on the report endpoints, against the real server
 * (`npm start`'s main.ts in demo mode, a child process on a fresh data directory) on PGlite and, when
 * BENCH_DATABASE_URL is set, on PostgreSQL (a fresh database in that cluster). autocannon runs in its own child
 * process too, so neither the load nor the server shares an event loop with anything else.
 *
 * Fails (exit 1) when PGlite has any error, timeout or non-2xx answer, or a p99 of 1 s or more: the embedded default
 * must stay responsive. Knobs: BENCH_CONNECTIONS (default 200), BENCH_DURATION seconds (default 10), PORT (8585).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runAutocannon } from '../server/bench/autocannonChild';
import { signInCookie, startDemoServer } from './lib/demoServer.mts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TIMEOUT_SECONDS = 10;
const P99_BAR_MS = 1000;
const port = Number(process.env.PORT ?? 8585);
const ENDPOINTS = ['/v1/teams/dashboard', '/v1/teams/usage-stats'];

interface Row {
  engine: 'PGlite' | 'PostgreSQL';
  endpoint: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function measure(engine: Row['engine'], env: Record<string, string>): Promise<Row[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-load-'));
  // The API is all we load: a stand-in page keeps demo mode from building the app.
  const distDir = path.join(root, 'dist');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>load test</title>');
  const server = await startDemoServer({ port, distDir, dataDir: path.join(root, 'data'), env });
  try {
    const cookie = await signInCookie(server.origin, 'alice');
    const rows: Row[] = [];
    for (const endpoint of ENDPOINTS) {
      const result = await runAutocannon({
        url: `${server.origin}${endpoint}`,
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: TIMEOUT_SECONDS,
        headers: { cookie },
      });
      const { p50, p99, max } = result.latency;
      const { errors, timeouts, non2xx } = result;
      rows.push({ engine, endpoint, requests: result.requests.total, p50, p99, max, errors, timeouts, non2xx });
    }
    return rows;
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** A fresh database in BENCH_DATABASE_URL's cluster, so the demo seed runs as on a first start. */
async function withFreshDatabase<T>(url: string, run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `load_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    return await run(databaseUrl.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  const rows = await measure('PGlite', {});
  const url = process.env.BENCH_DATABASE_URL;
  if (url)
    rows.push(...(await withFreshDatabase(url, (databaseUrl) => measure('PostgreSQL', { DATABASE_URL: databaseUrl }))));

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION} s per endpoint, timeout ${TIMEOUT_SECONDS} s\n`);
  console.log('| Engine | Endpoint | Requests | p50 (ms) | p99 (ms) | max (ms) | Errors | Timeouts | Non-2xx |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.engine} | GET ${r.endpoint} | ${r.requests} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`,
    );
  }
  for (const endpoint of ENDPOINTS) {
    const [lite, postgres] = (['PGlite', 'PostgreSQL'] as const).map((engine) =>
      rows.find((row) => row.engine === engine && row.endpoint === endpoint),
    );
    if (lite && postgres)
      console.log(`${endpoint}: PGlite p99 / PostgreSQL p99 = ${(lite.p99 / postgres.p99).toFixed(2)}`);
  }

  const failures = rows
    .filter((r) => r.engine === 'PGlite')
    .flatMap((r) => [
      ...(r.errors + r.timeouts + r.non2xx > 0
        ? [`${r.endpoint}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`]
        : []),
      ...(r.p99 >= P99_BAR_MS ? [`${r.endpoint}: p99 ${r.p99} ms, the bar is under ${P99_BAR_MS} ms`] : []),
    ]);
  if (failures.length > 0) {
    console.error(`\nPGlite is not responsive enough:\n${failures.join('\n')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
