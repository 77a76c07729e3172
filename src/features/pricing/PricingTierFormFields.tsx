import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { textFieldBinding } from '../../components/forms/textFieldBinding';
import { PROVIDERS, type PricingFormErrors, type PricingFormValues } from './pricing';

type TextKey = Exclude<keyof PricingFormValues, 'supports_caching'>;

interface FieldsProps {
  values: PricingFormValues;
  errors: PricingFormErrors;
  onChange: (changes: Partial<PricingFormValues>) => void;
}

interface NumberSpec {
  field: TextKey;
  label: string;
  min?: number;
  step?: number;
  required?: boolean;
  placeholder?: string;
}

const TOKEN_FIELDS: NumberSpec[] = [
  { field: 'tier_order', label: 'Tier Order', min: 1, step: 1, required: true },
  { field: 'min_tokens', label: 'Min Tokens', min: 0, step: 1, required: true },
  { field: 'max_tokens', label: 'Max Tokens', min: 1, step: 1, placeholder: 'Unlimited' },
];

const PRICE_FIELDS: NumberSpec[] = [
  { field: 'prompt_cost_per_1m', label: 'Prompt Price per 1M (USD)', min: 0, step: 0.001, required: true },
  { field: 'completion_cost_per_1m', label: 'Completion Price per 1M (USD)', min: 0, step: 0.001, required: true },
  // The gateway's own response cache, whatever the provider's prompt caching (docs/gateway.md#caching).
  { field: 'cache_hit_percent', label: 'Cache Hit Price (% of the answer)', min: 0, step: 1, placeholder: '0' },
  // A batch's lines (docs/batches.md#price): half the price unless the operator sets another.
  { field: 'batch_percent', label: 'Batch Price (% of the price alone)', min: 0, step: 1, placeholder: '50' },
];

// Shown only when the tier supports caching (docs/rules.md#pricing-tiers).
const CACHE_FIELDS: NumberSpec[] = [
  { field: 'cache_create_cost_per_1m', label: 'Cache Create Price per 1M (USD)', min: 0, step: 0.001 },
  { field: 'cache_read_cost_per_1m', label: 'Cache Read Price per 1M (USD)', min: 0, step: 0.001 },
  { field: 'cache_min_tokens', label: 'Cache Min Tokens', min: 0, step: 1, placeholder: '1024' },
  { field: 'cache_ttl_minutes', label: 'Cache TTL (minutes)', min: 0, step: 1, placeholder: '300' },
];

/** The pricing tier form's inputs; values are strings until pricingPayload parses them. */
export function PricingTierFormFields({ values, errors, onChange }: FieldsProps) {
  const text = (field: TextKey, label: string, extra: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField label={label} {...textFieldBinding({ values, errors, onChange }, field)} fullWidth {...extra} />
  );

  const number = ({ field, label, min, step, required, placeholder }: NumberSpec) => (
    <Grid key={field} size={{ xs: 12, sm: 6 }}>
      <TextField
        label={label}
        type="number"
        {...textFieldBinding({ values, errors, onChange }, field)}
        required={required}
        placeholder={placeholder}
        slotProps={{ htmlInput: { min, step } }}
        fullWidth
      />
    </Grid>
  );

  return (
    <Grid container spacing={2} sx={{ pt: 1 }}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          label="Provider"
          value={values.provider}
          onChange={(event) => onChange({ provider: event.target.value })}
          error={Boolean(errors.provider)}
          helperText={errors.provider}
          required
          fullWidth
        >
          {PROVIDERS.map((provider) => (
            <MenuItem key={provider} value={provider}>
              {provider}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('model', 'Model', { required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('tier_name', 'Tier Name', { required: true })}</Grid>
      {TOKEN_FIELDS.map(number)}
      <Grid size={12}>{text('tier_description', 'Tier Description')}</Grid>
      {PRICE_FIELDS.map(number)}
      <Grid size={12}>
        <FormControlLabel
          control={
            <Checkbox
              checked={values.supports_caching}
              onChange={(event) => onChange({ supports_caching: event.target.checked })}
            />
          }
          label="Supports caching"
        />
      </Grid>
      {values.supports_caching && CACHE_FIELDS.map(number)}
      {/* A media model's prices (docs/media.md#prices): images by size, audio by the second, speech by the character. */}
      <Grid size={12}>
        <TextField
          label="Unit Prices (USD per unit)"
          {...textFieldBinding({ values, errors, onChange }, 'unit_prices')}
          helperText={
            errors.unit_prices ??
            'For image, audio and rerank models, one a line: image:1024x1024 = 0.04, audio_second = 0.0001, speech_character = 0.000015, search_unit = 0.002'
          }
          placeholder="image:1024x1024 = 0.04"
          multiline
          minRows={2}
          fullWidth
        />
      </Grid>
      <Grid size={12}>{text('notes', 'Notes', { multiline: true })}</Grid>
    </Grid>
  );
}
