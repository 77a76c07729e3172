import { useEffect, useRef, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PROVIDERS, type PricingFilters as Filters } from './pricing';
import { ACTIVE_OPTIONS, ALL_OPTION, SelectFilter } from '../../components/admin/SelectFilter';

export const MODEL_DEBOUNCE_MS = 300;

const PROVIDER_OPTIONS = [ALL_OPTION, ...PROVIDERS.map((provider) => ({ value: provider, label: provider }))];

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
      <SelectFilter
        label="Provider"
        value={filters.provider}
        options={PROVIDER_OPTIONS}
        onChange={(value) => onChange('provider', value)}
        minWidth={180}
      />
      <TextField
        label="Model"
        size="small"
        value={model}
        onChange={(event) => changeModel(event.target.value)}
        placeholder="e.g. gpt-4o"
        sx={{ minWidth: 200 }}
      />
      <SelectFilter
        label="Status"
        value={filters.active}
        options={ACTIVE_OPTIONS}
        onChange={(value) => onChange('active', value)}
      />
    </Stack>
  );
}
