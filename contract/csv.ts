// CSV as both halves write it: the usage report's file (src/features/usage/usageCsv.ts) and the request log's export
// (server/usage/requestLogRoutes.ts).

export type CsvCell = string | number | null | undefined;

/** RFC 4180: a field holding a comma, quote or line break is quoted, and its quotes doubled. */
export function csvField(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly CsvCell[]): string => cells.map(csvField).join(',');

/**
 * Text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return before one) gets a
 * leading apostrophe, so a value written by a caller (a key name, a provider's error message) stays text (OWASP CSV
 * injection). Numbers are left alone: they are ours.
 */
export const formulaSafe = (value: CsvCell): CsvCell =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
