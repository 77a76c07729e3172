import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cpuMeter, cpuMsOf, pidsNamed } from '../bench/cpuTime';
import { cpuPerRequest, cpuText, unbilledRows } from '../bench/gatewayBenchReport';
import { type LoadResult, servedIn } from '../bench/loadGenerator';
import type { PathRow } from '../bench/pathBench';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('bench:gateway’s CPU per request (server/bench/cpuTime.ts)', { skip: process.platform !== 'linux' }, () => {
  test('a process’s CPU grows with the work it does; a process that is gone has none', () => {
    const meter = cpuMeter(() => [process.pid]);
    busy(300);
    const used = meter();
    assert.ok(used !== null && used >= 200 && used < 2_000, String(used));
    assert.equal(cpuMsOf(2 ** 22 + 1), null);
    assert.equal(cpuMeter(() => [2 ** 22 + 1])(), null);
  });
  test('processes are found by their command', () => {
    assert.ok(pidsNamed('node').includes(process.pid));
    assert.deepEqual(pidsNamed('no-such-command-here'), []);
  });
});

test('a run’s CPU is divided by every request its server got, the lead-in’s included, and none it was never sent', () => {
  // 2 s of lead-in and 10 s counted at 1,000 req/s, 5 dropped by the load generator (never sent to the server).
  const run = { sent: 10_000, leadIn: 2_000, dropped: 5 } as LoadResult;
  assert.equal(servedIn(run), 11_995);
  assert.equal(servedIn({ sent: 40, leadIn: 0, dropped: 0 } as LoadResult), 40);
});

test('a row’s CPU per request is its server’s plus its database’s, and unknown without the server’s', () => {
  const row = (cpu: PathRow['cpu']) => ({ cpu }) as PathRow;
  assert.equal(cpuPerRequest(row({ server: 0.5, database: 0.25 })), 0.75);
  assert.equal(cpuPerRequest(row({ server: 0.5, database: null })), 0.5);
  assert.equal(cpuPerRequest(row({ server: null, database: 0.25 })), undefined);
  // A cluster row's HAProxy is counted in its total, and printed apart from the gateway's instances.
  const cluster = row({ server: 0.5, proxy: 0.125, database: 0.25 });
  assert.equal(cpuPerRequest(cluster), 0.875);
  assert.equal(cpuText(cluster), '0.50 + 0.13 HAProxy + 0.25 database');
  assert.equal(cpuText(row({ server: 0.5, database: 0.25 })), '0.50 + 0.25 database');
  assert.equal(cpuText(row({ server: null, database: null })), '-');
});

test('the rows of ours with an answered request left unbilled are named (the benchmark then exits non-zero)', () => {
  const row = (path: string, billed: boolean | undefined) =>
    ({
      path,
      role: billed === undefined ? 'trivial' : 'ours',
      engine: 'PGlite',
      admission: 'lease',
      billed,
    }) as PathRow;
  assert.deepEqual(unbilledRows([row('trivial proxy', undefined), row('gateway', true)]), []);
  assert.deepEqual(unbilledRows([row('trivial proxy', undefined), row('gateway', false)]), ['gateway, PGlite, lease']);
});
