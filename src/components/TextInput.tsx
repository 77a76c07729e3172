import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

interface TextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** A validation message: marks the field invalid and shows the message under it. */
  errorText?: string | null;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  autoFocus?: boolean;
  /** A text area growing from `minRows` lines (an address). */
  multiline?: boolean;
  minRows?: number;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

const SHRUNK_LABEL_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

/**
 * An outlined text field with TextField's look, label and helper-text wiring, built from its parts. Importing
 * TextField also brings its select mode (Select, Menu, Popover: ~8 KB gzip), which forms that never use it, such as
 * the team page's, should not download (docs/performance.md, Bundle budget: per route).
 */
export function TextInput(props: TextInputProps) {
  const { label, size, required, fullWidth, sx, htmlInput, errorText, ...rest } = props;
  const { helperText = errorText, error = Boolean(errorText), ...input } = rest;
  const id = useId();
  const helperId = `${id}-helper`;
  const labelAbove = SHRUNK_LABEL_TYPES.has(input.type ?? '') || undefined;
  return (
    <FormControl variant="outlined" size={size} required={required} error={error} fullWidth={fullWidth} sx={sx}>
      {/* A date input always shows its own placeholder (mm/dd/yyyy), so its label sits above it from the start. */}
      <InputLabel htmlFor={id} shrink={labelAbove}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched={labelAbove}
        inputProps={htmlInput}
        aria-describedby={helperText ? helperId : undefined}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
