// Keyset paging in the browser (docs/governance.md#request-log): the server gives each page the cursor of the next
// one, so page n can only be asked for with what page n-1 answered. The trail remembers the cursors of the pages
// visited, so Previous goes back without asking for a page the cache may no longer hold by its cursor.

export interface CursorTrail {
  /** The view the cursors belong to (filters, order, page size): another view starts a new trail. */
  key: string;
  page: number;
  /** cursors[i] is the cursor that asks for page i + 1. */
  cursors: readonly string[];
}

export const startTrail = (key: string): CursorTrail => ({ key, page: 0, cursors: [] });

/** The cursor that asks for the trail's page; none for the first. */
export const trailCursor = (trail: CursorTrail): string | undefined =>
  trail.page === 0 ? undefined : trail.cursors[trail.page - 1];

/**
 * The trail after asking for `page`: the next page needs the `nextCursor` the current page answered (the cursors
 * after it are dropped: they were taken from an older answer); an earlier page is always known; anything else, or a
 * next page without a cursor (the last page), leaves the trail as it is.
 */
export function turnTo(trail: CursorTrail, page: number, nextCursor: string | null | undefined): CursorTrail {
  if (page === trail.page + 1 && nextCursor) {
    return { ...trail, page, cursors: [...trail.cursors.slice(0, trail.page), nextCursor] };
  }
  if (page >= 0 && page < trail.page) return { ...trail, page };
  return trail;
}
