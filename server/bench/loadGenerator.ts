/**
 * Open-loop load at a fixed arrival rate (a child process of gatewayBench.ts, so it does not share the server's
 * event loop). Requests are started on schedule whether or not earlier ones have finished, so a slow server shows
 * up as latency instead of quietly lowering the rate (autocannon's closed loop, and its 1 ms resolution, would hide
 * both). Prints one JSON result on stdout.
 */
import http from 'node:http';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  rate: number;
  seconds: number;
  /** Requests in flight beyond this count are not sent and count as dropped. */
  maxInFlight: number;
}

export interface LoadResult {
  target: number;
  sent: number;
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

async function run(options: LoadOptions): Promise<LoadResult> {
  const total = Math.round(options.rate * options.seconds);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight });
  const url = new URL(options.url);
  const body = Buffer.from(options.body);
  const headers = { ...options.headers, 'content-length': String(body.length) };
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
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.once('end', () => {
        inFlight--;
        if (response.statusCode === 200) latencies[ok++] = performance.now() - started;
        else non2xx++;
        settle();
      });
    });
    request.once('error', () => {
      inFlight--;
      errors++;
      settle();
    });
    request.end(body);
  };

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * options.rate));
      while (sent < due) {
        sent++;
        fire();
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const sendingSeconds = Math.max(options.seconds, (performance.now() - start) / 1000);
  await allDone;
  agent.destroy();
  const sorted = latencies.slice(0, ok).sort();
  return {
    target: options.rate,
    sent,
    ok,
    errors,
    non2xx,
    dropped,
    achieved: ok / sendingSeconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

if (require.main === module) {
  run(JSON.parse(process.argv[2]) as LoadOptions).then((result) => process.stdout.write(JSON.stringify(result)));
}
