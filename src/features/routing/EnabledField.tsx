import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

/** A route's or deployment's on/off switch: a disabled one is kept but ignored by the gateway. */
export function EnabledField({ checked, onChange }: { checked: boolean; onChange: (enabled: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Enabled"
    />
  );
}
