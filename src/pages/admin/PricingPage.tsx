import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { GridPlaceholder } from '../../components/grid/GridPlaceholder';
import { PageHeader } from '../../components/PageHeader';
import { pricingListQuery } from '../../lib/pricing';
import { toastShown } from '../../slices/toastsSlice';
import { useGetPricingTiersQuery } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import type { PricingTier } from '../../store/types';
import { AdminGate } from './AdminGate';
import { BackToAdminLink } from './BackToAdminLink';
import { FailureAlert } from './FailureAlert';
import { CreatePricingTierDialog } from './pricing/CreatePricingTierDialog';
import { PricingFilters } from './pricing/PricingFilters';
import { PricingTierDetailsDialog } from './pricing/PricingTierDetailsDialog';
import { PricingTierList } from './pricing/PricingTierList';
import type { PricingRowActions } from './pricing/pricingColumns';
import { useDeactivateTier } from './pricing/useDeactivateTier';
import { usePricingSearchParams } from './pricing/usePricingSearchParams';

export const NO_PRICING = 'No pricing configurations found.';

// MUI X is most of this page's download: the header and filters render first and the grid's chunk is requested once
// they have painted (build/routeChunks.js lists it as loaded, not preloaded). A phone shows the same rows as cards
// (PricingTierList) and never downloads the grid.
const loadPricingGrid = () => import(/* webpackChunkName: "grid-pricing" */ './pricing/PricingGrid');
export const EDIT_TIER_COMING_SOON = 'Editing pricing tiers is coming soon.';

function PricingScreen() {
  const dispatch = useAppDispatch();
  const view = usePricingSearchParams();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const { data, error, isFetching } = useGetPricingTiersQuery(pricingListQuery(view.filters));
  const { deactivate, failure, clearFailure, confirmDialog } = useDeactivateTier();
  const [creating, setCreating] = useState(view.createRequested);
  const [viewing, setViewing] = useState<PricingTier | null>(null);

  // A failed list load is only logged (docs/rules.md#failed-loads); the grid shows its empty text.
  useEffect(() => {
    if (error) console.error('Failed to load pricing tiers', error);
  }, [error]);

  const tiers = useMemo(() => (error ? [] : (data?.pricings ?? [])), [error, data]);
  const rowActions = useMemo<PricingRowActions>(
    () => ({
      onView: setViewing,
      onEdit: () => dispatch(toastShown(EDIT_TIER_COMING_SOON, 'info')),
      onDeactivate: (tier) => void deactivate(tier),
    }),
    [deactivate, dispatch],
  );

  const closeCreate = () => {
    setCreating(false);
    view.clearCreateRequest();
  };

  return (
    <>
      <BackToAdminLink />
      <PageHeader
        title="Pricing Tiers"
        subtitle="Model prices per 1M tokens, by provider, model and token range"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            Create Pricing Tier
          </Button>
        }
      />
      <FailureAlert failure={failure} onClose={clearFailure} />
      <PricingFilters filters={view.filters} onChange={view.setFilter} />
      <Box sx={{ width: '100%', minWidth: 0 }}>
        {isMobile ? (
          <PricingTierList tiers={tiers} actions={rowActions} loading={isFetching} noRowsLabel={NO_PRICING} />
        ) : (
          <AfterFirstPaint
            load={loadPricingGrid}
            props={{
              tiers,
              actions: rowActions,
              loading: isFetching,
              sortModel: view.sortModel,
              onSortModelChange: view.setSortModel,
              noRowsLabel: NO_PRICING,
            }}
            fallback={<GridPlaceholder label="Loading pricing tiers" minHeight={320} />}
          />
        )}
      </Box>
      {creating && <CreatePricingTierDialog onClose={closeCreate} />}
      {viewing && <PricingTierDetailsDialog tier={viewing} onClose={() => setViewing(null)} />}
      {confirmDialog}
    </>
  );
}

export function PricingPage() {
  return (
    <AdminGate>
      <PricingScreen />
    </AdminGate>
  );
}
