import { useCallback, useMemo } from 'react';
import type { GridSortModel } from '@mui/x-data-grid/models';
import { sortFromParam, sortToParam } from '../../lib/gridSort';
import { pricingFiltersFromParams, type PricingFilters } from './pricing';
import { useCreateDialog } from '../../components/forms/useCreateDialog';
import { useUpdateSearchParams } from '../../components/lists/useUpdateSearchParams';

export const SORTABLE_PRICING_FIELDS = [
  'model',
  'tier',
  'token_range',
  'prompt_cost_per_1m',
  'completion_cost_per_1m',
  'caching',
  'effective_time',
] as const;

/** The pricing view (filters, grid sort, the create dialog) lives in the URL: a shared link or reload shows it again. */
export function usePricingSearchParams() {
  const [params, update] = useUpdateSearchParams();
  const filters = useMemo(() => pricingFiltersFromParams(params), [params]);
  const sortParam = params.get('sort');
  const sortModel = useMemo<GridSortModel>(() => sortFromParam(sortParam, SORTABLE_PRICING_FIELDS), [sortParam]);

  return {
    filters,
    sortModel,
    setFilter: useCallback((key: keyof PricingFilters, value: string) => update({ [key]: value }), [update]),
    setSortModel: useCallback((model: GridSortModel) => update({ sort: sortToParam(model) }), [update]),
    ...useCreateDialog(params, update),
  };
}
