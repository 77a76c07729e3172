import { lazy, Suspense, useCallback, useMemo } from 'react';
import { cardPages, ListRows } from '../../components/grid/ListRows';
import { entryFailure } from '../../lib/apiError';
import { useGetAuditEntryQuery } from '../../store/api';
import type { AuditEntry } from '../../../contract/schemas/audit';
import { LOAD_FAILED, LOADING_ENTRIES } from './auditLog';
import { AuditLogCards } from './AuditLogCards';
import type { AuditLogGridProps } from './AuditLogGrid';
import type { useAuditLog, useAuditLogSearchParams } from './useAuditLog';

// MUI X is most of the page's download: the filters render first and the grid's chunk is requested once they have
// painted. A phone shows cards and never downloads it.
const loadGrid = () => import(/* webpackChunkName: "grid-audit-log" */ './AuditLogGrid');
const AuditDetailsDrawer = lazy(() =>
  import(/* webpackChunkName: "drawer-audit-log" */ './AuditDetailsDrawer').then((module) => ({
    default: module.AuditDetailsDrawer,
  })),
);

export const NOT_IN_LOG = 'This change is not in the log: it may be older than the retention period.';

interface AuditLogResultsProps {
  search: ReturnType<typeof useAuditLogSearchParams>;
  log: ReturnType<typeof useAuditLog>;
  pageSize: number;
  everyTeam: boolean;
  onPageSizeChange: (pageSize: number) => void;
}

/** The log's entries (grid, or cards on a phone), its failed-load state, and the open entry's drawer. */
export function AuditLogResults({ search, log, pageSize, everyTeam, onPageSizeChange }: AuditLogResultsProps) {
  const { change, openId, open, close } = search;
  const onOpen = useCallback((entry: AuditEntry) => open(entry.id), [open]);
  const inPage = openId ? log.rows.find((row) => row.id === openId) : undefined;
  const detail = useGetAuditEntryQuery(openId ?? '', { skip: !openId || Boolean(inPage) });

  const { turn } = log;
  const gridProps = useMemo<AuditLogGridProps>(
    () => ({
      rows: log.rows,
      loading: log.loading,
      page: log.page,
      pageSize,
      hasNextPage: log.hasNextPage,
      rowCount: log.rowCount,
      everyTeam,
      onPageChange: (page, size) => (size !== pageSize ? onPageSizeChange(size) : turn(page)),
      onOpen,
    }),
    [
      log.rows,
      log.loading,
      log.page,
      log.hasNextPage,
      log.rowCount,
      pageSize,
      everyTeam,
      turn,
      onPageSizeChange,
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
      loadingLabel={LOADING_ENTRIES}
      cards={
        <AuditLogCards
          rows={log.rows}
          loading={log.loading}
          everyTeam={everyTeam}
          onOpen={onOpen}
          pages={cardPages(log)}
        />
      }
    />
  );

  return (
    <>
      {rows}
      {openId && (
        <Suspense fallback={null}>
          <AuditDetailsDrawer
            entry={inPage ?? detail.currentData}
            loading={detail.isFetching}
            failure={entryFailure(detail.isError, detail.error, NOT_IN_LOG, 'This change could not be loaded')}
            everyTeam={everyTeam}
            onRetry={() => void detail.refetch()}
            onShowTarget={(entry) => {
              close();
              change({ target_type: entry.target_type, target_id: entry.target_id ?? '' });
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
