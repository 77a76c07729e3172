import { useMemo, useState } from 'react';
import { DataGrid } from '@mui/x-data-grid/DataGrid';
import type { DataGridProps } from '@mui/x-data-grid';
import type { GridValidRowModel } from '@mui/x-data-grid/models';
import { PAGED_GRID_PROPS, WRAPPING_GRID, gridLayout } from './pagedGrid';
import { CELL_LINES_SX } from './cells';
import { scrollbarSize } from '../../lib/scrollbarSize';

type PagedDataGridProps<Row extends GridValidRowModel> = DataGridProps<Row> & {
  /** The column that stays in view when the grid scrolls sideways (see gridLayout). */
  identifyingField: string;
  /** Rows grow and text wraps, so no value is cut (WRAPPING_GRID). */
  wrapCells?: boolean;
};

/** A list grid as every list here shows one: paged, on the paper background, its identifying column pinned. */
export function PagedDataGrid<Row extends GridValidRowModel>({
  identifyingField,
  wrapCells = false,
  sx,
  ...props
}: PagedDataGridProps<Row>) {
  const layout = useMemo(() => gridLayout(identifyingField), [identifyingField]);
  const firstLoadEnded = useFirstLoadEnded(props.loading === true && (props.rows?.length ?? 0) === 0);
  return (
    <DataGrid
      {...PAGED_GRID_PROPS}
      disableVirtualization={layout.disableVirtualization}
      // As tall as its rows (every list here pages at most 100): the grid then never reserves room for a vertical
      // scroll bar of its own. Without it, rows measured taller than their estimate made it reserve one for a frame,
      // which narrowed the columns, re-wrapped the rows and moved them back: 0.027 of layout shift on the request log
      // at 1350 px, 0.019 on /admin/teams and /api-keys (docs/performance.md, "Layout shifts").
      autoHeight
      // Measured once at start-up: the grid's own measure forced two layouts of the whole page at each mount.
      scrollbarSize={scrollbarSize()}
      getRowHeight={wrapCells ? WRAPPING_GRID.getRowHeight : undefined}
      sx={[
        { bgcolor: 'background.paper', ...layout.sx, ...CELL_LINES_SX },
        wrapCells && WRAPPING_GRID.sx,
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
      {...props}
      // No footer until the first load has ended: it would be drawn under the loading grid and pushed down (out of
      // view, on most pages) when the rows arrive, a layout shift of 0.04 on /admin/pricing and the request log at
      // 1350 px (scripts/layout-shifts.mts). Later loads keep it, and the page's rows under the loading bar.
      hideFooter={props.hideFooter || !firstLoadEnded}
    />
  );
}

/** False until `waiting` is first false, then true for good. */
function useFirstLoadEnded(waiting: boolean): boolean {
  const [ended, setEnded] = useState(!waiting);
  if (!ended && !waiting) setEnded(true);
  return ended;
}
