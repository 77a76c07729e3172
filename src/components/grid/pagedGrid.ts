import type { DataGridProps } from '@mui/x-data-grid';

/** What every list grid here shares: pages of 25, 50 or 100 rows (25 first), and no row selection on click. */
export const PAGED_GRID_PROPS = {
  disableRowSelectionOnClick: true,
  pageSizeOptions: [25, 50, 100],
  initialState: { pagination: { paginationModel: { pageSize: 25 } } },
} satisfies Partial<DataGridProps>;
