/**
 * What a batch costs when one runs (docs/batches.md, "What a line costs"): the CPU this process spends per line of a
 * batch run through the gateway's own pipeline, beside the CPU per request of the same chat requests sent one by one
 * at the rate the batch ran, in one run, on PGlite with leases, against the fake provider answering in 20 ms.
 *
 *   npm run bench:batches            # BENCH_BATCH_LINES (default 2,000)
 *
 * The batch goes through the official openai SDK (a file, then the batch), BATCHES_VIA_PROVIDER off so that every line
 * takes the pipeline, and is timed from its creation to its end (status completed, output written). Its CPU is the
 * process's (every thread: the gateway, PGlite's worker) over that time, less what the process spends idle over as
 * long (measured first: the runners' and the leases' timers), and so for the requests sent alone. Fails when a line did
 * not succeed or was not billed.
 */
import OpenAI, { toFile } from 'openai';
import { withPglite } from './benchDatabases';
import { billedWithin, loadOn, prepare, startGateway, startProvider } from './gatewayBenchKit';
import { servedIn } from './loadGenerator';
import { ourGateway } from './pathBench';

const LINES = Number(process.env.BENCH_BATCH_LINES ?? 2000);

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const provider = await startProvider();
  try {
    await withPglite(async (db) => {
      const { teamId, key } = await prepare(db);
      const app = await startGateway(db, {
        OPENAI_API_KEY: 'sk-bench-provider',
        OPENAI_BASE_URL: provider.url,
        GATEWAY_ADMISSION: 'lease',
        BATCHES_VIA_PROVIDER: 'false',
      });
      try {
        const baseURL = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/v1`;
        const target = ourGateway(baseURL, key);
        // Warm: the path, the leases, the pricing and routing tables.
        await loadOn(target.url, target.headers, target.body, 200, 3);

        const idleStart = cpuMs();
        await sleep(5_000);
        const idlePerMs = (cpuMs() - idleStart) / 5_000;

        const client = new OpenAI({ baseURL, apiKey: key });
        const body = JSON.parse(target.body) as object;
        const lines = Array.from({ length: LINES }, (_, i) =>
          JSON.stringify({ custom_id: `line-${i}`, method: 'POST', url: '/v1/chat/completions', body }),
        );
        const file = await client.files.create({
          file: await toFile(Buffer.from(`${lines.join('\n')}\n`), 'bench.jsonl'),
          purpose: 'batch',
        });
        const started = performance.now();
        const cpuAtStart = cpuMs();
        const created = await client.batches.create({
          input_file_id: file.id,
          endpoint: '/v1/chat/completions',
          completion_window: '24h',
        });
        let batch = created;
        while (!['completed', 'failed', 'expired', 'cancelled'].includes(batch.status)) {
          await sleep(50);
          batch = await client.batches.retrieve(created.id);
        }
        const seconds = (performance.now() - started) / 1000;
        const batchCpu = cpuMs() - cpuAtStart - idlePerMs * seconds * 1000;
        const counts = batch.request_counts;
        if (batch.status !== 'completed' || counts?.completed !== LINES) {
          throw new Error(`the batch ended ${batch.status} with ${JSON.stringify(counts)}`);
        }
        const rate = Math.max(1, Math.round(LINES / seconds));

        // The same requests sent one by one at the rate the batch ran (the load generator's 2 s lead-in included).
        const cpuBefore = cpuMs();
        const aloneStarted = performance.now();
        const alone = await loadOn(target.url, target.headers, target.body, rate, Math.max(2, Math.round(seconds)));
        const aloneCpu = cpuMs() - cpuBefore - idlePerMs * (performance.now() - aloneStarted);
        if (!(await billedWithin(db, teamId, 600 + LINES + alone.ok, 30_000))) {
          throw new Error('an answered request or a batch line was not billed');
        }
        const perLine = batchCpu / LINES;
        const perRequest = aloneCpu / servedIn(alone);
        console.log(
          `A batch of ${LINES} chat lines ran in ${seconds.toFixed(1)} s (${rate} lines/s, 8 at a time): ` +
            `${perLine.toFixed(3)} ms of CPU a line (idle ${(idlePerMs * 1000).toFixed(1)} ms/s taken out).\n` +
            `The same request sent alone ${servedIn(alone)} times at ${rate} req/s: ${perRequest.toFixed(3)} ms of CPU a ` +
            `request (p50 ${alone.p50.toFixed(1)} ms). A line costs ${(perLine / perRequest).toFixed(2)}x a request.`,
        );
      } finally {
        await app.close();
      }
    });
  } finally {
    provider.child.kill();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
