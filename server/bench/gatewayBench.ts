/**
 * npm run bench:gateway — the gateway in front of a fake provider answering after 20 ms, against the same provider
 * called directly, at a fixed arrival rate on loopback. Reports the latency the gateway adds (p50/p99 of gateway
 * minus direct) at the target rate and the highest rate it holds without errors, on PGlite and, when
 * BENCH_DATABASE_URL is set, on PostgreSQL. Prints a markdown table.
 *
 * Knobs: BENCH_RATE (default 1000 req/s) for BENCH_SECONDS (default 10; the run is BENCH_SECONDS=30), then a
 * ladder of rates to find the highest held (up x1.5 from BENCH_RATE while held, or down /2 until held, then
 * bisecting, to 50 req/s), BENCH_STEPS steps (default 3) of BENCH_STEP_SECONDS each (default 4). The default run
 * takes about 3 minutes with PostgreSQL. A rate is held when every request got a 200, none was dropped, at least
 * 98% of the rate was answered per second and p99 stayed under 100 ms (five times the provider's 20 ms).
 * Then one row per endpoint and a fallback path (endpointBench.ts; BENCH_ENDPOINTS=false skips them).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { withPostgres } from './benchDatabases';
import { measureEndpoints, printEndpointRows, type EndpointRow } from './endpointBench';
import { KEY, loadOn, prepare, startGateway, startProvider } from './gatewayBenchKit';
import type { LoadResult } from './loadGenerator';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 4);
const STEPS = Number(process.env.BENCH_STEPS ?? 3);
const WARMUP_SECONDS = 3;
const HELD_P99_MS = 100;
const BODY = JSON.stringify({
  model: 'openai/bench-model',
  messages: [{ role: 'user', content: 'ping' }],
  max_tokens: 16,
});

const held = (r: LoadResult) =>
  r.errors === 0 && r.non2xx === 0 && r.dropped === 0 && r.achieved >= 0.98 * r.target && r.p99 < HELD_P99_MS;

interface EngineResult {
  engine: string;
  target: LoadResult;
  ladder: LoadResult[];
  billed: boolean;
}

async function measure(engine: string, db: Db, providerUrl: string): Promise<EngineResult> {
  await prepare(db);
  const app = await startGateway(db, { OPENAI_API_KEY: 'sk-bench-provider', OPENAI_BASE_URL: providerUrl });
  const gatewayUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
  const run = async (rate: number, seconds: number) => {
    const result = await loadOn(
      `${gatewayUrl}/chat/completions`,
      { authorization: `Bearer ${KEY}` },
      BODY,
      rate,
      seconds,
    );
    await app.gateway.settled();
    console.error(`  ${engine} ${rate} req/s: ${summary(result)}`);
    return result;
  };
  try {
    await run(Math.min(RATE, 200), WARMUP_SECONDS);
    const target = await run(RATE, SECONDS);
    const ladder: LoadResult[] = [];
    // Highest rate held so far and lowest rate not held: go up x1.5 or down /2 until both are known, then bisect.
    let heldRate = held(target) ? RATE : 0;
    let failedRate = held(target) ? Infinity : RATE;
    for (let step = 0; step < STEPS; step++) {
      const next =
        failedRate === Infinity ? heldRate * 1.5 : heldRate === 0 ? failedRate / 2 : (heldRate + failedRate) / 2;
      const rate = Math.round(next / 50) * 50;
      if (rate <= heldRate || rate >= failedRate) break;
      const result = await run(rate, STEP_SECONDS);
      ladder.push(result);
      if (held(result)) heldRate = rate;
      else failedRate = rate;
    }
    const [{ events }] = await db.query<{ events: number }>(
      `SELECT count(*) AS events FROM usage_events WHERE status = 'success'`,
    );
    const answered = [target, ...ladder].reduce((sum, r) => sum + r.ok, 0);
    // Every request answered 200 was billed (the warm-up's too, hence >=).
    return { engine, target, ladder, billed: events >= answered };
  } finally {
    await app.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const summary = (r: LoadResult) =>
  `${r.achieved.toFixed(0)}/s answered, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ` +
  `${r.errors} errors, ${r.non2xx} non-200, ${r.dropped} dropped${held(r) ? '' : ' (not held)'}`;

function highestHeld(result: EngineResult): string {
  const runs = [result.target, ...result.ladder];
  const rates = runs.filter(held).map((r) => r.target);
  const best = rates.length ? Math.max(...rates) : 0;
  const failed = runs.filter((r) => !held(r) && r.target > best).map((r) => r.target);
  if (best === 0) return `< ${Math.min(...failed)}`;
  return failed.length ? `${best} (not ${Math.min(...failed)})` : `${best}+`;
}

async function main() {
  const loadAtStart = os.loadavg()[0].toFixed(2);
  const provider = await startProvider();
  const results: EngineResult[] = [];
  let direct: LoadResult;
  let endpoints: EndpointRow[] = [];
  try {
    const directUrl = `${provider.url}/chat/completions`;
    await loadOn(directUrl, {}, BODY, Math.min(RATE, 200), WARMUP_SECONDS);
    direct = await loadOn(directUrl, {}, BODY, RATE, SECONDS);
    console.error(`  direct ${RATE} req/s: ${summary(direct)}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-'));
    const lite = await openPglite(dataDir);
    try {
      results.push(await measure('PGlite', lite, provider.url));
    } finally {
      await lite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const url = process.env.BENCH_DATABASE_URL;
    if (url) results.push(await withPostgres(url, (db) => measure('PostgreSQL', db, provider.url), 20));
    if (process.env.BENCH_ENDPOINTS !== 'false') endpoints = await measureEndpoints(provider.url, console.error);
  } finally {
    provider.child.kill();
  }

  console.log(
    `\nFake provider: ${process.env.FAKE_PROVIDER_DELAY_MS ?? 20} ms per answer. Target ${RATE} req/s for ${SECONDS} s, ` +
      `then ${STEP_SECONDS} s steps. ${os.cpus().length} CPUs shared by the load generator, the provider, the gateway ` +
      `(and PostgreSQL); 1-minute load average ${loadAtStart} at the start, ${os.loadavg()[0].toFixed(2)} at the end. ` +
      `"Added" is the gateway's percentile minus the direct run's (${RATE} req/s).\n`,
  );
  console.log(
    '| Path | Engine | Rate (req/s) | Answered/s | p50 (ms) | p99 (ms) | Added p50 (ms) | Added p99 (ms) | Failed | Held |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  const row = (path: string, engine: string, r: LoadResult, added: boolean) =>
    `| ${path} | ${engine} | ${r.target} | ${r.achieved.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ` +
    `${added ? ms(r.p50 - direct.p50) : '-'} | ${added ? ms(r.p99 - direct.p99) : '-'} | ` +
    `${r.errors + r.non2xx + r.dropped} | ${held(r) ? 'yes' : 'no'} |`;
  console.log(row('direct', '-', direct, false));
  for (const r of results) {
    for (const run of [r.target, ...r.ladder].sort((a, b) => a.target - b.target)) {
      console.log(row('gateway', r.engine, run, true));
    }
  }
  console.log('');
  for (const r of results) {
    console.log(
      `${r.engine}: highest rate held ${highestHeld(r)} req/s; every answered request billed: ${r.billed ? 'yes' : 'NO'}.`,
    );
  }
  if (endpoints.length > 0) printEndpointRows(endpoints);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
