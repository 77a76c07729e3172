/**
 * What the metrics add to one request's path, alone (docs/operations.md#what-they-cost): the probe's calls for one
 * request (start, admission, bill, one try, end), 200,000 times, in three rounds.
 * node --import tsx server/bench/metricsProbeBench.ts
 */
import type { FastifyRequest } from 'fastify';
import type { Bill } from '../credit/bill';
import type { GatewayCall } from '../formats/types';
import { createMetrics } from '../metrics/metrics';

const ROUNDS = 3;
const REQUESTS = 200_000;

const metrics = createMetrics();
const call: GatewayCall = {
  endpoint: 'chat.completions',
  keyHash: 'bench',
  body: { model: 'openai/gpt-4o' },
  options: { created: 0 },
};
const request = {} as FastifyRequest;
const bill: Bill = { answered: () => 0, cached: () => undefined, final: () => undefined, failedTry: () => undefined };
const deployment = { provider: 'openai', model: 'gpt-4o' };

for (let round = 1; round <= ROUNDS; round++) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < REQUESTS; i++) {
    const watch = metrics.probe.start(call, request);
    watch.admission()(true);
    watch.bill(() => bill);
    watch.attempt(deployment, 1).end('answered');
    watch.end();
  }
  const microseconds = Number(process.hrtime.bigint() - started) / REQUESTS / 1000;
  console.log(`round ${round}: ${microseconds.toFixed(2)} µs per request`);
}
