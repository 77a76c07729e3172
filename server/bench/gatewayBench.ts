/**
 * npm run bench:gateway — paths to a fake provider answering after 20 ms, on loopback, in one run: the provider
 * called directly (the baseline every "added" figure is measured against), a trivial Fastify proxy (the floor of this
 * stack, trivialProxy.ts), Portkey's open-source gateway (portkeyGateway.ts), our gateway in this process on PGlite
 * and, when BENCH_DATABASE_URL is set, on PostgreSQL, and our gateway in cluster mode behind HAProxy with 1 and 2
 * instances (scripts/bench-cluster.mts, a child process: the cluster launcher is ESM). Each of our rows runs with
 * each GATEWAY_ADMISSION mode. Every path is measured the same way (pathBench.ts): one request at a time, a fixed
 * rate, and a ladder to the highest rate held. Prints one markdown table, the aims as ratios, then one row per
 * endpoint (endpointBench.ts).
 *
 * Knobs: BENCH_ROWS (default direct,trivial,portkey,pglite,cache,cacheredis,guardrails,postgres,cluster1,cluster2;
 * direct is always measured; cacheredis: the cache's hits with its answers in a throw-away redis-server,
 * CACHE_STORE=redis; guardrails: a short and a 10 KB prompt, each without and with the demo's policy, side by side),
 * BENCH_ADMISSION (default lease,statement), BENCH_SERIAL_SECONDS (default 5) one request at a time, BENCH_RATE
 * (default 1000 req/s) for BENCH_SECONDS (default 10), then BENCH_STEPS ladder steps (default 3) of
 * BENCH_STEP_SECONDS (default 4); BENCH_CLUSTER_PORT (default 28080: HAProxy, then the instances, PostgreSQL at +10,
 * Redis at +11, HAProxy's stats at +12); BENCH_PORTKEY_DIR (default node_modules/@portkey-ai/gateway);
 * BENCH_ENDPOINTS=false skips the endpoint rows; BENCH_WATCH (default off; any of off,metrics,tracing) runs each
 * in-process row once per variant, side by side (BENCH_WATCH_ROUNDS times in turn), and prints what metrics and
 * tracing cost (docs/operations.md); BENCH_LOG_LEVEL (default silent) runs the in-process gateways with their JSON
 * logs on, written to stdout (docs/gateway.md, "The server's own logs"). A rate is held when every request got a 200, none was dropped, at
 * least 98% of the rate was answered per second and p99 stayed under 100 ms (five times the provider's 20 ms).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/types';
import { startTestRedis } from '../test/redisHelper';
import { pidsNamed } from './cpuTime';
import { withPglite, withPostgres } from './benchDatabases';
import { measureEndpoints, printEndpointRows, type EndpointRow } from './endpointBench';
import {
  billedWithin,
  jsonFromChild,
  prepare,
  startGateway,
  startProvider,
  startTrivialProxy,
} from './gatewayBenchKit';
import { printAims, printGuardrailsCost, printRows, printWatchCost, unbilledRows } from './gatewayBenchReport';
import {
  RATE,
  SECONDS,
  SERIAL_SECONDS,
  STEP_SECONDS,
  answered,
  chatBody,
  measurePath,
  ourGateway,
  type ClusterBenchRequest,
  type PathRow,
  type Target,
} from './pathBench';
import { requirePortkey, startPortkey } from './portkeyGateway';

const WATCH_NAMES = ['off', 'metrics', 'tracing'];
interface Watch {
  name: string;
  env: Record<string, string>;
}
const watchOf = (name: string, sinkUrl: string): Watch => ({
  name,
  env:
    name === 'metrics'
      ? { METRICS_TOKEN: 'bench-metrics-token-0123456789' }
      : name === 'tracing'
        ? { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl }
        : {},
});

/** Where the tracing row's spans go: an OTLP/HTTP receiver that takes every export and keeps nothing. */
async function startTraceSink() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

const ROW_NAMES = [
  'direct',
  'trivial',
  'portkey',
  'pglite',
  'cache',
  'cacheredis',
  'guardrails',
  'postgres',
  'cluster1',
  'cluster2',
];
/**
 * The response cache's rows (docs/gateway.md#caching), on PGlite with leases: every request the same with
 * `x-gateway-cache: true` (the first a miss, every other a hit), and with `Cache-Control: no-cache` as well (each goes
 * to the provider and stores its answer: what a miss adds besides its lookup).
 */
const CACHE_ROWS = {
  hits: { label: 'cache hits', headers: { 'x-gateway-cache': 'true' } },
  stores: {
    label: 'cache refresh (stores every answer)',
    headers: { 'x-gateway-cache': 'true', 'cache-control': 'no-cache' },
  },
} as const;
const ADMISSION_MODES = ['lease', 'statement'];

/**
 * The guardrails' rows (docs/guardrails.md#what-they-cost), on PGlite with leases: the short prompt and a 10 KB one
 * (ordinary prose: nothing found, so every request is answered), each without and with the demo's policy (secrets
 * blocked, personal data redacted), which checks the prompt and the answer.
 */
const TEN_KB_PROMPT = 'The quarterly report covers revenue, churn and the hiring plan for the next two quarters. '
  .repeat(120)
  .slice(0, 10_240);
const GUARD_ROWS = [
  { label: 'short prompt, no guardrails', policy: false, prompt: null },
  { label: 'short prompt, guardrails on', policy: true, prompt: null },
  { label: '10 KB prompt, no guardrails', policy: false, prompt: TEN_KB_PROMPT },
  { label: '10 KB prompt, guardrails on', policy: true, prompt: TEN_KB_PROMPT },
] as const;
type GuardRow = (typeof GUARD_ROWS)[number];
const DEMO_POLICY = {
  detectors: { secret: 'block', email: 'redact', phone: 'redact', card: 'redact', iban: 'redact', ip: 'redact' },
  patterns: [],
};

function listFromEnv(name: string, allowed: string[], fallback = allowed): Set<string> {
  const values = (process.env[name] ?? fallback.join(',')).split(',').map((value) => value.trim());
  const unknown = values.filter((value) => !allowed.includes(value));
  if (unknown.length > 0) {
    console.error(`${name}: unknown ${unknown.join(', ')} (one or more of ${allowed.join(',')})`);
    process.exit(2);
  }
  return new Set(values);
}

const ROWS = listFromEnv('BENCH_ROWS', ROW_NAMES);
const ADMISSIONS = [...listFromEnv('BENCH_ADMISSION', ADMISSION_MODES)];
/**
 * What watches the in-process gateway (docs/operations.md): each variant is its own row, side by side, the variants
 * taken in turn BENCH_WATCH_ROUNDS times (default 1) so that a noisy neighbour weighs on each alike.
 */
const WATCH_ROUNDS = Math.max(1, Number(process.env.BENCH_WATCH_ROUNDS ?? 1) || 1);
const WATCHES = Array.from({ length: WATCH_ROUNDS }, () => [
  ...listFromEnv('BENCH_WATCH', WATCH_NAMES, ['off']),
]).flat();
const log = (line: string) => console.error(line);

/** A path served by one child process (the provider, the trivial proxy, Portkey), whose CPU per request is counted. */
const otherPath = async (role: PathRow['role'], name: string, target: Target, pid?: number): Promise<PathRow> => ({
  path: name,
  admission: '-',
  engine: '-',
  role,
  ...(await measurePath(name, target, log, undefined, pid === undefined ? {} : { server: () => [pid] })),
});

async function inProcess(
  engine: string,
  admission: string,
  db: Db,
  providerUrl: string,
  watch: Watch,
  cache: (typeof CACHE_ROWS)[keyof typeof CACHE_ROWS] | null = null,
  redisUrl: string | null = null,
  guard: GuardRow | null = null,
): Promise<PathRow> {
  const { teamId, key } = await prepare(db);
  if (guard?.policy) {
    await db.query('INSERT INTO guardrail_policies (team_id, policy) VALUES ($1, $2)', [teamId, DEMO_POLICY]);
  }
  const app = await startGateway(db, {
    OPENAI_API_KEY: 'sk-bench-provider',
    OPENAI_BASE_URL: providerUrl,
    GATEWAY_ADMISSION: admission,
    ...watch.env,
    ...(redisUrl && { REDIS_URL: redisUrl }),
  });
  try {
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
    const target = ourGateway(baseUrl, key);
    if (cache) target.headers = { ...target.headers, ...cache.headers };
    if (guard?.prompt) {
      target.body = JSON.stringify({ ...JSON.parse(target.body), messages: [{ role: 'user', content: guard.prompt }] });
    }
    const label = cache ? `, ${cache.label}` : guard ? `, ${guard.label}` : '';
    // This process is the server (all its threads: PGlite's worker too; the load generator and the provider are
    // children); PostgreSQL's processes are counted apart.
    const cpu = {
      server: () => [process.pid],
      ...(engine === 'PostgreSQL' && { database: () => pidsNamed('postgres') }),
    };
    const result = await measurePath(`${engine} ${admission}${label}`, target, log, () => app.gateway.settled(), cpu);
    const billed = await billedWithin(db, teamId, answered(result), 0);
    const named = cache
      ? `gateway (in process, ${cache.label}${redisUrl ? ' in Redis' : ''})`
      : guard
        ? `gateway (in process, ${guard.label})`
        : watch.name === 'off'
          ? 'gateway (in process)'
          : `gateway (in process, ${watch.name} on)`;
    return { path: named, admission, engine, role: 'ours', ...result, billed };
  } finally {
    await app.close();
  }
}

async function main() {
  if (ROWS.has('portkey')) requirePortkey();
  const loadAtStart = os.loadavg()[0].toFixed(2);
  const provider = await startProvider();
  const sink = WATCHES.includes('tracing') ? await startTraceSink() : null;
  const watches = WATCHES.map((name) => watchOf(name, sink?.url ?? ''));
  const rows: PathRow[] = [];
  let endpoints: EndpointRow[] = [];
  try {
    const body = chatBody('bench-model');
    rows.push(
      await otherPath(
        'direct',
        'direct',
        { url: `${provider.url}/chat/completions`, headers: {}, body },
        provider.child.pid,
      ),
    );
    if (ROWS.has('trivial')) {
      const proxy = await startTrivialProxy(provider.url);
      try {
        rows.push(
          await otherPath(
            'trivial',
            'trivial proxy',
            { url: `${proxy.url}/chat/completions`, headers: {}, body },
            proxy.child.pid,
          ),
        );
      } finally {
        proxy.child.kill();
      }
    }
    if (ROWS.has('portkey')) {
      const portkey = await startPortkey(provider.url);
      try {
        const target = { url: `${portkey.url}/chat/completions`, headers: portkey.headers, body };
        rows.push(await otherPath('portkey', `Portkey ${portkey.version}`, target, portkey.child.pid));
      } finally {
        portkey.child.kill();
      }
    }
    for (const admission of ROWS.has('pglite') ? ADMISSIONS : []) {
      for (const watch of watches) {
        rows.push(await withPglite((db) => inProcess('PGlite', admission, db, provider.url, watch)));
      }
    }
    if (ROWS.has('cache')) {
      for (const cache of Object.values(CACHE_ROWS)) {
        rows.push(await withPglite((db) => inProcess('PGlite', 'lease', db, provider.url, watchOf('off', ''), cache)));
      }
    }
    if (ROWS.has('cacheredis')) {
      const redis = await startTestRedis();
      try {
        const hits = CACHE_ROWS.hits;
        rows.push(
          await withPglite((db) => inProcess('PGlite', 'lease', db, provider.url, watchOf('off', ''), hits, redis.url)),
        );
      } finally {
        await redis.stop();
      }
    }
    if (ROWS.has('guardrails')) {
      for (const guard of GUARD_ROWS) {
        const off = watchOf('off', '');
        rows.push(await withPglite((db) => inProcess('PGlite', 'lease', db, provider.url, off, null, null, guard)));
      }
    }
    const url = process.env.BENCH_DATABASE_URL;
    if (ROWS.has('postgres') && !url) log('  postgres: skipped (BENCH_DATABASE_URL is not set)');
    if (ROWS.has('postgres') && url) {
      for (const admission of ADMISSIONS) {
        for (const watch of watches) {
          rows.push(await withPostgres(url, (db) => inProcess('PostgreSQL', admission, db, provider.url, watch), 20));
        }
      }
    }
    const clusters = [1, 2]
      .filter((instances) => ROWS.has(`cluster${instances}`))
      .flatMap((instances) => ADMISSIONS.map((admission) => ({ instances, admission })));
    if (clusters.length > 0) {
      const request: ClusterBenchRequest = { providerUrl: provider.url, clusters };
      rows.push(...(await jsonFromChild<PathRow[]>(path.join('scripts', 'bench-cluster.mts'), request)));
    }
    if (process.env.BENCH_ENDPOINTS !== 'false') endpoints = await measureEndpoints(provider.url, log);
  } finally {
    provider.child.kill();
    sink?.close();
  }

  const direct = rows[0];
  console.log(
    `\nFake provider: ${process.env.FAKE_PROVIDER_DELAY_MS ?? 20} ms per answer. Each path: one request at a time ` +
      `for ${SERIAL_SECONDS} s, then ${RATE} req/s for ${SECONDS} s, then ${STEP_SECONDS} s ladder steps. ` +
      `${os.cpus().length} CPUs shared by the load generator, the provider, the path measured (and PostgreSQL, ` +
      `Redis, HAProxy); 1-minute load average ${loadAtStart} at the start, ${os.loadavg()[0].toFixed(2)} at the end. ` +
      `"Added" is the path's percentile minus the direct path's in the same mode (one at a time, or ${RATE} req/s).\n`,
  );
  printRows(rows, direct);
  printAims(rows, direct);
  printWatchCost(rows, direct);
  printGuardrailsCost(rows);
  if (endpoints.length > 0) printEndpointRows(endpoints);
  const unbilled = unbilledRows(rows);
  if (unbilled.length > 0) {
    console.error(`\nNot every answered request was billed: ${unbilled.join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
