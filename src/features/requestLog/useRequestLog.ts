import { useCallback, useMemo, useState } from 'react';
import { useViewSearchParams } from '../../components/lists/useViewSearchParams';
import { api, useGetRequestLogQuery } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { RequestLogQuery, RequestLogSortField } from '../../../contract/schemas/requestLog';
import { useCursorTrail, useKeysetPage } from '../../components/grid/useCursorTrail';
import {
  REQUEST_PARAM,
  viewFilters,
  viewFromParams,
  viewParams,
  type RequestLogView,
  type SortOrder,
} from './requestLogView';

/** The view (filters and order) and the open entry, kept in the URL so a view can be shared and survives a reload. */
export const useRequestLogSearchParams = () => useViewSearchParams(viewFromParams, viewParams, REQUEST_PARAM);

/**
 * One page of the log for a view, paged with the server's cursors (lib/cursorTrail.ts): a change of filters, order or
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
  const trail = useCursorTrail(key);
  const query: RequestLogQuery = {
    ...filters,
    sort: view.sort,
    order: view.order,
    limit: pageSize,
    ...(trail.cursor ? { cursor: trail.cursor } : {}),
  };
  const result = useGetRequestLogQuery(query, { skip, refetchOnMountOrArgChange: true });
  const { toFirstPage } = trail;
  const refresh = useCallback(() => {
    toFirstPage();
    if (view.range === 'custom') dispatch(api.util.invalidateTags([{ type: 'RequestLog', id: 'LIST' }]));
    else setAnchor(new Date());
  }, [dispatch, view.range, toFirstPage]);
  return { filters, ...useKeysetPage(result, trail, pageSize), refresh };
}

export type SortChange = (sort: RequestLogSortField, order: SortOrder) => void;
