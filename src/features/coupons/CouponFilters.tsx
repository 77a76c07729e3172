import { memo } from 'react';
import { FilterRow, type SelectField } from '../../components/lists/FilterRow';
import { ACTIVE_OPTIONS, ALL_OPTION } from '../../components/lists/SelectFilter';
import { COUPON_SORT_OPTIONS, type CouponFilters as Filters } from './couponAdmin';

const FIELDS: SelectField<Filters>[] = [
  { key: 'active', label: 'Status', options: ACTIVE_OPTIONS },
  {
    key: 'has_uses_remaining',
    label: 'Has Uses Remaining',
    options: [ALL_OPTION, { value: 'true', label: 'Has uses remaining' }, { value: 'false', label: 'Fully used' }],
    minWidth: 200,
  },
  { key: 'sort_by', label: 'Sort By', options: COUPON_SORT_OPTIONS, minWidth: 180 },
];

interface CouponFiltersProps {
  filters: Filters;
  onChange: (key: keyof Filters, value: string) => void;
}

/**
 * Status, uses and order; all three are applied by the server (docs/rules.md#coupons). Memoised: the list's loading
 * and arrival re-render the page, and these three fields need not be rebuilt each time (docs/performance.md: a phone's
 * long tasks).
 */
export const CouponFilters = memo(function CouponFilters({ filters, onChange }: CouponFiltersProps) {
  return <FilterRow filters={filters} onChange={onChange} fields={FIELDS} />;
});
