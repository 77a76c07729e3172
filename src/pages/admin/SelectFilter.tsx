import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

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
}

/** A labelled select for a grid filter. The label stays up so an empty value still reads 'All'. */
export function SelectFilter({ label, value, options, onChange, minWidth = 160 }: SelectFilterProps) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
