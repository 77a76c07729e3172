import type { Queryable } from '../db/types';

/** The two series of documents: invoices (one per completed payment) and credit notes (one per refund). */
export type Series = 'INV' | 'CN';

/** `INV-2026-000042`: the series, the year it was issued in (UTC) and its place in that year's series. */
export const documentNumber = (series: Series, year: number, sequence: number) =>
  `${series}-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * Takes the next number of `series` in `year`, inside the caller's transaction (the one that issues the document).
 * The counter row is written with a conditional upsert, which holds its lock until that transaction ends: concurrent
 * issuers take numbers one after another, and a rollback gives its number back, so a year's numbers have no gap (a
 * sequence would lose the numbers of rolled-back transactions).
 */
export async function takeNumber(q: Queryable, series: Series, year: number): Promise<number> {
  const [row] = await q.query<{ last_number: number }>(
    `INSERT INTO document_counters (series, year, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (series, year) DO UPDATE SET last_number = document_counters.last_number + 1
     RETURNING last_number`,
    [series, year],
  );
  return row.last_number;
}
