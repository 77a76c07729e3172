import { useCallback, useState } from 'react';
import { startTrail, trailCursor, turnTo } from '../../lib/cursorTrail';

/**
 * Keyset pages turned in the browser (lib/cursorTrail.ts) for one view: `key` names the view (its filters, order and
 * page size), and a new key starts again at the first page. `cursor` asks for the current page; `turn` goes to
 * another page with the next cursor the current page answered.
 */
export function useCursorTrail(key: string) {
  const [storedTrail, setTrail] = useState(() => startTrail(key));
  let trail = storedTrail;
  if (storedTrail.key !== key) {
    trail = startTrail(key);
    setTrail(trail);
  }
  return {
    page: trail.page,
    cursor: trailCursor(trail),
    turn: useCallback(
      (page: number, nextCursor: string | null) => setTrail((previous) => turnTo(previous, page, nextCursor)),
      [],
    ),
    toFirstPage: useCallback(() => setTrail((previous) => ({ ...previous, page: 0 })), []),
  };
}

/** What a keyset page query answers (RTK Query's result of a page with `rows` and `next_cursor`). */
interface KeysetQueryResult<Row> {
  currentData?: { rows: Row[]; next_cursor: string | null };
  data?: { rows: Row[]; next_cursor: string | null };
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A log's page as its grid shows it: the rows (the last page's while the next one loads, greyed under the grid's
 * loading bar), whether there is a next page, and the total, known once the last page has arrived.
 */
export function useKeysetPage<Row>(
  result: KeysetQueryResult<Row>,
  trail: ReturnType<typeof useCursorTrail>,
  pageSize: number,
) {
  const current = result.currentData;
  const nextCursor = current?.next_cursor ?? null;
  const { turn: turnTrail } = trail;
  return {
    rows: (current ?? result.data)?.rows ?? [],
    page: trail.page,
    hasNextPage: nextCursor !== null,
    rowCount: current && !nextCursor ? trail.page * pageSize + current.rows.length : -1,
    loading: result.isFetching,
    error: result.isError ? result.error : undefined,
    retry: result.refetch,
    turn: useCallback((page: number) => turnTrail(page, nextCursor), [turnTrail, nextCursor]),
  };
}
