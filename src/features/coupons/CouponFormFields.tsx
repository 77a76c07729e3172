import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import { textFieldBinding } from '../../components/forms/textFieldBinding';
import type { CouponFormErrors, CouponFormValues } from './couponAdmin';
import { GENERATED_CODE_DEFAULTS } from '../../store/endpoints/admin';
import { useGenerateCouponCodeMutation } from '../../store/api';

export const GENERATE_FAILED = 'Could not generate a code. Please try again.';

interface CouponFormFieldsProps {
  values: CouponFormValues;
  errors: CouponFormErrors;
  onChange: (changes: Partial<CouponFormValues>) => void;
  /** The edit form also offers the Active switch (admins can edit the active flag). */
  withActive?: boolean;
}

export function CouponFormFields({ values, errors, onChange, withActive }: CouponFormFieldsProps) {
  const [generateCode, { isLoading: generating }] = useGenerateCouponCodeMutation();
  const [generateError, setGenerateError] = useState<string | null>(null);

  const generate = async () => {
    setGenerateError(null);
    try {
      const { code } = await generateCode(GENERATED_CODE_DEFAULTS).unwrap();
      onChange({ code });
    } catch {
      setGenerateError(GENERATE_FAILED);
    }
  };

  const field = (key: keyof CouponFormValues) => textFieldBinding({ values, errors, onChange }, key);
  const codeMessage = errors.code ?? generateError ?? undefined;
  return (
    <Grid container spacing={2} sx={{ pt: 1 }}>
      <Grid size={12}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Code"
            value={values.code}
            onChange={(event) => onChange({ code: event.target.value })}
            error={Boolean(codeMessage)}
            helperText={codeMessage}
            required
            fullWidth
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
          />
          <Button
            variant="outlined"
            startIcon={<AutoFixHigh />}
            onClick={() => void generate()}
            disabled={generating}
            sx={{ mt: 1, flexShrink: 0 }}
          >
            Generate
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Amount (USD)"
          type="number"
          {...field('amount')}
          required
          fullWidth
          slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Max Uses"
          type="number"
          {...field('max_uses')}
          required
          fullWidth
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          label="Expires At"
          type="datetime-local"
          {...field('expires_at')}
          helperText={errors.expires_at ?? 'Optional. Leave empty for no expiry.'}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          label="Description"
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
          multiline
          minRows={2}
          fullWidth
        />
      </Grid>
      {withActive && (
        <Grid size={12}>
          <FormControlLabel
            control={
              <Switch checked={values.active} onChange={(event) => onChange({ active: event.target.checked })} />
            }
            label="Active"
          />
        </Grid>
      )}
    </Grid>
  );
}
