import { useMemo } from 'react';
import type { GridSortModel } from '@mui/x-data-grid/models';
import { KeysetDataGrid, type KeysetPageProps } from '../../components/grid/KeysetDataGrid';
import type { RequestLogEntry, RequestLogSortField } from '../../../contract/schemas/requestLog';
import { REQUEST_LOG_SORT_FIELDS } from '../../../contract/rules/requestLog';
import { REQUEST_LOG_COLUMNS } from './requestLogColumns';
import { NO_REQUESTS, REQUESTS_LABEL } from './requestLog';
import type { SortOrder } from './requestLogView';

export const REQUEST_LOG_PAGE_SIZES = [25, 50, 100];

export interface RequestLogGridProps extends KeysetPageProps<RequestLogEntry> {
  sort: RequestLogSortField;
  order: SortOrder;
  onSortChange: (sort: RequestLogSortField, order: SortOrder) => void;
}

const isSortField = (field: string): field is RequestLogSortField =>
  (REQUEST_LOG_SORT_FIELDS as readonly string[]).includes(field);

/**
 * The log as a DataGrid in server mode (KeysetDataGrid), in a chunk of its own with MUI X (see RequestsPage): the
 * server sorts and pages.
 */
export default function RequestLogGrid({ sort, order, onSortChange, ...page }: RequestLogGridProps) {
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);
  return (
    <KeysetDataGrid
      {...page}
      identifyingField="created_at"
      aria-label={REQUESTS_LABEL}
      columns={REQUEST_LOG_COLUMNS}
      noRowsLabel={NO_REQUESTS}
      pageSizeOptions={REQUEST_LOG_PAGE_SIZES}
      // Most rows at 1350 px (time and date, a key's name and prefix: three lines).
      typicalRowHeight={89}
      sortingMode="server"
      sortingOrder={['desc', 'asc']}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        if (first?.sort && isSortField(first.field)) onSortChange(first.field, first.sort);
      }}
    />
  );
}
