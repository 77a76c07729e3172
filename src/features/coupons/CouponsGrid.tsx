import { useMemo } from 'react';
import { DataGrid } from '@mui/x-data-grid/DataGrid';
import { PAGED_GRID_PROPS, gridLayout } from '../../components/grid/pagedGrid';
import type { Coupon } from '../../store/types';
import { couponColumns, type CouponRowActions } from './couponColumns';

const LAYOUT = gridLayout('code');

/** The coupons grid, in a chunk of its own with MUI X (see CouponsPage). */
export interface CouponsGridProps {
  coupons: Coupon[];
  /** Stable (memoised) callbacks: the columns are rebuilt when they change. */
  actions: CouponRowActions;
  loading: boolean;
  noRowsLabel: string;
}

export default function CouponsGrid({ coupons, actions, loading, noRowsLabel }: CouponsGridProps) {
  const columns = useMemo(() => couponColumns(actions), [actions]);
  return (
    <DataGrid
      {...PAGED_GRID_PROPS}
      aria-label="Coupons"
      rows={coupons}
      columns={columns}
      loading={loading}
      rowHeight={64}
      disableVirtualization={LAYOUT.disableVirtualization}
      localeText={{ noRowsLabel }}
      sx={{ bgcolor: 'background.paper', minHeight: 320, ...LAYOUT.sx }}
    />
  );
}
