import { memo } from 'react';
import Stack from '@mui/material/Stack';
import { ACTIVE_OPTIONS, ALL_OPTION, SelectFilter } from '../SelectFilter';
import { COUPON_SORT_OPTIONS, type CouponFilters as Filters } from '../../../lib/couponAdmin';

const USES_OPTIONS = [
  ALL_OPTION,
  { value: 'true', label: 'Has uses remaining' },
  { value: 'false', label: 'Fully used' },
];

interface CouponFiltersProps {
  filters: Filters;
  onChange: (key: keyof Filters, value: string) => void;
}

/**
 * Status, uses and order; all three are applied by the server (docs/api-contract.md). Memoised: the list's loading and
 * arrival re-render the page, and these three fields need not be rebuilt each time (README, Performance: a phone's long
 * tasks).
 */
export const CouponFilters = memo(function CouponFilters({ filters, onChange }: CouponFiltersProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <SelectFilter
        label="Status"
        value={filters.active}
        options={ACTIVE_OPTIONS}
        onChange={(value) => onChange('active', value)}
      />
      <SelectFilter
        label="Has Uses Remaining"
        value={filters.has_uses_remaining}
        options={USES_OPTIONS}
        onChange={(value) => onChange('has_uses_remaining', value)}
        minWidth={200}
      />
      <SelectFilter
        label="Sort By"
        value={filters.sort_by}
        options={COUPON_SORT_OPTIONS}
        onChange={(value) => onChange('sort_by', value)}
        minWidth={180}
      />
    </Stack>
  );
});
