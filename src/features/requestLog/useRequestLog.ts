import { useCallback, useMemo, useState } from 'react';
import { useUpdateSearchParams } from '../../components/admin/useUpdateSearchParams';
import { api, useGetRequestLogQuery } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { RequestLogQuery, RequestLogSortField } from '../../../contract/schemas/requestLog';
import { startTrail, trailCursor, turnTo } from './cursorTrail';
import {
  REQUEST_PARAM,
  viewFilters,
  viewFromParams,
  viewParams,
  type RequestLogView,
  type SortOrder,
} from './requestLogView';

/** The view (filters and order) and the open entry, kept in the URL so a view can be shared and survives a reload. */
export function useRequestLogSearchParams() {
  const [params, update] = useUpdateSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  return {
    view,
    change: useCallback((change: Partial<RequestLogView>) => update(viewParams(change)), [update]),
    openId: params.get(REQUEST_PARAM),
    open: useCallback((id: string) => update({ [REQUEST_PARAM]: id }), [update]),
    close: useCallback(() => update({ [REQUEST_PARAM]: null }), [update]),
  };
}

/**
 * One page of the log for a view, paged with the server's cursors (cursorTrail.ts): a change of filters, order or
 * page size starts again at the first page. Asked again whenever the page is shown (the gateway adds rows all the
 * time, and a request just made should be there) and when the tab regains focus.
 */
export function useRequestLog(view: RequestLogView, pageSize: number, skip: boolean) {
  const dispatch = useAppDispatch();
  // When the view was set up: a preset range ("last hour") counts back from it, so the query stays the same until
  // the user refreshes.
  const [anchor, setAnchor] = useState(() => new Date());
  const filters = useMemo(() => viewFilters(view, anchor), [view, anchor]);
  const key = JSON.stringify([filters, view.sort, view.order, pageSize]);
  const [storedTrail, setTrail] = useState(() => startTrail(key));
  let trail = storedTrail;
  if (storedTrail.key !== key) {
    trail = startTrail(key);
    setTrail(trail);
  }
  const cursor = trailCursor(trail);
  const query: RequestLogQuery = {
    ...filters,
    sort: view.sort,
    order: view.order,
    limit: pageSize,
    ...(cursor ? { cursor } : {}),
  };
  const result = useGetRequestLogQuery(query, { skip, refetchOnMountOrArgChange: true });
  const current = result.currentData;
  const nextCursor = current?.next_cursor ?? null;

  const turn = useCallback((page: number) => setTrail((previous) => turnTo(previous, page, nextCursor)), [nextCursor]);
  const refresh = useCallback(() => {
    setTrail((previous) => ({ ...previous, page: 0 }));
    if (view.range === 'custom') dispatch(api.util.invalidateTags([{ type: 'RequestLog', id: 'LIST' }]));
    else setAnchor(new Date());
  }, [dispatch, view.range]);

  return {
    filters,
    // The rows shown while the next page loads are the last ones (the grid greys them under its loading bar).
    rows: (current ?? result.data)?.rows ?? [],
    page: trail.page,
    hasNextPage: nextCursor !== null,
    // Known once the last page has arrived; until then the grid offers Next while the server has a next page.
    rowCount: current && !nextCursor ? trail.page * pageSize + current.rows.length : -1,
    loading: result.isFetching,
    error: result.isError ? result.error : undefined,
    retry: result.refetch,
    turn,
    refresh,
  };
}

export type SortChange = (sort: RequestLogSortField, order: SortOrder) => void;
