/**
 * Two trees of this repository measured side by side in one process, in alternating blocks: what a change to the
 * gateway's path does to the CPU a request costs, on a machine whose speed drifts by more than the change between
 * two runs of `npm run bench:gateway` (docs/gateway.md › Performance, "Comparing two trees").
 *
 *   BENCH_BASE_DIR=/path/to/other/tree npm run bench:gateway:ab
 *
 * The other tree is a worktree of another commit (`git worktree add --detach ../base <commit>`) with node_modules
 * (a link to this one's will do). Each tree's gateway runs here on its own database (PGlite; PostgreSQL too when
 * BENCH_DATABASE_URL is set, a throw-away schema each), with leases, against one fake provider answering in 20 ms.
 * After a warm-up, load at BENCH_RATE (default 1,000 req/s, from a child process) goes to one gateway for
 * BENCH_BLOCK_SECONDS (default 4, after the load generator's 2 s lead-in), then to the other, BENCH_BLOCKS times
 * each (default 8), the order swapped every pair. A block's cost is the CPU this process spent in it (user plus
 * system, every thread: both gateways and their PGlite workers; the idle one's background work falls in both arms
 * alike) divided by the requests it got (the lead-in's included: loadGenerator.ts servedIn), and on PostgreSQL its processes' apart (those alive at both ends of the block:
 * a backend that came or went in it is left out). Every answered request must be
 * billed, as in the main benchmark. Prints each block and the medians, and the ratio of the medians.
 */
import path from 'node:path';
import { withPglite, withPostgres } from './benchDatabases';
import { cpuMsOf, pidsNamed } from './cpuTime';
import * as oursKit from './gatewayBenchKit';
import { billedWithin, loadOn, startProvider } from './gatewayBenchKit';
import { ourGateway } from './pathBench';
import { servedIn } from './loadGenerator';
import { percentile } from './stats';
import type { Db } from '../db/types';

type Kit = Pick<typeof oursKit, 'prepare' | 'startGateway'>;

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RATE = knob('BENCH_RATE', 1000);
const BLOCK_SECONDS = knob('BENCH_BLOCK_SECONDS', 4);
const BLOCKS = knob('BENCH_BLOCKS', 8);

interface Arm {
  name: string;
  kit: Kit;
  /** This process's CPU a request, each block. */
  perRequest: number[];
  /** PostgreSQL's, each block (0 on PGlite, whose worker is a thread of this process). */
  database: number[];
  answered: number;
}

const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** PostgreSQL's processes now, with the CPU each has used so far. */
const postgresCpu = () => new Map(pidsNamed('postgres').map((pid) => [pid, cpuMsOf(pid) ?? 0]));
/** What PostgreSQL's processes spent since `before`: those alive at both ends (a backend that came or went is left out). */
function postgresSpentSince(before: Map<number, number>): number {
  let spent = 0;
  for (const [pid, now] of postgresCpu()) if (before.has(pid)) spent += now - before.get(pid)!;
  return spent;
}

async function measure(engine: string, providerUrl: string, arms: Arm[], dbs: Db[]) {
  const targets = await Promise.all(
    arms.map(async (arm, i) => {
      const { teamId, key } = await arm.kit.prepare(dbs[i]);
      const app = await arm.kit.startGateway(dbs[i], {
        OPENAI_API_KEY: 'sk-bench-provider',
        OPENAI_BASE_URL: providerUrl,
        GATEWAY_ADMISSION: 'lease',
      });
      const port = (app.server.address() as { port: number }).port;
      return { app, teamId, target: ourGateway(`http://127.0.0.1:${port}/v1`, key) };
    }),
  );
  try {
    for (const { target } of targets) await loadOn(target.url, target.headers, target.body, 200, 3);
    for (let block = 0; block < BLOCKS; block++) {
      const order = block % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const { target } = targets[i];
        const cpu = processCpuMs();
        const database = postgresCpu();
        const result = await loadOn(target.url, target.headers, target.body, RATE, BLOCK_SECONDS);
        const served = servedIn(result);
        const gateway = (processCpuMs() - cpu) / served;
        const postgres = engine === 'PostgreSQL' ? postgresSpentSince(database) / served : 0;
        arms[i].perRequest.push(gateway);
        arms[i].database.push(postgres);
        arms[i].answered += result.ok;
        console.log(
          `  ${engine} block ${block + 1} ${arms[i].name}: ${gateway.toFixed(3)} ms a request` +
            (engine === 'PostgreSQL' ? ` + ${postgres.toFixed(3)} database` : '') +
            `, ${result.ok}/${result.sent} answered, p99 ${result.p99.toFixed(1)} ms`,
        );
      }
    }
    for (const [i, arm] of arms.entries()) {
      // The warm-up's 600 answers and every block's: all of them billed.
      const billed = await billedWithin(dbs[i], targets[i].teamId, arm.answered + 600, 30_000);
      if (!billed) throw new Error(`${arm.name} on ${engine}: answered requests were not all billed`);
    }
  } finally {
    for (const { app } of targets) await app.close();
  }
}

async function main() {
  const baseDir = process.env.BENCH_BASE_DIR;
  if (!baseDir) throw new Error('BENCH_BASE_DIR names the other tree (a worktree of the commit to compare with)');
  const baseKit = (await import(path.resolve(baseDir, 'server/bench/gatewayBenchKit.ts'))) as Kit;
  const provider = await startProvider();
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const url = process.env.BENCH_DATABASE_URL;
  const report: string[] = [];
  try {
    for (const [knobName, engine] of [
      ['pglite', 'PGlite'],
      ['postgres', 'PostgreSQL'],
    ]) {
      if (!engines.includes(knobName) || (engine === 'PostgreSQL' && !url)) continue;
      const arms: Arm[] = [
        { name: `base (${baseDir})`, kit: baseKit, perRequest: [], database: [], answered: 0 },
        { name: 'this tree', kit: oursKit, perRequest: [], database: [], answered: 0 },
      ];
      const open = <T>(fn: (db: Db) => Promise<T>) => (engine === 'PGlite' ? withPglite(fn) : withPostgres(url!, fn));
      await open((a) => open((b) => measure(engine, provider.url, arms, [a, b])));
      const [base, ours] = arms.map((arm) => percentile(arm.perRequest, 50));
      const [baseDb, oursDb] = arms.map((arm) => percentile(arm.database, 50));
      const database = (value: number) => (engine === 'PostgreSQL' ? ` + ${value.toFixed(3)} database` : '');
      report.push(
        `${engine}: base ${base.toFixed(3)}${database(baseDb)} ms a request, this tree ${ours.toFixed(3)}` +
          `${database(oursDb)} (medians of ${BLOCKS} blocks at ${RATE} req/s); this tree / base = ` +
          `${(ours / base).toFixed(3)}` +
          (engine === 'PostgreSQL' ? `, with the database ${((ours + oursDb) / (base + baseDb)).toFixed(3)}` : ''),
      );
    }
  } finally {
    provider.child.kill();
  }
  console.log(`\n${report.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
