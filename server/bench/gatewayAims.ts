/**
 * The aims of issue "close to the floor", every path up at once so that the machine's drift falls on all of them
 * alike: our gateway's added latency one request at a time at most 1.5 times the trivial proxy's, and its CPU a
 * request at 1,000 req/s at most twice the trivial proxy's, 1,000 req/s held, on both engines.
 *
 *   npm run bench:gateway:aims          # BENCH_DATABASE_URL=… adds PostgreSQL
 *
 * `npm run bench:gateway` measures each path one after another, a few seconds each, and the same tree's ratios moved
 * between two runs by more than the aims' margins (docs/gateway.md › Performance). Here the fake provider, the trivial
 * proxy and our gateway (with leases; on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set; both in this
 * process) are all up together, and a child process loads them:
 *
 * - **one at a time**: one request to each path in turn, in a new random order every round, for BENCH_SERIAL_SECONDS
 *   (default 30) after WARMUP_ROUNDS rounds not counted. "Added" is a path's p50 minus the provider's own (direct)
 *   p50 over the same rounds; the paired figure is the median of each round's difference.
 * - **CPU at a rate**: BENCH_RATE (default 1,000 req/s) to one path for BENCH_BLOCK_SECONDS (default 4, after the load
 *   generator's 2 s lead-in), then the next, BENCH_BLOCKS times each (default 6), the order rotated every block. A
 *   block's cost is the CPU of the path's process over the requests it got (loadGenerator.ts servedIn): the trivial
 *   proxy's child; for our rows this process (every thread: PGlite's worker, and the idle gateway's background work,
 *   a few milliseconds a second), plus PostgreSQL's processes for the PostgreSQL row. Medians of the blocks; a rate
 *   is held when every block answered every request with a p99 under 100 ms.
 *
 * Exits 1 when a request our gateway answered was not billed, never on a timing.
 */
import type { FastifyInstance } from 'fastify';
import { withPglite, withPostgres } from './benchDatabases';
import { cpuMeter, pidsNamed } from './cpuTime';
import {
  billedWithin,
  interleavedOn,
  loadOn,
  prepare,
  startGateway,
  startProvider,
  startTrivialProxy,
} from './gatewayBenchKit';
import { type LoadResult, servedIn } from './loadGenerator';
import { addedOneAtATime, heldInEvery, verdict } from './aims';
import { chatBody, ourGateway, type Target } from './pathBench';
import { percentile } from './stats';
import type { Db } from '../db/types';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SERIAL_SECONDS = knob('BENCH_SERIAL_SECONDS', 30);
const RATE = knob('BENCH_RATE', 1000);
const BLOCK_SECONDS = knob('BENCH_BLOCK_SECONDS', 4);
const BLOCKS = knob('BENCH_BLOCKS', 6);
/**
 * Each path first takes the rate this long, not counted. After a 3 s warm-up at 200 req/s, our gateway's first blocks
 * at 1,000 req/s cost more than its later ones (0.755, 0.744, then 0.614 down to 0.519 ms a request in one run): V8's
 * helper threads, compiling the hot paths (and PGlite's WebAssembly) and marking, spent 0.06-0.08 ms a request in the
 * first 6 s at the rate and 0.02 from the third block on (read per thread from /proc). A server that has been up is
 * past that, and the aim is about its steady cost.
 */
const WARMUP_SECONDS = knob('BENCH_WARMUP_SECONDS', 12);
const WARMUP_ROUNDS = 100;
/** The aims: our added p50 one at a time, and our CPU a request, at most these many times the trivial proxy's. */
const LATENCY_AIM = 1.5;
const CPU_AIM = 2;

interface Path {
  name: string;
  target: Target;
  /** Milliseconds of CPU the path's server (and, apart, its database) has used so far. */
  cpu?: { server: () => number; database?: () => number };
  /** Our gateway's rows: where its bills go, and how many it answered. */
  ours?: { db: Db; teamId: string; app: FastifyInstance; answered: number };
}

const thisProcessCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Our gateway on `db`, with leases, sending `openai/…` to the fake provider. */
async function ourPath(engine: string, db: Db, providerUrl: string): Promise<Path> {
  const { teamId, key } = await prepare(db);
  const app = await startGateway(db, {
    OPENAI_API_KEY: 'sk-bench-provider',
    OPENAI_BASE_URL: providerUrl,
    GATEWAY_ADMISSION: 'lease',
  });
  const port = (app.server.address() as { port: number }).port;
  const postgres = cpuMeter(() => pidsNamed('postgres'));
  return {
    name: `ours, ${engine}, lease`,
    target: ourGateway(`http://127.0.0.1:${port}/v1`, key),
    cpu: { server: thisProcessCpu, ...(engine === 'PostgreSQL' && { database: () => postgres() ?? 0 }) },
    ours: { db, teamId, app, answered: 0 },
  };
}

/** PGlite, and PostgreSQL too when BENCH_DATABASE_URL is set, open together for `fn`. */
function withEngines<T>(fn: (engines: [string, Db][]) => Promise<T>): Promise<T> {
  const url = process.env.BENCH_DATABASE_URL;
  return withPglite((lite) =>
    url
      ? withPostgres(url, (postgres) =>
          fn([
            ['PGlite', lite],
            ['PostgreSQL', postgres],
          ]),
        )
      : fn([['PGlite', lite]]),
  );
}

const ms = (value: number) => value.toFixed(2);

async function main() {
  const provider = await startProvider();
  const proxy = await startTrivialProxy(provider.url);
  const proxyCpu = cpuMeter(() => [proxy.child.pid!]);
  let unbilled = false;
  try {
    await withEngines(async (engines) => {
      const body = chatBody('bench-model');
      const paths: Path[] = [
        { name: 'direct', target: { url: `${provider.url}/chat/completions`, headers: {}, body } },
        {
          name: 'trivial proxy',
          target: { url: `${proxy.url}/chat/completions`, headers: {}, body },
          cpu: { server: () => proxyCpu() ?? NaN },
        },
      ];
      for (const [engine, db] of engines) paths.push(await ourPath(engine, db, provider.url));
      try {
        await oneAtATime(paths);
        await cpuAtRate(paths.filter((path) => path.cpu));
        for (const path of paths) {
          if (!path.ours) continue;
          if (!(await billedWithin(path.ours.db, path.ours.teamId, path.ours.answered, 30_000))) {
            console.log(`${path.name}: answered requests were not all billed`);
            unbilled = true;
          }
        }
        console.log(`\nEvery request our gateway answered was billed: ${unbilled ? 'NO' : 'yes'}.`);
      } finally {
        for (const path of paths) await path.ours?.app.close();
      }
    });
  } finally {
    proxy.child.kill();
    provider.child.kill();
  }
  if (unbilled) process.exitCode = 1;
}

async function oneAtATime(paths: Path[]) {
  const run = await interleavedOn(
    paths.map((path) => path.target),
    WARMUP_ROUNDS,
    SERIAL_SECONDS,
  );
  for (const [i, path] of paths.entries()) if (path.ours) path.ours.answered += run.rounds - run.failures[i];
  const { p50s, p99s, added, paired } = addedOneAtATime(run.latencies);
  const rounds = run.rounds - WARMUP_ROUNDS;
  console.log(`\nOne request at a time to each path in turn: ${rounds} rounds in ${SERIAL_SECONDS} s.\n`);
  console.log('| Path | p50 (ms) | p99 (ms) | Failed | Added p50 (ms) | Added p50, paired (ms) | ÷ trivial |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [i, path] of paths.entries()) {
    const extra = i === 0 ? ['-', '-'] : [ms(added[i]), ms(paired[i])];
    const ratio = path.ours
      ? `${verdict(added[i] / added[1], LATENCY_AIM)} (paired ${(paired[i] / paired[1]).toFixed(2)}x)`
      : '';
    console.log(
      `| ${path.name} | ${ms(p50s[i])} | ${ms(p99s[i])} | ${run.failures[i]} | ${extra.join(' | ')} | ${ratio} |`,
    );
  }
}

async function cpuAtRate(paths: Path[]) {
  for (const path of paths) {
    const warm = await loadOn(path.target.url, path.target.headers, path.target.body, RATE, WARMUP_SECONDS);
    if (path.ours) path.ours.answered += warm.ok;
  }
  const blocks = paths.map(() => ({ server: [] as number[], database: [] as number[], runs: [] as LoadResult[] }));
  for (let block = 0; block < BLOCKS; block++) {
    for (let k = 0; k < paths.length; k++) {
      const i = (block + k) % paths.length;
      const { target, cpu, ours } = paths[i];
      const server = cpu!.server();
      const database = cpu!.database?.() ?? 0;
      const run = await loadOn(target.url, target.headers, target.body, RATE, BLOCK_SECONDS);
      const served = servedIn(run);
      blocks[i].server.push((cpu!.server() - server) / served);
      blocks[i].database.push(((cpu!.database?.() ?? 0) - database) / served);
      blocks[i].runs.push(run);
      if (ours) ours.answered += run.ok;
    }
  }
  const cost = blocks.map(({ server, database }) => ({
    server: percentile(server, 50),
    database: percentile(database, 50),
  }));
  // The paths given are the trivial proxy, then ours (direct has no CPU of its own to compare).
  const trivial = cost[0].server;
  console.log(
    `\n${RATE} req/s to one path at a time, ${BLOCK_SECONDS} s each after a 2 s lead-in, ${BLOCKS} blocks each, ` +
      `the order rotated every block, after ${WARMUP_SECONDS} s at the rate each not counted; CPU medians of the blocks.\n`,
  );
  console.log('| Path | CPU a request (ms) | ÷ trivial | p99, median of blocks (ms) | Held in every block |');
  console.log('|---|---:|---|---:|---|');
  for (const [i, path] of paths.entries()) {
    const { server, database } = cost[i];
    const total = server + database;
    const shown = database > 0 ? `${server.toFixed(3)} + ${database.toFixed(3)} database` : server.toFixed(3);
    const p99 = percentile(
      blocks[i].runs.map((run) => run.p99),
      50,
    );
    const held = heldInEvery(blocks[i].runs);
    const ratio = path.ours ? verdict(total / trivial, CPU_AIM) : '';
    console.log(`| ${path.name} | ${shown} | ${ratio} | ${ms(p99)} | ${held ? 'yes' : 'NO'} |`);
  }
  console.log('\nEach block: CPU a request (with the database), p99, answered/sent (dropped).');
  for (const [i, path] of paths.entries()) {
    const each = blocks[i].runs.map(
      (run, b) =>
        `${(blocks[i].server[b] + blocks[i].database[b]).toFixed(3)} ${run.p99.toFixed(0)} ms ` +
        `${run.ok}/${run.sent}${run.dropped ? ` (${run.dropped})` : ''}`,
    );
    console.log(`- ${path.name}: ${each.join('; ')}`);
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
