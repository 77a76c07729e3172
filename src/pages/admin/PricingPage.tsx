import { useEffect, useMemo, useState } from 'react';
import { AdminListFrame } from '../../components/admin/AdminListFrame';
import { pricingListQuery } from '../../features/pricing/pricing';
import { useGetPricingTiersQuery } from '../../store/api';
import type { PricingTier } from '../../../contract/schemas/pricing';
import { AdminGate } from './AdminGate';
import { CreatePricingTierDialog } from '../../features/pricing/CreatePricingTierDialog';
import { PricingFilters } from '../../features/pricing/PricingFilters';
import { PricingTierDetailsDialog } from '../../features/pricing/PricingTierDetailsDialog';
import { PricingTierList } from '../../features/pricing/PricingTierList';
import type { PricingRowActions } from '../../features/pricing/pricingColumns';
import { useDeactivateTier } from '../../features/pricing/useDeactivateTier';
import { usePricingSearchParams } from '../../features/pricing/usePricingSearchParams';

export const NO_PRICING = 'No pricing configurations found.';

// MUI X is most of this page's download: the header and filters render first and the grid's chunk is requested once
// they have painted (contract/routes.ts lists it as loaded, not preloaded). A phone shows the same rows as cards
// (PricingTierList) and never downloads the grid.
const loadPricingGrid = () => import(/* webpackChunkName: "grid-pricing" */ '../../features/pricing/PricingGrid');

function PricingScreen() {
  const view = usePricingSearchParams();
  const { data, error, isFetching } = useGetPricingTiersQuery(pricingListQuery(view.filters));
  const { deactivate, failure, clearFailure, confirmDialog } = useDeactivateTier();
  const [viewing, setViewing] = useState<PricingTier | null>(null);
  // Edit creates a new tier from the row's (prices are versioned, never changed in place).
  const [editing, setEditing] = useState<PricingTier | null>(null);

  // A failed list load is only logged (docs/rules.md#failed-loads); the grid shows its empty text.
  useEffect(() => {
    if (error) console.error('Failed to load pricing tiers', error);
  }, [error]);

  const tiers = useMemo(() => (error ? [] : (data?.pricings ?? [])), [error, data]);
  const rowActions = useMemo<PricingRowActions>(
    () => ({
      onView: setViewing,
      onEdit: setEditing,
      onDeactivate: (tier) => void deactivate(tier),
    }),
    [deactivate],
  );

  return (
    <AdminListFrame
      path="/admin/pricing"
      createLabel="Create Pricing Tier"
      onCreate={view.openCreate}
      failure={failure}
      onClearFailure={clearFailure}
      filters={<PricingFilters filters={view.filters} onChange={view.setFilter} />}
      cards={<PricingTierList tiers={tiers} actions={rowActions} loading={isFetching} noRowsLabel={NO_PRICING} />}
      loadGrid={loadPricingGrid}
      gridProps={{
        tiers,
        actions: rowActions,
        loading: isFetching,
        sortModel: view.sortModel,
        onSortModelChange: view.setSortModel,
        noRowsLabel: NO_PRICING,
      }}
      loadingLabel="Loading pricing tiers"
    >
      {view.creating && <CreatePricingTierDialog onClose={view.closeCreate} />}
      {editing && <CreatePricingTierDialog from={editing} onClose={() => setEditing(null)} />}
      {viewing && <PricingTierDetailsDialog tier={viewing} onClose={() => setViewing(null)} />}
      {confirmDialog}
    </AdminListFrame>
  );
}

export function PricingPage() {
  return (
    <AdminGate>
      <PricingScreen />
    </AdminGate>
  );
}
