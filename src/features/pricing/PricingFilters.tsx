import { useEffect, useRef, useState } from 'react';
import TextField from '@mui/material/TextField';
import { PROVIDERS, type PricingFilters as Filters } from './pricing';
import { FilterRow } from '../../components/lists/FilterRow';
import { ACTIVE_OPTIONS, ALL_OPTION } from '../../components/lists/SelectFilter';

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
    <FilterRow
      filters={filters}
      onChange={onChange}
      fields={[
        { key: 'provider', label: 'Provider', options: PROVIDER_OPTIONS, minWidth: 180 },
        <TextField
          key="model"
          label="Model"
          size="small"
          value={model}
          onChange={(event) => changeModel(event.target.value)}
          placeholder="e.g. gpt-4o"
          sx={{ minWidth: 200 }}
        />,
        { key: 'active', label: 'Status', options: ACTIVE_OPTIONS },
      ]}
    />
  );
}
