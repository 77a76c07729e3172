import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { SectionCard } from '../../components/SectionCard';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import { useGetTeamGuardrailsQuery, useSaveTeamGuardrailsMutation } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import {
  GUARDRAIL_ACTIONS,
  GUARDRAIL_DETECTORS,
  type GuardrailAction,
  type GuardrailSettings,
} from '../../../contract/schemas/guardrails';
import {
  ACTION_LABELS,
  DETECTOR_LABELS,
  EMPTY_PATTERN,
  floorNote,
  GUARDRAILS_SAVED,
  guardrailsBody,
  guardrailsForm,
  shortActionLabel,
  type PatternForm,
} from './guardrails';

/** The field shows the action's name; its menu says what each does. */
const shortAction = { select: { renderValue: (value: unknown) => shortActionLabel(value as GuardrailAction) } };

const actionOptions = GUARDRAIL_ACTIONS.map((action) => (
  <MenuItem key={action} value={action}>
    {ACTION_LABELS[action]}
  </MenuItem>
));

/** Team Settings → Guardrails (owner only; docs/guardrails.md): what the gateway does when a prompt holds a secret. */
export function GuardrailsSection() {
  const { data, error, isLoading, refetch } = useGetTeamGuardrailsQuery();
  return (
    <SectionCard
      titleId="guardrails-title"
      title="Guardrails"
      titleVariant="h3"
      titleSx={{ mb: 2 }}
      sx={{ mt: 3, mb: 3 }}
    >
      {isLoading ? (
        <PageLoader label="Loading guardrails" />
      ) : error || !data ? (
        <ErrorState message={errorMessage(error, 'Failed to load the guardrails')} onRetry={() => void refetch()} />
      ) : (
        <GuardrailsForm settings={data} />
      )}
    </SectionCard>
  );
}

function GuardrailsForm({ settings }: { settings: GuardrailSettings }) {
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSaveTeamGuardrailsMutation();
  const [form, setForm] = useState(() => guardrailsForm(settings));
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const setPattern = (index: number, change: Partial<PatternForm>) =>
    setForm((previous) => ({
      ...previous,
      patterns: previous.patterns.map((pattern, i) => (i === index ? { ...pattern, ...change } : pattern)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = guardrailsBody(form);
    setErrors(result.errors ?? []);
    if (!result.body) return;
    try {
      const saved = await save(result.body).unwrap();
      setForm(guardrailsForm(saved));
      dispatch(toastShown(GUARDRAILS_SAVED, 'success'));
    } catch (caught) {
      setFailure(errorMessage(caught, 'Failed to save the guardrails'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Guardrails">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What the gateway does when a prompt to any model holds a secret or personal data, on every key of the team:
        nothing, flag it in the request log, replace it before the provider sees it, or refuse the request (not billed).
        Only the rule&apos;s name and a count are ever recorded, never what it found.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {GUARDRAIL_DETECTORS.map((detector) => (
          <TextField
            key={detector}
            select
            size="small"
            label={DETECTOR_LABELS[detector]}
            value={form.detectors[detector]}
            onChange={(event) =>
              setForm((previous) => ({
                ...previous,
                detectors: { ...previous.detectors, [detector]: event.target.value as GuardrailAction },
              }))
            }
            helperText={floorNote(detector, form.detectors[detector], settings.floor) ?? ' '}
            slotProps={shortAction}
          >
            {actionOptions}
          </TextField>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Your own patterns
      </Typography>
      {form.patterns.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          None: add a regular expression or a list of words (project code names, customer ids).
        </Typography>
      )}
      {form.patterns.map((pattern, index) => (
        <Box
          key={index}
          role="group"
          aria-label={`Pattern ${index + 1}`}
          sx={{
            display: 'grid',
            gap: 1.5,
            mb: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'minmax(0, 1fr) minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1.5fr) auto',
            },
            alignItems: 'start',
          }}
        >
          <TextField
            size="small"
            label="Name"
            value={pattern.name}
            onChange={(event) => setPattern(index, { name: event.target.value })}
            error={Boolean(errors[index])}
            helperText={errors[index] ?? 'e.g. ticket'}
          />
          <TextField
            size="small"
            label="Regular expression"
            value={pattern.regex}
            onChange={(event) => setPattern(index, { regex: event.target.value })}
            helperText="e.g. TICKET-\d+"
          />
          <TextField
            size="small"
            label="Words"
            value={pattern.words}
            onChange={(event) => setPattern(index, { words: event.target.value })}
            helperText="Comma-separated, whole words"
          />
          <TextField
            select
            size="small"
            label="Action"
            value={pattern.action}
            onChange={(event) => setPattern(index, { action: event.target.value as GuardrailAction })}
            slotProps={shortAction}
          >
            {actionOptions}
          </TextField>
          <IconButton
            aria-label={`Remove pattern ${pattern.name || index + 1}`}
            onClick={() =>
              setForm((previous) => ({ ...previous, patterns: previous.patterns.filter((_, i) => i !== index) }))
            }
          >
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Button
        size="small"
        onClick={() => setForm((previous) => ({ ...previous, patterns: [...previous.patterns, EMPTY_PATTERN] }))}
        sx={{ mt: 1 }}
      >
        Add Pattern
      </Button>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 2 }}>
          Save Guardrails
        </Button>
      </Box>
    </Box>
  );
}
