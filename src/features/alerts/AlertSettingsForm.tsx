import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/TextInput';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import { useSaveAlertSettingsMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import type { AlertSettings } from '../../../contract/schemas/alerts';
import { alertSettingsBody, alertSettingsForm, type AlertSettingsErrors } from './alertSettings';

export const ALERTS_SAVED = 'Alert settings saved';

/** A field's hint, or in its place what is wrong with it. */
const said = (problem: string | undefined, hint: string) => ({ helperText: problem ?? hint, error: Boolean(problem) });

/**
 * What the team is told about (docs/alerts.md#settings): budget thresholds, a low balance, a short runway, keys at
 * their limit and members at their cap, and who besides the owners gets the email. Every field is checked with the
 * server's own rule before anything is sent.
 */
export function AlertSettingsForm({ settings }: { settings: AlertSettings }) {
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSaveAlertSettingsMutation();
  const [form, setForm] = useState(() => alertSettingsForm(settings));
  const [errors, setErrors] = useState<AlertSettingsErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (change: Partial<typeof form>) => setForm((previous) => ({ ...previous, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = alertSettingsBody(form);
    setErrors(result.errors ?? {});
    if (!result.body) return;
    try {
      const saved = await save(result.body).unwrap();
      setForm(alertSettingsForm(saved));
      dispatch(toastShown(ALERTS_SAVED, 'success'));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save the alert settings'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Alert settings">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        The team&apos;s owners are always told, by email ({settings.owner_recipients.join(', ') || 'no address'}) and in
        the bell. Each alert is told once when it is crossed: a budget alert once a month (UTC), a balance or runway
        alert again only after it has recovered.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextInput
          label="Budget alerts (% of the monthly budget)"
          size="small"
          value={form.thresholds}
          onChange={(event) => set({ thresholds: event.target.value })}
          {...said(errors.thresholds, 'Comma-separated, e.g. 50, 80, 100. Empty: none.')}
          htmlInput={{ inputMode: 'numeric' }}
        />
        <TextInput
          label="Credit balance below ($)"
          size="small"
          value={form.balanceBelow}
          onChange={(event) => set({ balanceBelow: event.target.value })}
          {...said(errors.balanceBelow, 'Empty: off.')}
          htmlInput={{ inputMode: 'decimal' }}
        />
        <TextInput
          label="Credits last fewer than (days)"
          size="small"
          value={form.runwayDays}
          onChange={(event) => set({ runwayDays: event.target.value })}
          {...said(errors.runwayDays, "At the last 7 days' rate. Empty: off.")}
          htmlInput={{ inputMode: 'numeric' }}
        />
      </Box>
      <Stack spacing={{ xs: 1, sm: 0 }} sx={{ mt: 1 }}>
        <FormControlLabel
          control={<Switch checked={form.keyLimit} onChange={(event) => set({ keyLimit: event.target.checked })} />}
          label="An API key reaches its spending limit"
        />
        <FormControlLabel
          control={<Switch checked={form.memberCap} onChange={(event) => set({ memberCap: event.target.checked })} />}
          label="A member reaches their monthly cap (they are told too)"
        />
      </Stack>
      <TextInput
        label="Also email"
        size="small"
        multiline
        minRows={2}
        fullWidth
        value={form.recipients}
        onChange={(event) => set({ recipients: event.target.value })}
        {...said(errors.recipients, 'One address per line, besides the owners.')}
        sx={{ mt: 2 }}
      />
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 2 }}>
        Save Alerts
      </Button>
    </Box>
  );
}
