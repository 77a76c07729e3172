import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DataGrid } from '@mui/x-data-grid/DataGrid';
import Add from '@mui/icons-material/Add';
import { PageHeader } from '../../components/PageHeader';
import { couponListQuery } from '../../lib/couponAdmin';
import { useGetCouponsQuery } from '../../store/api';
import { AdminGate } from './AdminGate';
import { BackToAdminLink } from './BackToAdminLink';
import { FailureAlert } from './FailureAlert';
import { CouponDetailsDialog } from './coupons/CouponDetailsDialog';
import { CouponFilters } from './coupons/CouponFilters';
import { couponColumns } from './coupons/couponColumns';
import { CreateCouponDialog } from './coupons/CreateCouponDialog';
import { EditCouponDialog } from './coupons/EditCouponDialog';
import { useCouponActions } from './coupons/useCouponActions';
import { useCouponSearchParams } from './coupons/useCouponSearchParams';

export const NO_COUPONS = 'No coupons found.';

function CouponsScreen() {
  const view = useCouponSearchParams();
  const { data, isError, isFetching } = useGetCouponsQuery(couponListQuery(view.filters));
  const { copy, deactivate, failure, clearFailure, confirmDialog } = useCouponActions();
  const [creating, setCreating] = useState(view.createRequested);
  // Ids, not copies: the dialogs show the row as the cache has it now (e.g. after a deactivation).
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);

  // Spec §8: a failed list load gives an empty list.
  const coupons = useMemo(() => (isError ? [] : (data ?? [])), [isError, data]);
  const viewing = coupons.find((coupon) => coupon.id === viewingId);
  const editing = coupons.find((coupon) => coupon.id === editingId);

  const columns = useMemo(
    () =>
      couponColumns({
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

  return (
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
      <FailureAlert failure={failure} onClose={clearFailure} />
      <CouponFilters filters={view.filters} onChange={view.setFilter} />
      {/* Thousands of coupons stay quick: the grid virtualises rows and pages them. */}
      <Box sx={{ width: '100%', minWidth: 0 }}>
        <DataGrid
          aria-label="Coupons"
          rows={coupons}
          columns={columns}
          loading={isFetching}
          rowHeight={64}
          disableRowSelectionOnClick
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          localeText={{ noRowsLabel: NO_COUPONS }}
          sx={{ bgcolor: 'background.paper', minHeight: 320 }}
        />
      </Box>
      {creating && <CreateCouponDialog onClose={closeCreate} />}
      {editing && <EditCouponDialog coupon={editing} onClose={() => setEditingId(null)} />}
      {viewing && (
        <CouponDetailsDialog coupon={viewing} onCopy={(code) => void copy(code)} onClose={() => setViewingId(null)} />
      )}
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
