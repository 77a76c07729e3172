import { isValidElement, type ReactElement } from 'react';
import Stack from '@mui/material/Stack';
import { SelectFilter, type FilterOption } from './SelectFilter';

export interface SelectField<Filters> {
  key: keyof Filters & string;
  label: string;
  options: readonly FilterOption[];
  minWidth?: number;
}

interface FilterRowProps<Filters extends { [Key in keyof Filters]: string }> {
  filters: Filters;
  onChange: (key: keyof Filters, value: string) => void;
  /** Selects, in order; an element (with its key) stands for a field of another kind. */
  fields: readonly (SelectField<Filters> | ReactElement)[];
}

/** An admin list's filters in a row (a column on a phone) above its rows. */
export function FilterRow<Filters extends { [Key in keyof Filters]: string }>({
  filters,
  onChange,
  fields,
}: FilterRowProps<Filters>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      {fields.map((field) =>
        isValidElement(field) ? (
          field
        ) : (
          <SelectFilter
            key={field.key}
            label={field.label}
            value={filters[field.key]}
            options={field.options}
            onChange={(value) => onChange(field.key, value)}
            minWidth={field.minWidth}
          />
        ),
      )}
    </Stack>
  );
}
