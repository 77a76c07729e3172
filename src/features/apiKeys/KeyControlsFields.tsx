import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import { LIMIT_PERIODS, MAX_KEY_NOTE_LENGTH } from '../../../contract/rules/apiKeys';
import type { CacheScopeName } from '../../../contract/schemas/apiKeys';
import { useGetMeQuery, useGetPricingTiersQuery } from '../../store/api';
import {
  EMPTY_CONTROLS_FORM,
  LIMIT_PERIOD_LABELS,
  type ControlsFormErrors,
  type ControlsFormValues,
} from './keyControls';
import { CACHE_SWITCH_LABEL, CACHE_TTL_HINT, CACHE_TTL_LABEL } from '../cache/cacheTtl';

export interface KeyControlsFieldsProps {
  /** Null until the first change: the empty form (no controls). */
  values: ControlsFormValues | null;
  errors: ControlsFormErrors;
  onChange: (values: ControlsFormValues) => void;
}

const NO_MODELS: string[] = [];

/**
 * Models to suggest for the allow-list: the priced models, for an administrator (only they can read the pricing
 * tiers). Everyone can type any model id or route name.
 */
function useModelSuggestions(): string[] {
  const { data: me } = useGetMeQuery();
  const { data } = useGetPricingTiersQuery({ active: true }, { skip: !me?.is_admin });
  if (!data) return NO_MODELS;
  return [...new Set(data.pricings.map((tier) => `${tier.provider}/${tier.model}`))].sort();
}

/** The per-key controls of Create and Edit (docs/governance.md#per-key-controls); every one may stay empty. */
export default function KeyControlsFields({ values: given, errors, onChange }: KeyControlsFieldsProps) {
  const values = given ?? EMPTY_CONTROLS_FORM;
  const suggestions = useModelSuggestions();
  const change = (changes: Partial<ControlsFormValues>) => onChange({ ...values, ...changes });
  const { data: me } = useGetMeQuery();
  const text = (field: 'spendLimit' | 'rpmLimit' | 'tpmLimit' | 'expiresAt' | 'note' | 'cacheTtl', hint: string) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? hint,
    fullWidth: true,
  });
  const noSpendLimit = values.spendLimit.trim() === '';
  // Sharing answers with the team is the owner's choice; a member keeps a team scope the owner set.
  const mayShareCache = me?.team_role === 'owner' || values.cacheScope === 'team';

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Spending limit (USD)"
          type="number"
          {...text('spendLimit', 'Empty for no limit.')}
          slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          label="Limit resets"
          value={noSpendLimit ? 'none' : values.limitPeriod}
          onChange={(event) => change({ limitPeriod: event.target.value as ControlsFormValues['limitPeriod'] })}
          disabled={noSpendLimit}
          helperText="On UTC calendar days, weeks (from Monday) or months."
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {LIMIT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {LIMIT_PERIOD_LABELS[period]}
            </option>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Requests per minute"
          type="number"
          {...text('rpmLimit', 'Empty for no limit.')}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Tokens per minute"
          type="number"
          {...text('tpmLimit', 'Empty for no limit.')}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          label="Expires"
          type="datetime-local"
          {...text('expiresAt', 'Empty: the key never expires.')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={12}>
        <Autocomplete
          multiple
          freeSolo
          autoSelect
          options={suggestions}
          value={values.allowedModels}
          onChange={(_event, models) => change({ allowedModels: models })}
          slotProps={{ chip: { size: 'small' } }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Allowed models and routes"
              error={Boolean(errors.allowedModels)}
              helperText={
                errors.allowedModels ??
                'Empty allows every model and route. Type a model id (openai/gpt-4o) or a route name and press Enter.'
              }
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <FormControlLabel
          control={
            <Checkbox
              checked={values.cacheEnabled}
              onChange={(event) => change({ cacheEnabled: event.target.checked })}
            />
          }
          label={CACHE_SWITCH_LABEL}
        />
      </Grid>
      {values.cacheEnabled && (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label="Cached answers are shared by"
              value={values.cacheScope}
              onChange={(event) => change({ cacheScope: event.target.value as CacheScopeName })}
              helperText={
                mayShareCache
                  ? 'Never another team. A hit is free unless an administrator priced it.'
                  : "Only the team's owner can share cached answers with the team."
              }
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="key">This key only</option>
              <option value="team" disabled={!mayShareCache}>
                The team&apos;s keys that share theirs
              </option>
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={CACHE_TTL_LABEL}
              type="number"
              {...text('cacheTtl', CACHE_TTL_HINT)}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
          </Grid>
        </>
      )}
      <Grid size={12}>
        <TextField
          label="Note"
          multiline
          minRows={2}
          {...text('note', `${values.note.length}/${MAX_KEY_NOTE_LENGTH}`)}
          slotProps={{ htmlInput: { maxLength: MAX_KEY_NOTE_LENGTH } }}
        />
      </Grid>
    </Grid>
  );
}
