import type { Queryable } from './types';

/**
 * Rows read as one JSON text each (`row_to_json`), parsed here. PGlite converts every field of a result in
 * JavaScript, which for a wide or long result costs more than running the query: the request log's 5,000-row batch
 * took 270 ms as columns and 110 as JSON, 10,000 API keys 590-750 against 250-370, 10,000 coupons 170-200 against
 * 65-85 (docs/performance.md, "A long list from the server"). Times arrive as ISO text (which `iso()` reads as it
 * reads a Date), bigints as JSON numbers, arrays as arrays. The rows keep the inner query's order.
 */
export const asJsonRows = (sql: string) => `SELECT row_to_json(r)::text AS json FROM (${sql}) r`;

/** The rows of a statement already wrapped by asJsonRows (a paged query built once, run page by page). */
export async function readJsonRows<Row>(q: Queryable, wrappedSql: string, params: unknown[]): Promise<Row[]> {
  return (await q.query<{ json: string }>(wrappedSql, params)).map((row) => JSON.parse(row.json) as Row);
}

/** The rows of `sql`, each read as one JSON text. */
export const queryJsonRows = <Row>(q: Queryable, sql: string, params: unknown[] = []) =>
  readJsonRows<Row>(q, asJsonRows(sql), params);
