import { useEffect, useRef, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PROVIDERS, type PricingFilters as Filters } from '../../../lib/pricing';

export const MODEL_DEBOUNCE_MS = 300;

interface PricingFiltersProps {
  filters: Filters;
  onChange: (key: keyof Filters, value: string) => void;
}

/** Provider, model and status filters; the model text waits for a pause in typing before it queries. */
export function PricingFilters({ filters, onChange }: PricingFiltersProps) {
  const [model, setModel] = useState(filters.model);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changeModel = (value: string) => {
    setModel(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange('model', value.trim()), MODEL_DEBOUNCE_MS);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        label="Provider"
        size="small"
        value={filters.provider}
        onChange={(event) => onChange('provider', event.target.value)}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All</MenuItem>
        {PROVIDERS.map((provider) => (
          <MenuItem key={provider} value={provider}>
            {provider}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Model"
        size="small"
        value={model}
        onChange={(event) => changeModel(event.target.value)}
        placeholder="e.g. gpt-4o"
        sx={{ minWidth: 200 }}
      />
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
    </Stack>
  );
}
