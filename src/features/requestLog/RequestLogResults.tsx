import { lazy, Suspense, useCallback, useMemo } from 'react';
import { cardPages, ListRows } from '../../components/grid/ListRows';
import { entryFailure } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import { useGetRequestLogEntryQuery } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { RequestLogEntry } from '../../../contract/schemas/requestLog';
import { LOAD_FAILED, LOADING_REQUESTS } from './requestLog';
import { RequestLogCards } from './RequestLogCards';
import type { RequestLogGridProps } from './RequestLogGrid';
import type { useRequestLog, useRequestLogSearchParams } from './useRequestLog';

// MUI X is most of the page's download: the filters render first and the grid's chunk is requested once they have
// painted (contract/routes.ts lists it as loaded, not preloaded). A phone shows cards and never downloads it.
const loadGrid = () => import(/* webpackChunkName: "grid-request-log" */ './RequestLogGrid');
const RequestDetailsDrawer = lazy(() =>
  import(/* webpackChunkName: "drawer-request-log" */ './RequestDetailsDrawer').then((module) => ({
    default: module.RequestDetailsDrawer,
  })),
);

export const NOT_IN_LOG = 'This request is not in the log: it may be older than the retention period.';

interface RequestLogResultsProps {
  search: ReturnType<typeof useRequestLogSearchParams>;
  log: ReturnType<typeof useRequestLog>;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
}

/** The log's rows (grid, or cards on a phone), its failed-load state, and the open request's drawer. */
export function RequestLogResults({ search, log, pageSize, onPageSizeChange }: RequestLogResultsProps) {
  const dispatch = useAppDispatch();
  const { view, change, openId, open, close } = search;
  const onOpen = useCallback((entry: RequestLogEntry) => open(entry.id), [open]);
  const inPage = openId ? log.rows.find((row) => row.id === openId) : undefined;
  // An entry not on this page (a shared link, a reload on another page) is asked for by its id.
  const detail = useGetRequestLogEntryQuery(openId ?? '', { skip: !openId || Boolean(inPage) });
  const copy = useCallback(
    async (label: string, value: string) => {
      try {
        await navigator.clipboard.writeText(value);
        dispatch(toastShown(`${label} copied to clipboard`, 'success'));
      } catch {
        dispatch(toastShown(`Could not copy the ${label.toLowerCase()}`, 'error'));
      }
    },
    [dispatch],
  );

  const { turn } = log;
  const gridProps = useMemo<RequestLogGridProps>(
    () => ({
      rows: log.rows,
      loading: log.loading,
      page: log.page,
      pageSize,
      hasNextPage: log.hasNextPage,
      rowCount: log.rowCount,
      sort: view.sort,
      order: view.order,
      onPageChange: (page, size) => (size !== pageSize ? onPageSizeChange(size) : turn(page)),
      onSortChange: (sort, order) => change({ sort, order }),
      onOpen,
    }),
    [
      log.rows,
      log.loading,
      log.page,
      log.hasNextPage,
      log.rowCount,
      pageSize,
      view.sort,
      view.order,
      turn,
      onPageSizeChange,
      change,
      onOpen,
    ],
  );

  const rows = (
    <ListRows
      error={log.error}
      failedLabel={LOAD_FAILED}
      onRetry={() => void log.retry()}
      loadGrid={loadGrid}
      gridProps={gridProps}
      loadingLabel={LOADING_REQUESTS}
      cards={<RequestLogCards rows={log.rows} loading={log.loading} onOpen={onOpen} pages={cardPages(log)} />}
    />
  );

  return (
    <>
      {rows}
      {openId && (
        <Suspense fallback={null}>
          <RequestDetailsDrawer
            entry={inPage ?? detail.currentData}
            loading={detail.isFetching}
            failure={entryFailure(detail.isError, detail.error, NOT_IN_LOG, 'This request could not be loaded')}
            onRetry={() => void detail.refetch()}
            onCopy={(label, value) => void copy(label, value)}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
