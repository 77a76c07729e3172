import type { DataGridProps } from '@mui/x-data-grid';

/** Rows on a list's first page; the phone's coupon cards page by the same number. */
export const FIRST_PAGE_SIZE = 25;

/**
 * A grid's height before it has drawn, from its rows: a 56 px header, 53 px rows (52 and their border), a 52 px
 * footer and the 2 px frame, as MUI X draws them at standard density; no rows show an overlay two rows tall. Rows
 * that wrap are taller, so this is where the placeholder starts, not a promise. The routing page's sections hold
 * their grids' places with it, so the sections below move less as each grid arrives.
 */
export function gridHeightFor(rows: number, minHeight: number): number {
  const body = rows === 0 ? 2 * 52 : Math.min(rows, FIRST_PAGE_SIZE) * 53;
  return Math.max(minHeight, 56 + 52 + 2 + body);
}

/** What every list grid here shares: pages of 25, 50 or 100 rows (25 first), and no row selection on click. */
export const PAGED_GRID_PROPS = {
  disableRowSelectionOnClick: true,
  pageSizeOptions: [25, 50, 100],
  initialState: { pagination: { paginationModel: { pageSize: FIRST_PAGE_SIZE } } },
} satisfies Partial<DataGridProps>;

/**
 * For a grid whose values must never be cut (docs/rules.md#layout-and-timings): each row as tall as its content, and
 * text (a header's title too) that wraps instead of ending in an ellipsis, inside a word only when the word alone is
 * wider than the column.
 */
export const WRAPPING_GRID = {
  getRowHeight: () => 'auto' as const,
  sx: {
    '& .MuiDataGrid-cell': {
      display: 'flex',
      alignItems: 'center',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      lineHeight: 1.43,
      py: 0.75,
    },
    '& .MuiDataGrid-cell--textRight': { justifyContent: 'flex-end', textAlign: 'right' },
    // A header's title wraps too, on two lines of the header's height, beside its sort arrow ('Spent this month').
    '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25 },
  },
} as const;

/**
 * How every list grid here sits on the page. Its identifying column (the key's name, the tier's model, the coupon's
 * code) stays in view when a screen too narrow for every column scrolls the grid sideways: its header and cells stick
 * to the left edge (column pinning is not in the MIT DataGrid; a sticky cell is). A grid scrolled right drops the
 * columns left of the viewport, whatever its column buffer, so virtualisation is off: a page holds at most 100 rows
 * of a handful of columns. The last column's resize handle, which sticks out 5 px past the grid's
 * edge, is hidden, so a grid whose columns fit does not scroll at all.
 */
export function gridLayout(identifyingField: string) {
  const identifying = `& .MuiDataGrid-columnHeader[data-field="${identifyingField}"], & .MuiDataGrid-cell[data-field="${identifyingField}"]`;
  return {
    disableVirtualization: true,
    sx: {
      [identifying]: {
        position: 'sticky',
        left: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderRight: 1,
        borderRightColor: 'divider',
      },
      '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
    },
  } as const;
}
