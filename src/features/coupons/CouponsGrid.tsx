import { useMemo } from 'react';
import { PagedDataGrid } from '../../components/grid/PagedDataGrid';
import type { Coupon } from '../../../contract/schemas/coupons';
import { couponColumns, type CouponRowActions } from './couponColumns';

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
    <PagedDataGrid
      identifyingField="code"
      aria-label="Coupons"
      rows={coupons}
      columns={columns}
      loading={loading}
      rowHeight={64}
      localeText={{ noRowsLabel }}
      sx={{ minHeight: 320 }}
    />
  );
}
