import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvRow, formulaSafe, type CsvCell } from '../../contract/csv';
import { utcDay } from './time';

const csvLine = (cells: readonly CsvCell[]) => `${csvRow(cells.map(formulaSafe))}\r\n`;

/**
 * Streams a CSV file (the request log's export, the audit log's): `columns` as the header, then a line per row of each
 * batch, CRLF lines, RFC 4180 quoting, formula-safe text (contract/csv.ts). Readable.from pulls the next batch only
 * when the socket has taken the last one (backpressure), and Fastify destroys it when the client hangs up, which ends
 * the batches' generator and so its query loop.
 */
export function sendCsv<Row, Column extends keyof Row & string>(
  reply: FastifyReply,
  filename: string,
  columns: readonly Column[],
  batches: AsyncIterable<Row[]>,
  cell: (row: Row, column: Column) => CsvCell = (row, column) => row[column] as CsvCell,
) {
  async function* lines() {
    yield csvLine(columns);
    for await (const batch of batches) {
      yield batch.map((row) => csvLine(columns.map((column) => cell(row, column)))).join('');
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines(), { objectMode: false }));
}

/** `<what>-<from day>-<to day>.csv`: `start` without `from`, today without `to`. */
export function csvFileName(what: string, range: { from?: string; to?: string }): string {
  const day = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : utcDay(new Date(value));
  return `${what}-${day(range.from, 'start')}-${day(range.to, utcDay(new Date()))}.csv`;
}
