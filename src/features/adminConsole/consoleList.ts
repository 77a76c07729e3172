import { CONSOLE_DEFAULT_PAGE, CONSOLE_MAX_PAGE, SORT_ORDERS } from '../../../contract/rules/adminConsole';
import type { SortOrder } from '../../../contract/schemas/adminConsole';

/**
 * A console list's view (every team, every user) as the URL keeps it, so a view survives a reload and can be shared:
 * the search, the sort and its order, the page and its size. The server searches, sorts and pages (docs/governance.md
 * #the-operators-console); a value the URL cannot hold (a sort the list has not, a page size over the most) falls
 * back to the list's default.
 */
export interface ConsoleView<Sort extends string> {
  search: string;
  sort: Sort;
  order: SortOrder;
  /** From 0, as the grid counts. */
  page: number;
  pageSize: number;
}

export const CONSOLE_PAGE_SIZES = [25, 50, CONSOLE_MAX_PAGE];

const whole = (text: string | null, fallback: number) => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
};

export function viewFromParams<Sort extends string>(
  params: URLSearchParams,
  sorts: readonly Sort[],
  defaults: { sort: Sort; order: SortOrder },
): ConsoleView<Sort> {
  const sort = params.get('sort');
  const order = params.get('order');
  const size = whole(params.get('size'), CONSOLE_DEFAULT_PAGE);
  return {
    search: params.get('q') ?? '',
    sort: sorts.includes(sort as Sort) ? (sort as Sort) : defaults.sort,
    order: SORT_ORDERS.includes(order as SortOrder) ? (order as SortOrder) : defaults.order,
    page: whole(params.get('page'), 0),
    pageSize: CONSOLE_PAGE_SIZES.includes(size) ? size : CONSOLE_DEFAULT_PAGE,
  };
}

/** The URL's params for a change; a new search or sort starts again at the first page. */
export function viewParams<Sort extends string>(change: Partial<ConsoleView<Sort>>): Record<string, string | null> {
  const params: Record<string, string | null> = {};
  if (change.search !== undefined) params.q = change.search;
  if (change.sort !== undefined) params.sort = change.sort;
  if (change.order !== undefined) params.order = change.order;
  if (change.pageSize !== undefined) params.size = String(change.pageSize);
  if (change.page !== undefined) params.page = change.page > 0 ? String(change.page) : null;
  else if (change.search !== undefined || change.sort !== undefined || change.order !== undefined) params.page = null;
  return params;
}

/** The server's query for a view: its search trimmed (none when empty), an offset page. */
export function listQueryOf<Sort extends string>(view: ConsoleView<Sort>) {
  const search = view.search.trim();
  return {
    ...(search ? { search } : {}),
    sort: view.sort,
    order: view.order,
    limit: view.pageSize,
    offset: view.page * view.pageSize,
  };
}
