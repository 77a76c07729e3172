import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface FilterOption {
  value: string;
  label: string;
}

/** The empty value means "no filter"; the options list says how it reads (usually 'All'). */
export const ALL_OPTION: FilterOption = { value: '', label: 'All' };
export const ACTIVE_OPTIONS: FilterOption[] = [
  ALL_OPTION,
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

interface SelectFilterProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  minWidth?: number;
  /**
   * A width that does not follow the options: a browser's select is as wide as its widest option, so one whose
   * options arrive from the server grows when they do and moves every field after it (a layout shift). A long
   * choice is then cut in the closed field, shown whole in its list and in its tooltip.
   */
  width?: number;
}

/**
 * A labelled select for a grid filter: the outlined field's look around the browser's own select. The native list
 * is what phones are best at (their own picker), works with any keyboard and screen reader, and leaves MUI's Select,
 * Menu, Popover and Modal out of the page's first download (docs/performance.md, Bundle budget: the admin pages on a phone). The
 * label stays up so an empty value still reads 'All'.
 */
export function SelectFilter({ label, value, options, onChange, minWidth = 160, width }: SelectFilterProps) {
  const id = useId();
  const chosen = width === undefined ? undefined : options.find((option) => option.value === value)?.label;
  return (
    <FormControl variant="outlined" size="small" sx={width === undefined ? { minWidth } : { width, minWidth: 0 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched fullWidth={width !== undefined} />}
        inputProps={{ title: chosen }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
