import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { changeDateRange, type DateRangeField } from '../../lib/dateRange';
import type { DateRange } from '../../../contract/dates';
import { TextInput } from '../../components/TextInput';

interface DateRangeControlsProps {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  onUpdate: () => void;
  updating: boolean;
}

/**
 * Start Date, End Date and Update. A valid date applies at once (the query args change, so the data reloads);
 * while a date is being typed or cleared the inputs show the text but the last valid range stays in force.
 */
export function DateRangeControls({ range, onRangeChange, onUpdate, updating }: DateRangeControlsProps) {
  const [draft, setDraft] = useState<DateRange>(range);
  const [applied, setApplied] = useState<DateRange>(range);
  // The range can also change from outside (a start after the end pulls the end along): show it.
  if (applied !== range) {
    setApplied(range);
    setDraft(range);
  }

  const handleChange = (field: DateRangeField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    const next = changeDateRange(range, field, value);
    if (next !== range) onRangeChange(next);
  };

  const dateInput = (field: DateRangeField, label: string, bounds: { min?: string; max?: string }) => (
    <TextInput
      label={label}
      type="date"
      size="small"
      value={draft[field]}
      onChange={(event) => handleChange(field, event.target.value)}
      htmlInput={bounds}
    />
  );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
      {dateInput('start_date', 'Start Date', { max: range.end_date })}
      {dateInput('end_date', 'End Date', { min: range.start_date })}
      <Button variant="outlined" onClick={onUpdate} disabled={updating}>
        Update
      </Button>
    </Stack>
  );
}
