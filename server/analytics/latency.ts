/**
 * Latency histograms (docs/gateway.md#analytics). The settlement statement files each request under
 * latency_bucket(latency_ms) (migration 15): bucket 0 holds up to 1 ms, bucket b the range (1.2^(b-1), 1.2^b] ms, and
 * bucket -1 the requests whose latency is not known (recorded before migration 15, their events since deleted).
 * A percentile is read from the counts per bucket as the geometric middle of the bucket it falls in, within 10% of
 * the true value (1.2^0.5 = 1.095) whatever the traffic, so a year of every team's requests is a few thousand rows.
 */
export const LATENCY_BUCKET_BASE = 1.2;

/** The bucket of a latency, as the SQL function computes it (latency.test.ts holds the two together). */
export function latencyBucket(ms: number): number {
  return ms <= 1 ? 0 : Math.ceil(Math.log(ms) / Math.log(LATENCY_BUCKET_BASE));
}

/** The latencies a bucket holds: (low, high] milliseconds; bucket 0 is [0, 1]. */
export function latencyBucketRange(bucket: number): { low: number; high: number } {
  if (bucket <= 0) return { low: 0, high: 1 };
  return { low: LATENCY_BUCKET_BASE ** (bucket - 1), high: LATENCY_BUCKET_BASE ** bucket };
}

/** What a bucket stands for when a percentile falls in it: its geometric middle, in whole milliseconds. */
export function bucketLatency(bucket: number): number {
  if (bucket <= 0) return 1;
  return Math.round(LATENCY_BUCKET_BASE ** (bucket - 0.5));
}

/**
 * The latency below which `fraction` (0.5, 0.95) of the requests fall, from counts per bucket; null without any whose
 * latency is known (bucket -1 is left out). The nearest-rank rule: the smallest bucket whose running count reaches ceil(fraction × total).
 */
export function percentileOf(counts: ReadonlyMap<number, number>, fraction: number): number | null {
  const buckets = [...counts.entries()].filter(([bucket, count]) => bucket >= 0 && count > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(fraction * total));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return bucketLatency(bucket);
  }
  return bucketLatency(buckets[buckets.length - 1][0]);
}
