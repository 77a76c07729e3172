import { useMemo } from 'react';
import type { GridColDef, GridPaginationModel, GridSortModel, GridValidRowModel } from '@mui/x-data-grid/models';
import { PagedDataGrid } from '../../components/grid/PagedDataGrid';
import type { SortOrder } from '../../../contract/schemas/adminConsole';
import { CONSOLE_PAGE_SIZES, type ConsoleView } from './consoleList';

export interface ConsoleGridProps<Row extends GridValidRowModel, Sort extends string> {
  label: string;
  rows: Row[];
  total: number;
  loading: boolean;
  columns: GridColDef<Row>[];
  identifyingField: string;
  sorts: readonly Sort[];
  view: ConsoleView<Sort>;
  onChange: (change: Partial<ConsoleView<Sort>>) => void;
  noRowsLabel: string;
}

/** A console list as a DataGrid in server mode: the server searches, sorts and pages (consoleList.ts). */
export function ConsoleGrid<Row extends GridValidRowModel, Sort extends string>({
  label,
  rows,
  total,
  loading,
  columns,
  identifyingField,
  sorts,
  view,
  onChange,
  noRowsLabel,
}: ConsoleGridProps<Row, Sort>) {
  const sortModel = useMemo<GridSortModel>(() => [{ field: view.sort, sort: view.order }], [view.sort, view.order]);
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: view.page, pageSize: view.pageSize }),
    [view.page, view.pageSize],
  );
  return (
    <PagedDataGrid
      identifyingField={identifyingField}
      aria-label={label}
      rows={rows}
      columns={columns}
      loading={loading}
      wrapCells
      localeText={{ noRowsLabel }}
      sx={{ minHeight: 320 }}
      paginationMode="server"
      sortingMode="server"
      rowCount={total}
      pageSizeOptions={CONSOLE_PAGE_SIZES}
      paginationModel={paginationModel}
      onPaginationModelChange={(model) =>
        onChange(model.pageSize !== view.pageSize ? { page: 0, pageSize: model.pageSize } : { page: model.page })
      }
      // The server sorts and pages, so the column menu's filter would filter only the page shown, and its hidden icon
      // stuck out of the last header (the Teams grid scrolled sideways at 1280 px): a header's click sorts instead.
      disableColumnMenu
      sortingOrder={['desc', 'asc']}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const [first] = model;
        if (first?.sort && (sorts as readonly string[]).includes(first.field)) {
          onChange({ sort: first.field as Sort, order: first.sort as SortOrder });
        }
      }}
    />
  );
}
