/**
 * How npm run bench:gateway measures one path to the fake provider (direct, a proxy, a gateway), the same way for
 * every row, in this process and in scripts/bench-cluster.mts: a warm-up, one request at a time, a fixed rate, then a
 * ladder of rates to find the highest held. The knobs are read here, once.
 */
import { cpuMeter } from './cpuTime';
import { loadOn, serialOn } from './gatewayBenchKit';
import { type LoadResult, servedIn } from './loadGenerator';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const RATE = knob('BENCH_RATE', 1000);
export const SECONDS = knob('BENCH_SECONDS', 10);
export const SERIAL_SECONDS = knob('BENCH_SERIAL_SECONDS', 5);
export const STEP_SECONDS = knob('BENCH_STEP_SECONDS', 4);
export const STEPS = knob('BENCH_STEPS', 3);
const WARMUP_SECONDS = 3;
/** Five times the fake provider's 20 ms. */
export const HELD_P99_MS = 100;

export interface Target {
  /** The full chat completions URL. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

export const chatBody = (model: string) =>
  JSON.stringify({ model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 16 });

/** Our gateway at `baseUrl` (`…/v1`), with the bench key (the one gatewayBenchKit.ts's prepare returned). */
export const ourGateway = (baseUrl: string, key: string): Target => ({
  url: `${baseUrl}/chat/completions`,
  headers: { authorization: `Bearer ${key}` },
  body: chatBody('openai/bench-model'),
});

export interface PathResult {
  serial: LoadResult;
  target: LoadResult;
  ladder: LoadResult[];
  /** CPU milliseconds per request sent during the fixed-rate run (its lead-in included); null when not measured. */
  /** CPU a request: the path's server processes, its load balancer (HAProxy, cluster rows only), its database. */
  cpu: { server: number | null; proxy?: number | null; database: number | null };
}

/** The processes whose CPU a path's requests cost: the server's (all its threads), and its database's if separate. */
export interface CpuSources {
  server?: () => number[];
  /** A load balancer in front of the servers (the cluster rows' HAProxy), counted apart. */
  proxy?: () => number[];
  database?: () => number[];
}

export interface PathRow extends PathResult {
  path: string;
  /** GATEWAY_ADMISSION of our gateway's rows; '-' for the others. */
  admission: string;
  engine: string;
  /** The aims compare each of our gateway's rows with the trivial proxy's and Portkey's, all minus direct's. */
  role: 'direct' | 'trivial' | 'portkey' | 'ours';
  /** Ours: every request answered 200 was billed (usage events counted after the runs). */
  billed?: boolean;
}

/** What gatewayBench.ts asks scripts/bench-cluster.mts to measure; it answers with one row per cluster. */
export interface ClusterBenchRequest {
  providerUrl: string;
  clusters: { instances: number; admission: string }[];
}

export const held = (r: LoadResult) =>
  r.errors === 0 && r.non2xx === 0 && r.dropped === 0 && r.achieved >= 0.98 * r.target && r.p99 < HELD_P99_MS;

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');

export const summary = (r: LoadResult) =>
  `${r.achieved.toFixed(0)}/s answered, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ` +
  `${r.errors} errors, ${r.non2xx} non-200, ${r.dropped} dropped${r.target === 0 || held(r) ? '' : ' (not held)'}`;

/** Requests answered 200 over every measured run (the warm-up's are not counted). */
export const answered = (r: PathResult) => [r.serial, r.target, ...r.ladder].reduce((sum, run) => sum + run.ok, 0);

/**
 * Warm-up, BENCH_SERIAL_SECONDS one request at a time, BENCH_RATE for BENCH_SECONDS, then the ladder: up x1.5 from
 * BENCH_RATE while held, or down /2 until held, then bisecting, to 50 req/s, BENCH_STEPS steps of BENCH_STEP_SECONDS.
 * `settled` runs after each run (our in-process gateway writes its queued bills there).
 */
export async function measurePath(
  label: string,
  { url, headers, body }: Target,
  log: (line: string) => void,
  settled: () => Promise<void> = async () => undefined,
  cpuSources: CpuSources = {},
): Promise<PathResult> {
  const cpu: PathResult['cpu'] = { server: null, database: null };
  const run = async (rate: number, seconds: number, what = '') => {
    const started = monotonicMicroseconds();
    const server = cpuSources.server ? cpuMeter(cpuSources.server) : () => null;
    const database = cpuSources.database ? cpuMeter(cpuSources.database) : () => null;
    const proxy = cpuSources.proxy ? cpuMeter(cpuSources.proxy) : null;
    const result = await loadOn(url, headers, body, rate, seconds);
    await settled();
    // The bills written after the run are part of what its requests cost.
    const requests = servedIn(result);
    const perRequest = (used: number | null) => (used === null || requests === 0 ? null : used / requests);
    if (rate === RATE && !what)
      Object.assign(cpu, {
        server: perRequest(server()),
        database: perRequest(database()),
        ...(proxy && { proxy: perRequest(proxy()) }),
      });
    log(`  ${label} ${rate} req/s${what}: ${summary(result)}`);
    // For a CPU profile of this run only (scripts/cpu-profile-summary.mts --window): profiles count time on the same
    // monotonic clock, in microseconds.
    if (process.env.BENCH_CPU_WINDOWS)
      log(`  window ${started}-${monotonicMicroseconds()} ${label} ${rate} req/s${what}`);
    return result;
  };
  await run(Math.min(RATE, 200), WARMUP_SECONDS, ' (warm-up)');
  const serial = await serialOn(url, headers, body, SERIAL_SECONDS);
  await settled();
  log(`  ${label} one at a time: ${summary(serial)}`);
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
  return { serial, target, ladder, cpu };
}

const monotonicMicroseconds = () => process.hrtime.bigint() / 1000n;

export interface HighestHeld {
  /** The highest rate held, 0 when none was. */
  rate: number;
  /** The lowest rate above it that was not held; Infinity when the ladder stopped while still holding. */
  notHeld: number;
}

export function highestHeld(result: PathResult): HighestHeld {
  const runs = [result.target, ...result.ladder];
  const rates = runs.filter(held).map((r) => r.target);
  const rate = rates.length ? Math.max(...rates) : 0;
  const failed = runs.filter((r) => !held(r) && r.target > rate).map((r) => r.target);
  return { rate, notHeld: failed.length ? Math.min(...failed) : Infinity };
}

export function highestHeldText({ rate, notHeld }: HighestHeld): string {
  if (rate === 0) return `< ${notHeld}`;
  return notHeld === Infinity ? `${rate}+` : `${rate} (not ${notHeld})`;
}
