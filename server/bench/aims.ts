/**
 * The figures `npm run bench:gateway:aims` judges the aims by (gatewayAims.ts), pure so that they are tested on their
 * own (server/test/benchAims.test.ts).
 */
import type { LoadResult } from './loadGenerator';
import { HELD_P99_MS } from './pathBench';
import { percentile } from './stats';

const finite = (values: number[]) => values.filter(Number.isFinite);

/**
 * One request at a time to each path in turn (loadGenerator.ts runInterleaved): each path's p50, and its added p50
 * over the first path's (direct), both as the difference of the p50s (the "added p50") and as the median of
 * each round's difference (paired). A failed request (NaN) is left out of its own path's figures, and its round out
 * of the paired ones.
 */
export function addedOneAtATime(latencies: number[][]) {
  const p50s = latencies.map((taken) => percentile(finite(taken), 50));
  const p99s = latencies.map((taken) => percentile(finite(taken), 99));
  const added = p50s.map((p50) => p50 - p50s[0]);
  const paired = latencies.map((taken) =>
    percentile(finite(taken.map((value, round) => value - latencies[0][round])), 50),
  );
  return { p50s, p99s, added, paired };
}

/** `ratio` against `aim` (at most), as printed: "1.30x pass", "2.35x FAIL". */
export const verdict = (ratio: number, aim: number) => `${ratio.toFixed(2)}x ${ratio <= aim ? 'pass' : 'FAIL'}`;

/** Every run answered every request it sent with a 200, dropped none, and kept its p99 under HELD_P99_MS. */
export const heldInEvery = (runs: LoadResult[]) =>
  runs.every(
    (run) => run.ok === run.sent && run.errors === 0 && run.non2xx === 0 && run.dropped === 0 && run.p99 < HELD_P99_MS,
  );
