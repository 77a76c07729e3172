import { Suspense, useMemo, useState } from 'react';
import { AdminListFrame } from '../../components/admin/AdminListFrame';
import { couponListQuery } from '../../features/coupons/couponAdmin';
import { useGetCouponsQuery } from '../../store/api';
import { AdminGate } from './AdminGate';
import { CouponFilters } from '../../features/coupons/CouponFilters';
import { CouponList } from '../../features/coupons/CouponList';
import type { CouponRowActions } from '../../features/coupons/couponColumns';
import { CouponDetailsDialog, CreateCouponDialog, EditCouponDialog } from '../../features/coupons/lazyDialogs';
import { useCouponActions } from '../../features/coupons/useCouponActions';
import { useCouponSearchParams } from '../../features/coupons/useCouponSearchParams';

export const NO_COUPONS = 'No coupons found.';

// MUI X is most of this page's download: the header and filters render first, and the grid's chunk is requested once
// they have painted (contract/routes.ts lists it as loaded, not preloaded). A phone shows the same rows as cards
// (CouponList) and never downloads the grid.
const loadCouponsGrid = () => import(/* webpackChunkName: "grid-coupons" */ '../../features/coupons/CouponsGrid');

function CouponsScreen() {
  const view = useCouponSearchParams();
  const { data, isError, isFetching } = useGetCouponsQuery(couponListQuery(view.filters));
  const { copy, deactivate, failure, clearFailure, confirmDialog } = useCouponActions();
  // Ids, not copies: the dialogs show the row as the cache has it now (e.g. after a deactivation).
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);

  // A failed list load gives an empty list (docs/rules.md#failed-loads).
  const coupons = useMemo(() => (isError ? [] : (data ?? [])), [isError, data]);
  const viewing = coupons.find((coupon) => coupon.id === viewingId);
  const editing = coupons.find((coupon) => coupon.id === editingId);

  const rowActions = useMemo<CouponRowActions>(
    () => ({
      onCopy: (code) => void copy(code),
      onView: (coupon) => setViewingId(coupon.id),
      onEdit: (coupon) => setEditingId(coupon.id),
      onDeactivate: (coupon) => void deactivate(coupon),
    }),
    [copy, deactivate],
  );

  return (
    <AdminListFrame
      path="/admin/coupons"
      createLabel="Create New Coupon"
      onCreate={view.openCreate}
      failure={failure}
      onClearFailure={clearFailure}
      filters={<CouponFilters filters={view.filters} onChange={view.setFilter} />}
      cards={<CouponList coupons={coupons} actions={rowActions} loading={isFetching} noRowsLabel={NO_COUPONS} />}
      loadGrid={loadCouponsGrid}
      gridProps={{ coupons, actions: rowActions, loading: isFetching, noRowsLabel: NO_COUPONS }}
      loadingLabel="Loading coupons"
    >
      <Suspense fallback={null}>
        {view.creating && <CreateCouponDialog onClose={view.closeCreate} />}
        {editing && <EditCouponDialog coupon={editing} onClose={() => setEditingId(null)} />}
        {viewing && (
          <CouponDetailsDialog coupon={viewing} onCopy={(code) => void copy(code)} onClose={() => setViewingId(null)} />
        )}
      </Suspense>
      {confirmDialog}
    </AdminListFrame>
  );
}

export function CouponsPage() {
  return (
    <AdminGate>
      <CouponsScreen />
    </AdminGate>
  );
}
