import { Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { GridPlaceholder } from '../../components/grid/GridPlaceholder';
import { PageHeader } from '../../components/PageHeader';
import { couponListQuery } from '../../lib/couponAdmin';
import { useGetCouponsQuery } from '../../store/api';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import { AdminGate } from './AdminGate';
import { BackToAdminLink } from './BackToAdminLink';
import { FailureAlert } from './FailureAlert';
import { CouponFilters } from './coupons/CouponFilters';
import { CouponList } from './coupons/CouponList';
import type { CouponRowActions } from './coupons/couponColumns';
import { CouponDetailsDialog, CreateCouponDialog, EditCouponDialog } from './coupons/lazyDialogs';
import { useCouponActions } from './coupons/useCouponActions';
import { useCouponSearchParams } from './coupons/useCouponSearchParams';

export const NO_COUPONS = 'No coupons found.';

// MUI X is most of this page's download: the header and filters render first, and the grid's chunk is requested once
// they have painted (build/routeChunks.js lists it as loaded, not preloaded). A phone shows the same rows as cards
// (CouponList) and never downloads the grid.
const loadCouponsGrid = () => import(/* webpackChunkName: "grid-coupons" */ './coupons/CouponsGrid');

function CouponsScreen() {
  const view = useCouponSearchParams();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const { data, isError, isFetching } = useGetCouponsQuery(couponListQuery(view.filters));
  const { copy, deactivate, failure, clearFailure, confirmDialog } = useCouponActions();
  const [creating, setCreating] = useState(view.createRequested);
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

  const closeCreate = () => {
    setCreating(false);
    view.clearCreateRequest();
  };

  // The same element on every render, so the list's loading and arrival do not rebuild the heading (README,
  // Performance: a phone's long tasks).
  const heading = useMemo(
    () => (
      <>
        <BackToAdminLink />
        <PageHeader
          title="Coupons"
          subtitle="Credit coupons teams can redeem"
          actions={
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              Create New Coupon
            </Button>
          }
        />
      </>
    ),
    [],
  );

  return (
    <>
      {heading}
      <FailureAlert failure={failure} onClose={clearFailure} />
      <CouponFilters filters={view.filters} onChange={view.setFilter} />
      {/* Thousands of coupons stay quick: the grid and the cards show them a page (at most 100) at a time. */}
      <Box sx={{ width: '100%', minWidth: 0 }}>
        {isMobile ? (
          <CouponList coupons={coupons} actions={rowActions} loading={isFetching} noRowsLabel={NO_COUPONS} />
        ) : (
          <AfterFirstPaint
            load={loadCouponsGrid}
            props={{ coupons, actions: rowActions, loading: isFetching, noRowsLabel: NO_COUPONS }}
            fallback={<GridPlaceholder label="Loading coupons" minHeight={320} />}
          />
        )}
      </Box>
      <Suspense fallback={null}>
        {creating && <CreateCouponDialog onClose={closeCreate} />}
        {editing && <EditCouponDialog coupon={editing} onClose={() => setEditingId(null)} />}
        {viewing && (
          <CouponDetailsDialog coupon={viewing} onCopy={(code) => void copy(code)} onClose={() => setViewingId(null)} />
        )}
      </Suspense>
      {confirmDialog}
    </>
  );
}

export function CouponsPage() {
  return (
    <AdminGate>
      <CouponsScreen />
    </AdminGate>
  );
}
