import type { DataGridProps } from '@mui/x-data-grid';

/** Rows on a list's first page; the phone's coupon cards page by the same number. */
export const FIRST_PAGE_SIZE = 25;

/** What every list grid here shares: pages of 25, 50 or 100 rows (25 first), and no row selection on click. */
export const PAGED_GRID_PROPS = {
  disableRowSelectionOnClick: true,
  pageSizeOptions: [25, 50, 100],
  initialState: { pagination: { paginationModel: { pageSize: FIRST_PAGE_SIZE } } },
} satisfies Partial<DataGridProps>;
