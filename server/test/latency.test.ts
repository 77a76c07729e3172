import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bucketLatency, latencyBucket, latencyBucketRange, percentileOf } from '../analytics/latency';
import { openTestDb, type TestDb } from './helpers';

let database: TestDb;
before(async () => {
  database = await openTestDb();
});
after(() => database.drop());

const LATENCIES = [0, 1, 2, 3, 10, 99, 100, 101, 842, 1_000, 2_400, 30_000, 600_000];

test('the SQL latency_bucket (migration 15) and latencyBucket agree, and each latency is inside its bucket', async () => {
  for (const ms of LATENCIES) {
    const [{ bucket }] = await database.db.query<{ bucket: number }>('SELECT latency_bucket($1) AS bucket', [ms]);
    assert.equal(bucket, latencyBucket(ms), `${ms} ms`);
    const { low, high } = latencyBucketRange(bucket);
    assert.ok(ms <= high && (bucket === 0 || ms > low), `${ms} ms in (${low}, ${high}]`);
  }
});

test('a bucket read back is within 10% of any latency it holds', () => {
  for (const ms of LATENCIES.filter((value) => value > 1)) {
    const read = bucketLatency(latencyBucket(ms));
    assert.ok(Math.abs(read - ms) / ms <= 0.1, `${ms} ms read as ${read}`);
  }
});

test('percentiles by the nearest rank; unknown latencies (bucket -1) left out; null without any', () => {
  const cases: [string, [number, number][], number, number | null][] = [
    ['nothing recorded', [], 0.5, null],
    ['only unknown latencies', [[-1, 10]], 0.95, null],
    ['one bucket', [[latencyBucket(100), 5]], 0.5, bucketLatency(latencyBucket(100))],
    [
      '90 fast, 10 slow: p50 fast',
      [
        [latencyBucket(100), 90],
        [latencyBucket(2_000), 10],
      ],
      0.5,
      bucketLatency(latencyBucket(100)),
    ],
    [
      '90 fast, 10 slow: p95 slow',
      [
        [latencyBucket(100), 90],
        [latencyBucket(2_000), 10],
        [-1, 1_000],
      ],
      0.95,
      bucketLatency(latencyBucket(2_000)),
    ],
  ];
  for (const [name, counts, fraction, expected] of cases) {
    assert.equal(percentileOf(new Map(counts), fraction), expected, name);
  }
});
