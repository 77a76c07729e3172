import { useCallback, useMemo } from 'react';
import type { DataGridProps } from '@mui/x-data-grid';
import type { GridPaginationModel, GridValidRowModel } from '@mui/x-data-grid/models';
import { PagedDataGrid } from './PagedDataGrid';

/** What a log's grid is given by its page (the request log's, the audit log's). */
export interface KeysetPageProps<Row> {
  rows: Row[];
  loading: boolean;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
  /** -1 while unknown. */
  rowCount: number;
  onPageChange: (page: number, pageSize: number) => void;
  onOpen: (row: Row) => void;
}

type KeysetDataGridProps<Row extends GridValidRowModel> = KeysetPageProps<Row> &
  Omit<DataGridProps<Row>, 'rows' | 'loading' | 'rowCount' | 'onRowClick'> & {
    identifyingField: string;
    pageSizeOptions: number[];
    /** Shown when the page has no rows. */
    noRowsLabel: string;
    /**
     * The height most of its rows have (they grow with their content): rows are laid out at this height until the
     * grid has measured them, so a good guess keeps rows from moving as they are measured (a layout shift: the
     * request log's rows, laid out at 56 px and measured at 89-109 at 1350 px, moved 0.027 of Lighthouse's desktop
     * screen). Measured with scripts/layout-shifts.mts and the rows' heights at 1350 px.
     */
    typicalRowHeight: number;
  };

/**
 * A log as a DataGrid in server mode: the server pages with keyset cursors and the total is unknown (a count over
 * millions of rows is what keyset paging avoids), so the grid offers Next while the server says there is a next
 * page. A click on a row, or Enter on any of its cells, opens it. Rows grow and wrap rather than cut their text.
 */
export function KeysetDataGrid<Row extends GridValidRowModel>({
  rows,
  loading,
  page,
  pageSize,
  hasNextPage,
  rowCount,
  onPageChange,
  onOpen,
  noRowsLabel,
  typicalRowHeight,
  sx,
  ...grid
}: KeysetDataGridProps<Row>) {
  const estimate = useCallback(() => typicalRowHeight, [typicalRowHeight]);
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page, pageSize }), [page, pageSize]);
  // While a page loads its next cursor is not known yet. MUI X 9 takes `hasNextPage: false` with an unknown total as
  // "this is the last page", counts the rows it still shows (the page before's) as the total and turns back to the
  // page that total allows: so say nothing until the page has answered.
  const paginationMeta = useMemo(() => ({ hasNextPage: loading ? undefined : hasNextPage }), [loading, hasNextPage]);
  return (
    <PagedDataGrid
      rows={rows}
      loading={loading}
      rowHeight={56}
      getEstimatedRowHeight={estimate}
      wrapCells
      localeText={{ noRowsLabel }}
      sx={[
        { minHeight: 320, '& .MuiDataGrid-row': { cursor: 'pointer' } },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
      paginationMode="server"
      rowCount={rowCount}
      paginationMeta={paginationMeta}
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => onPageChange(model.page, model.pageSize)}
      onRowClick={({ row }) => onOpen(row)}
      onCellKeyDown={({ row }, event) => {
        if (event.key !== 'Enter') return;
        event.defaultMuiPrevented = true;
        onOpen(row);
      }}
      {...grid}
    />
  );
}
