import { useCallback, useMemo } from 'react';
import { couponFiltersFromParams, type CouponFilters } from './couponAdmin';
import { useCreateDialog } from '../../components/forms/useCreateDialog';
import { useUpdateSearchParams } from '../../components/lists/useUpdateSearchParams';

/** The coupon filters and the create dialog live in the URL, so a view can be shared and survives a reload. */
export function useCouponSearchParams() {
  const [params, update] = useUpdateSearchParams();
  const filters = useMemo(() => couponFiltersFromParams(params), [params]);
  return {
    filters,
    // The default order is not written, so the plain URL stays plain.
    setFilter: useCallback(
      (key: keyof CouponFilters, value: string) =>
        update({ [key]: key === 'sort_by' && value === 'created_at' ? null : value }),
      [update],
    ),
    ...useCreateDialog(params, update),
  };
}
