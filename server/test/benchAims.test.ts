import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { addedOneAtATime, heldInEvery, verdict } from '../bench/aims';
import { type LoadResult, runInterleaved } from '../bench/loadGenerator';

test('added p50 one at a time: each path’s p50 less the first path’s, and the median of each round’s difference', () => {
  const direct = [20, 30, 20, 30, 20];
  // Two milliseconds more than direct in every round, with a failed request (NaN) in the third.
  const proxy = [22, 32, NaN, 32, 22];
  // Two more in four rounds, but the last one slow while direct was quick: the p50s differ by 12, the rounds by 2.
  const ours = [22, 32, 22, 32, 32];
  const { p50s, p99s, added, paired } = addedOneAtATime([direct, proxy, ours]);
  assert.deepEqual(p50s, [20, 22, 32]);
  assert.deepEqual(p99s, [30, 32, 32]);
  assert.deepEqual(added, [0, 2, 12]);
  assert.deepEqual(paired, [0, 2, 2]);
});

test('an aim is met at or under its ratio, and printed with two decimals', () => {
  assert.equal(verdict(1.5, 1.5), '1.50x pass');
  assert.equal(verdict(1.304, 1.5), '1.30x pass');
  assert.equal(verdict(2.351, 2), '2.35x FAIL');
});

test('a rate is held when every run answered every request with a 200 in time and dropped none', () => {
  const run = (over: Partial<LoadResult> = {}) =>
    ({ sent: 100, ok: 100, errors: 0, non2xx: 0, dropped: 0, p99: 30, ...over }) as LoadResult;
  assert.equal(heldInEvery([run(), run()]), true);
  assert.equal(heldInEvery([run(), run({ ok: 99, non2xx: 1 })]), false);
  assert.equal(heldInEvery([run({ dropped: 1 })]), false);
  assert.equal(heldInEvery([run({ errors: 1, ok: 99 })]), false);
  assert.equal(heldInEvery([run({ p99: 100 })]), false);
});

describe('one request at a time to each path in turn (loadGenerator.ts runInterleaved)', () => {
  const servers: http.Server[] = [];
  const urls: string[] = [];
  /** Requests each server got, and the most it had in flight at once (across all of them). */
  const got = [0, 0, 0];
  let inFlight = 0;
  let mostInFlight = 0;

  before(async () => {
    // A path answering at once, one answering after 15 ms, and one refusing every request.
    for (const [i, answer] of [
      (res: http.ServerResponse) => res.end('{}'),
      (res: http.ServerResponse) => setTimeout(() => res.end('{}'), 15),
      (res: http.ServerResponse) => {
        res.statusCode = 503;
        res.end('{}');
      },
    ].entries()) {
      const server = http.createServer((req, res) => {
        got[i]++;
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        res.once('finish', () => inFlight--);
        req.resume();
        req.once('end', () => answer(res));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    }
  });
  after(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

  test('every path gets one request a round, one at a time, the warm-up’s not counted, failures counted', async () => {
    const result = await runInterleaved({
      targets: urls.map((url) => ({ url, headers: { 'content-type': 'application/json' }, body: '{}' })),
      warmupRounds: 3,
      seconds: 0.5,
    });
    assert.ok(result.rounds > 10, `${result.rounds} rounds`);
    assert.deepEqual(got, [result.rounds, result.rounds, result.rounds]);
    assert.equal(mostInFlight, 1);
    assert.deepEqual(
      result.latencies.map((taken) => taken.length),
      [result.rounds - 3, result.rounds - 3, result.rounds - 3],
    );
    assert.deepEqual(result.failures, [0, 0, result.rounds]);
    assert.ok(result.latencies[2].every(Number.isNaN));
    const [quick, slow] = result.latencies.map((taken) => taken.filter(Number.isFinite).sort((a, b) => a - b));
    assert.ok(slow[0] >= 14, `the slow path's fastest answer: ${slow[0]} ms`);
    assert.ok(quick[Math.floor(quick.length / 2)] < slow[0], 'the quick path’s median is under the slow one’s fastest');
  });
});
