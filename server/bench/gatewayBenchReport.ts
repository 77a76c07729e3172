/**
 * What npm run bench:gateway prints: one markdown table of every path, each run's ladder, then the aims as
 * ratios with pass or fail, for each of our gateway's rows against the trivial proxy and Portkey of the same run.
 */
import { RATE, held, highestHeld, highestHeldText, ms, type PathRow } from './pathBench';

const rowName = (r: PathRow) => (r.role === 'ours' ? `${r.path}, ${r.engine}, ${r.admission}` : r.path);

type Run = 'serial' | 'target';

/** The row's percentile minus the direct path's in the same run; NaN when either has none (JSON carries NaN as null). */
function added(r: PathRow, direct: PathRow, run: Run, p: 'p50' | 'p99'): number {
  const value = r[run][p];
  const base = direct[run][p];
  return Number.isFinite(value) && Number.isFinite(base) ? value - base : NaN;
}

/**
 * The CPU a request cost the path's server processes, and its load balancer's and database's when separate; undefined
 * when not measured.
 */
export function cpuPerRequest(r: PathRow): number | undefined {
  const { server, proxy, database } = r.cpu ?? { server: null, database: null };
  return server === null ? undefined : server + (proxy ?? 0) + (database ?? 0);
}

/** "0.52", "0.41 + 0.11 database", or "0.80 + 0.12 HAProxy + 0.20 database"; "-" when not measured. */
export const cpuText = (r: PathRow) =>
  r.cpu?.server == null
    ? '-'
    : [
        ms(r.cpu.server),
        ...(r.cpu.proxy == null ? [] : [`${ms(r.cpu.proxy)} HAProxy`]),
        ...(r.cpu.database == null ? [] : [`${ms(r.cpu.database)} database`]),
      ].join(' + ');

/**
 * The rows of ours where a request answered 200 was not billed: a broken promise whatever the timings, so the
 * benchmark exits non-zero (its CI smoke, npm run bench:gateway:smoke, fails on it).
 */
export function unbilledRows(rows: PathRow[]): string[] {
  return rows.filter((r) => r.billed === false).map(rowName);
}

export function printRows(rows: PathRow[], direct: PathRow) {
  const addedCells = (r: PathRow, run: Run) =>
    r === direct ? '- | -' : `${ms(added(r, direct, run, 'p50'))} | ${ms(added(r, direct, run, 'p99'))}`;
  console.log(
    '| Path | Admission | Engine | One at a time p50 (ms) | p99 (ms) | Added p50 (ms) | Added p99 (ms) | ' +
      'Rate (req/s) | Answered/s | Failed | p50 (ms) | p99 (ms) | Added p50 (ms) | Added p99 (ms) | ' +
      'CPU per request (ms) | Highest held (req/s) |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const t = r.target;
    console.log(
      `| ${r.path} | ${r.admission} | ${r.engine} | ${ms(r.serial.p50)} | ${ms(r.serial.p99)} | ` +
        `${addedCells(r, 'serial')} | ${t.target} | ${t.achieved.toFixed(0)} | ${t.errors + t.non2xx + t.dropped} | ` +
        `${ms(t.p50)} | ${ms(t.p99)} | ${addedCells(r, 'target')} | ${cpuText(r)} | ${highestHeldText(highestHeld(r))} |`,
    );
  }
  console.log('');
  for (const r of rows) {
    const runs = [r.target, ...r.ladder].sort((a, b) => a.target - b.target);
    const ladder = runs.map((run) => `${run.target} ${held(run) ? 'held' : 'not held'}`).join(', ');
    const billed = r.billed === undefined ? '' : `; every answered request billed: ${r.billed ? 'yes' : 'NO'}`;
    console.log(`- ${rowName(r)}: ${ladder}${billed}.`);
  }
}

/** `value` over `reference` against `limit`: "0.83 pass". `strict`: the aim is "below", not "at most". */
function ratio(value: number, reference: number | undefined, limit: number, strict: boolean): string {
  if (reference === undefined) return '-';
  if (!Number.isFinite(value)) return 'FAIL (no answers)';
  if (!Number.isFinite(reference)) return 'n/a (no reference)';
  if (reference <= 0) return 'n/a (reference ≤ 0)';
  const r = value / reference;
  return `${ms(r)} ${(strict ? r < limit : r <= limit) ? 'pass' : 'FAIL'}`;
}

/** Ours over Portkey's highest rate held; a ladder that stopped while holding gives only a bound. */
function heldRatio(ours: PathRow, portkey: PathRow | undefined, limit: number): string {
  if (!portkey) return '-';
  const o = highestHeld(ours);
  const p = highestHeld(portkey);
  if (p.rate === 0) return o.rate > 0 ? 'pass (Portkey held none)' : 'n/a (neither held)';
  const r = o.rate / p.rate;
  const oursBound = o.notHeld === Infinity;
  const portkeyBound = p.notHeld === Infinity;
  if (oursBound && portkeyBound) return `? ${r.toFixed(2)} (both ladders ended while holding: more BENCH_STEPS)`;
  if (oursBound) return `≥ ${r.toFixed(2)} ${r >= limit ? 'pass' : 'undecided (more BENCH_STEPS)'}`;
  if (portkeyBound) return `≤ ${r.toFixed(2)} ${r < limit ? 'FAIL' : 'undecided (more BENCH_STEPS)'}`;
  return `${r.toFixed(2)} ${r >= limit ? 'pass' : 'FAIL'}`;
}

export function printAims(rows: PathRow[], direct: PathRow) {
  const ours = rows.filter((r) => r.role === 'ours');
  const trivial = rows.find((r) => r.role === 'trivial');
  const portkey = rows.find((r) => r.role === 'portkey');
  if (ours.length === 0 || (!trivial && !portkey)) return;
  const addedOf = (r: PathRow | undefined, run: Run, p: 'p50' | 'p99') => r && added(r, direct, run, p);
  console.log(
    `\nAims (issue "past one machine"): added latency at most 1.5x the trivial proxy's at p50 and below Portkey's at ` +
      `p50 and p99, one request at a time and at ${RATE} req/s; the CPU a request costs at ${RATE} req/s (the server's ` +
      `process, plus PostgreSQL's) at most 2x the trivial proxy's; the highest rate held at least 1.5x Portkey's. Each ` +
      `cell is our row's figure divided by the other's ("added" for latency), with pass or FAIL.\n`,
  );
  console.log(
    `| Our row | One at a time: p50 ÷ trivial (≤ 1.5) | p50 ÷ Portkey (< 1) | p99 ÷ Portkey (< 1) | ` +
      `${RATE} req/s: p50 ÷ trivial (≤ 1.5) | p50 ÷ Portkey (< 1) | p99 ÷ Portkey (< 1) | ` +
      `CPU per request at ${RATE} req/s ÷ trivial (≤ 2) | Highest held ÷ Portkey (≥ 1.5) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of ours) {
    const cells = (['serial', 'target'] as const).flatMap((run) => [
      ratio(added(r, direct, run, 'p50'), addedOf(trivial, run, 'p50'), 1.5, false),
      ratio(added(r, direct, run, 'p50'), addedOf(portkey, run, 'p50'), 1, true),
      ratio(added(r, direct, run, 'p99'), addedOf(portkey, run, 'p99'), 1, true),
    ]);
    const cpu = cpuPerRequest(r);
    const cpuCell = cpu === undefined ? '-' : ratio(cpu, trivial && cpuPerRequest(trivial), 2, false);
    console.log(`| ${rowName(r)} | ${[...cells, cpuCell, heldRatio(r, portkey, 1.5)].join(' | ')} |`);
  }
}

/**
 * What watching costs (docs/operations.md): the rows with metrics or tracing on against those of the same engine and
 * admission with both off, by the median of their added p50 one at a time (several rounds with BENCH_WATCH_ROUNDS).
 * The aim for metrics: at most 5% more.
 */
export function printWatchCost(rows: PathRow[], direct: PathRow) {
  // The plain rows and their watched variants only (not the cache's or the guardrails' rows).
  const watched = /^gateway \(in process(?:, (metrics|tracing) on)?\)$/;
  const ours = rows.filter((r) => r.role === 'ours' && watched.test(r.path));
  const variantOf = (r: PathRow) => watched.exec(r.path)?.[1] ?? 'off';
  const groups = new Map<string, number[]>();
  for (const r of ours) {
    const group = `${r.engine}, ${r.admission}|${variantOf(r)}`;
    groups.set(group, [...(groups.get(group) ?? []), added(r, direct, 'serial', 'p50')]);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const lines: string[] = [];
  for (const [group, values] of groups) {
    const [where, variant] = group.split('|');
    const off = groups.get(`${where}|off`);
    if (variant === 'off' || !off) continue;
    const before = median(off);
    const after = median(values);
    const verdict = variant === 'metrics' ? (after / before <= 1.05 ? 'pass (≤ 1.05)' : 'FAIL (> 1.05)') : 'measured';
    lines.push(
      `| ${where}, ${variant} on | ${off.map(ms).join(', ')} | ${values.map(ms).join(', ')} | ${ms(before)} | ` +
        `${ms(after)} | ${ms(after / before)} | ${verdict} |`,
    );
  }
  if (lines.length === 0) return;
  console.log(
    '\n| Row | Added p50 off, each round (ms) | on, each round (ms) | Median off | Median on | On ÷ off | Aim |',
  );
  console.log('|---|---|---|---:|---:|---:|---|');
  for (const line of lines) console.log(line);
}

/**
 * What the guardrails cost (docs/guardrails.md#what-they-cost): each prompt's row with the policy on against the same
 * prompt's without, by p50 one at a time and at the rate: the time a request with a policy adds, for a short prompt
 * and for 10 KB.
 */
export function printGuardrailsCost(rows: PathRow[]) {
  const of = (label: string) => rows.find((r) => r.path === `gateway (in process, ${label})`);
  const lines: string[] = [];
  for (const prompt of ['short prompt', '10 KB prompt']) {
    const off = of(`${prompt}, no guardrails`);
    const on = of(`${prompt}, guardrails on`);
    if (!off || !on) continue;
    lines.push(
      `| ${prompt} | ${ms(off.serial.p50)} | ${ms(on.serial.p50)} | ${ms(on.serial.p50 - off.serial.p50)} | ` +
        `${ms(off.target.p50)} | ${ms(on.target.p50)} | ${ms(on.target.p50 - off.target.p50)} | ${ms(on.serial.p50 / off.serial.p50)} |`,
    );
  }
  if (lines.length === 0) return;
  console.log(
    '\n| Guardrails | One at a time p50 off (ms) | on (ms) | Added (ms) | ' +
      `${RATE} req/s p50 off (ms) | on (ms) | Added (ms) | On ÷ off, one at a time |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const line of lines) console.log(line);
}
