import { useMemo } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid/models';
import { PagedDataGrid } from '../../components/grid/PagedDataGrid';
import type { RequestLogEntry, RequestLogSortField } from '../../../contract/schemas/requestLog';
import { REQUEST_LOG_SORT_FIELDS } from '../../../contract/schemas/requestLog';
import { REQUEST_LOG_COLUMNS } from './requestLogColumns';
import { NO_REQUESTS, REQUESTS_LABEL } from './requestLog';
import type { SortOrder } from './requestLogView';

export const REQUEST_LOG_PAGE_SIZES = [25, 50, 100];

export interface RequestLogGridProps {
  rows: RequestLogEntry[];
  loading: boolean;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
  /** -1 while unknown. */
  rowCount: number;
  sort: RequestLogSortField;
  order: SortOrder;
  onPageChange: (page: number, pageSize: number) => void;
  onSortChange: (sort: RequestLogSortField, order: SortOrder) => void;
  onOpen: (entry: RequestLogEntry) => void;
}

const isSortField = (field: string): field is RequestLogSortField =>
  (REQUEST_LOG_SORT_FIELDS as readonly string[]).includes(field);

/**
 * The log as a DataGrid in server mode, in a chunk of its own with MUI X (see RequestsPage): the server sorts and
 * pages, and the total is unknown (a count over millions of rows is what keyset paging avoids), so the grid offers
 * Next while the server says there is a next page.
 */
export default function RequestLogGrid({
  rows,
  loading,
  page,
  pageSize,
  hasNextPage,
  rowCount,
  sort,
  order,
  onPageChange,
  onSortChange,
  onOpen,
}: RequestLogGridProps) {
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page, pageSize }), [page, pageSize]);
  const paginationMeta = useMemo(() => ({ hasNextPage }), [hasNextPage]);
  return (
    <PagedDataGrid
      identifyingField="created_at"
      aria-label={REQUESTS_LABEL}
      rows={rows}
      columns={REQUEST_LOG_COLUMNS}
      loading={loading}
      rowHeight={56}
      wrapCells
      localeText={{ noRowsLabel: NO_REQUESTS }}
      sx={{ minHeight: 320, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      paginationMode="server"
      sortingMode="server"
      rowCount={rowCount}
      paginationMeta={paginationMeta}
      pageSizeOptions={REQUEST_LOG_PAGE_SIZES}
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => onPageChange(model.page, model.pageSize)}
      sortingOrder={['desc', 'asc']}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        if (first?.sort && isSortField(first.field)) onSortChange(first.field, first.sort);
      }}
      onRowClick={({ row }) => onOpen(row)}
      onCellKeyDown={({ row }, event) => {
        if (event.key !== 'Enter') return;
        event.defaultMuiPrevented = true;
        onOpen(row);
      }}
    />
  );
}
