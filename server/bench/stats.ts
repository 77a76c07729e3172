import type { Db } from '../db/types';

/** The p-th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The indexes a statement's plan reads, or a loud mark when it scans `table` sequentially. */
export async function indexesRead(db: Db, sql: string, params: unknown[], table: string): Promise<string> {
  const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params))
    .map((line) => line['QUERY PLAN'])
    .join('\n');
  if (new RegExp(`Seq Scan on ${table}\\b`).test(plan)) return `**SEQ SCAN of ${table}**`;
  const used = [...plan.matchAll(/(Index(?: Only)? Scan(?: Backward)?|Bitmap Index Scan) (?:using|on) (\w+)/g)];
  return [...new Set(used.map((match) => `${match[1].replace('Index ', '')} ${match[2]}`))].join(', ');
}
