import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { COUPON_SORT_OPTIONS, type CouponFilters as Filters } from '../../../lib/couponAdmin';

interface CouponFiltersProps {
  filters: Filters;
  onChange: (key: keyof Filters, value: string) => void;
}

/** Status, uses and order; all three are applied by the server (spec §7). */
export function CouponFilters({ filters, onChange }: CouponFiltersProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        label="Status"
        size="small"
        value={filters.active}
        onChange={(event) => onChange('active', event.target.value)}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">All</MenuItem>
        <MenuItem value="true">Active</MenuItem>
        <MenuItem value="false">Inactive</MenuItem>
      </TextField>
      <TextField
        select
        label="Has Uses Remaining"
        size="small"
        value={filters.has_uses_remaining}
        onChange={(event) => onChange('has_uses_remaining', event.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">All</MenuItem>
        <MenuItem value="true">Has uses remaining</MenuItem>
        <MenuItem value="false">Fully used</MenuItem>
      </TextField>
      <TextField
        select
        label="Sort By"
        size="small"
        value={filters.sort_by}
        onChange={(event) => onChange('sort_by', event.target.value)}
        sx={{ minWidth: 180 }}
      >
        {COUPON_SORT_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
