import { useCallback, useMemo } from 'react';
import { couponFiltersFromParams, type CouponFilters } from './couponAdmin';
import { useUpdateSearchParams } from '../../components/admin/useUpdateSearchParams';

/** The coupon filters and the create dialog live in the URL, so a view can be shared and survives a reload. */
export function useCouponSearchParams() {
  const [params, update] = useUpdateSearchParams();
  const filters = useMemo(() => couponFiltersFromParams(params), [params]);
  return {
    filters,
    createRequested: params.get('create') === '1',
    // The default order is not written, so the plain URL stays plain.
    setFilter: useCallback(
      (key: keyof CouponFilters, value: string) =>
        update({ [key]: key === 'sort_by' && value === 'created_at' ? null : value }),
      [update],
    ),
    clearCreateRequest: useCallback(() => update({ create: null }), [update]),
  };
}
