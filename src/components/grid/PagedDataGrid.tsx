import { useMemo } from 'react';
import { DataGrid } from '@mui/x-data-grid/DataGrid';
import type { DataGridProps } from '@mui/x-data-grid';
import type { GridValidRowModel } from '@mui/x-data-grid/models';
import { PAGED_GRID_PROPS, gridLayout } from './pagedGrid';

type PagedDataGridProps<Row extends GridValidRowModel> = DataGridProps<Row> & {
  /** The column that stays in view when the grid scrolls sideways (see gridLayout). */
  identifyingField: string;
};

/** A list grid as every list here shows one: paged, on the paper background, its identifying column pinned. */
export function PagedDataGrid<Row extends GridValidRowModel>({
  identifyingField,
  sx,
  ...props
}: PagedDataGridProps<Row>) {
  const layout = useMemo(() => gridLayout(identifyingField), [identifyingField]);
  return (
    <DataGrid
      {...PAGED_GRID_PROPS}
      disableVirtualization={layout.disableVirtualization}
      sx={[{ bgcolor: 'background.paper', ...layout.sx }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}
      {...props}
    />
  );
}
