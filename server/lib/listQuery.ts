import type { SortOrder } from '../../contract/schemas/adminConsole';

/** `search` as an ILIKE pattern that matches it anywhere, its `%`, `_` and `\` taken literally; null for no search. */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim() ?? '';
  return trimmed === '' ? null : `%${trimmed.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/**
 * An ORDER BY clause from a sort the schema has already checked against `columns` (sort name to SQL expression),
 * with the rows' id last so equal values keep one order from page to page. Nulls go last either way.
 */
export function orderBy<Sort extends string>(
  columns: Record<Sort, string>,
  sort: Sort,
  order: SortOrder,
  id = 'id',
): string {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${columns[sort]} ${direction} NULLS LAST, ${id} ${direction}`;
}
