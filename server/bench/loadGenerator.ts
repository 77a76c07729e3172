/**
 * Open-loop load at a fixed arrival rate (a child process of gatewayBench.ts, so it does not share the server's
 * event loop). Requests are started on schedule whether or not earlier ones have finished, so a slow server shows
 * up as latency instead of quietly lowering the rate (autocannon's closed loop, and its 1 ms resolution, would hide
 * both). With `serial`, one request at a time instead: each starts when the previous one has answered, the latency
 * of a lone client. Prints one JSON result on stdout.
 */
import http from 'node:http';

/**
 * A fixed-rate run starts with this long at its rate, answered but not counted. Without it, a run's p99 was its
 * first seconds': every path, the trivial proxy and the direct provider included, took 0.25-1.5 s to settle at a new
 * rate (four times the warm-up's, say; the cluster behind HAProxy up to 1.75 s), with answers up to 1.5 s late
 * meanwhile, and then held the rate at a steady 20-30 ms (per-request traces of npm run bench:gateway at 800 and
 * 1,000 req/s). The lead-in's failures, drops and errors still count: a path that cannot take the step is not held.
 */
const LEAD_IN_SECONDS = 2;

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Requests per second; ignored (reported as 0) when `serial`. */
  rate: number;
  seconds: number;
  /** Requests in flight beyond this count are not sent and count as dropped. */
  maxInFlight: number;
  /** One request at a time for `seconds`, instead of a fixed arrival rate. */
  serial?: boolean;
}

export interface LoadResult {
  target: number;
  /** Requests dispatched after the lead-in (the dropped ones among them). */
  sent: number;
  /** Requests dispatched in the lead-in (LEAD_IN_SECONDS), counted in no other figure; 0 one at a time. */
  leadIn: number;
  ok: number;
  errors: number;
  non2xx: number;
  dropped: number;
  /** Successful responses per second over the sending window. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function result(
  target: number,
  counts: Pick<LoadResult, 'sent' | 'leadIn' | 'ok' | 'errors' | 'non2xx' | 'dropped'>,
  latencies: Float64Array,
  seconds: number,
): LoadResult {
  const sorted = latencies.slice(0, counts.ok).sort();
  return {
    target,
    ...counts,
    achieved: counts.ok / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/** One POST of `body` on `agent`: its status once the answer is read, or null when the connection failed. */
function post(url: URL, agent: http.Agent, headers: Record<string, string>, body: Buffer): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? null));
      // An answer cut short: 'close' without 'end' (the first resolve wins).
      response.once('error', () => undefined);
      response.once('close', () => resolve(null));
    });
    request.once('error', () => resolve(null));
    request.end(body);
  });
}

function prepared(options: Pick<LoadOptions, 'url' | 'headers' | 'body'>) {
  const body = Buffer.from(options.body);
  return {
    url: new URL(options.url),
    body,
    headers: { ...options.headers, 'content-length': String(body.length) },
  };
}

async function runSerial(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { url, body, headers } = prepared(options);
  const counts = { sent: 0, leadIn: 0, ok: 0, errors: 0, non2xx: 0, dropped: 0 };
  let latencies = new Float64Array(1024);
  const start = performance.now();
  const end = start + options.seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    counts.sent++;
    const status = await post(url, agent, headers, body);
    if (status === 200) {
      if (counts.ok === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[counts.ok++] = performance.now() - started;
    } else if (status === null) counts.errors++;
    else counts.non2xx++;
  }
  agent.destroy();
  return result(0, counts, latencies, (performance.now() - start) / 1000);
}

async function runAtRate(options: LoadOptions): Promise<LoadResult> {
  const leadIn = Math.round(options.rate * LEAD_IN_SECONDS);
  const total = leadIn + Math.round(options.rate * options.seconds);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight });
  const { url, body, headers } = prepared(options);
  const latencies = new Float64Array(total);
  let sent = 0;
  let ok = 0;
  let errors = 0;
  let non2xx = 0;
  let dropped = 0;
  let inFlight = 0;
  let finished = 0;
  let done!: () => void;
  const allDone = new Promise<void>((resolve) => (done = resolve));
  const settle = () => ++finished === total && done();

  const fire = () => {
    if (inFlight >= options.maxInFlight) {
      dropped++;
      settle();
      return;
    }
    inFlight++;
    const started = performance.now();
    const counted = sent > leadIn;
    void post(url, agent, headers, body).then((status) => {
      inFlight--;
      if (status === 200) {
        if (counted) latencies[ok++] = performance.now() - started;
      } else if (status === null) errors++;
      else non2xx++;
      settle();
    });
  };

  const start = performance.now();
  let measuredFrom = start;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * options.rate));
      while (sent < due) {
        sent++;
        if (sent === leadIn + 1) measuredFrom = performance.now();
        fire();
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const sendingSeconds = Math.max(options.seconds, (performance.now() - measuredFrom) / 1000);
  await allDone;
  agent.destroy();
  return result(options.rate, { sent: sent - leadIn, leadIn, ok, errors, non2xx, dropped }, latencies, sendingSeconds);
}

/** Several paths one request at a time, taking turns (gatewayAims.ts). */
export interface InterleavedOptions {
  targets: { url: string; headers: Record<string, string>; body: string }[];
  /** Rounds sent first and not counted (each path's connection opened, its caches warm). */
  warmupRounds: number;
  seconds: number;
}

export interface InterleavedResult {
  /** Each target's latency in each round (ms; NaN when that request failed), by target, then round. */
  latencies: number[][];
  /** Each target's answers other than a 200 (and failed connections), warm-up included. */
  failures: number[];
  /** Rounds sent, warm-up included: each target got this many requests. */
  rounds: number;
}

/**
 * One request at a time to each target in turn, in a new random order every round, until `seconds` have passed. A
 * round's requests are a few milliseconds apart, so whatever else the machine does falls on every path alike, where
 * paths measured one after another each get a minute of their own (docs/gateway.md › Performance).
 */
export async function runInterleaved(options: InterleavedOptions): Promise<InterleavedResult> {
  const paths = options.targets.map((target) => ({
    ...prepared(target),
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  }));
  const latencies: number[][] = paths.map(() => []);
  const failures = paths.map(() => 0);
  const order = paths.map((_, i) => i);
  let end = Infinity;
  let round = 0;
  for (; round < options.warmupRounds || performance.now() < end; round++) {
    if (round === options.warmupRounds) end = performance.now() + options.seconds * 1000;
    // Fisher-Yates: no path is always first after the others' requests, or always last.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const taken: number[] = [];
    for (const i of order) {
      const { url, agent, headers, body } = paths[i];
      const started = performance.now();
      const status = await post(url, agent, headers, body);
      taken[i] = status === 200 ? performance.now() - started : NaN;
      if (status !== 200) failures[i]++;
    }
    if (round >= options.warmupRounds) taken.forEach((ms, i) => latencies[i].push(ms));
  }
  for (const { agent } of paths) agent.destroy();
  return { latencies, failures, rounds: round };
}

/**
 * The requests a server answered or refused over a whole run, the lead-in's included: what the CPU it spent over the
 * run paid for. Dividing that CPU by `sent` alone overstated each request's cost by the lead-in's share (a fifth at
 * 10 s runs), the same for every path, so the ratios held, but not the milliseconds.
 */
export const servedIn = (r: LoadResult) => r.sent + r.leadIn - r.dropped;

if (require.main === module) {
  const options = JSON.parse(process.argv[2]) as LoadOptions | InterleavedOptions;
  const run = 'targets' in options ? runInterleaved(options) : options.serial ? runSerial(options) : runAtRate(options);
  void run.then((r) => process.stdout.write(JSON.stringify(r)));
}
