import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage } from '../../lib/apiError';
import { toastShown } from '../../slices/toastsSlice';
import { useAppDispatch } from '../../store/hooks';
import { GUARDRAIL_ACTIONS, GUARDRAIL_DETECTORS } from '../../../contract/rules/guardrails';
import type { GuardrailAction, GuardrailPolicy, GuardrailSettings } from '../../../contract/schemas/guardrails';
import {
  ACTION_LABELS,
  DETECTOR_LABELS,
  EMPTY_PATTERN,
  floorNote,
  GUARDRAILS_SAVED,
  guardrailsBody,
  guardrailsForm,
  INHERIT,
  INHERIT_LABEL,
  MODERATION_LABELS,
  type ModerationChoice,
  shortActionLabel,
  type FormAction,
  type GuardrailsForm,
  type GuardrailsLevel,
  type PatternForm,
} from './guardrails';

/** The field shows the action's name; its menu says what each does. */
const shortAction = { select: { renderValue: (value: unknown) => shortActionLabel(value as FormAction) } };

const actionOptions = GUARDRAIL_ACTIONS.map((action) => (
  <MenuItem key={action} value={action}>
    {ACTION_LABELS[action]}
  </MenuItem>
));

interface PolicyFormProps {
  settings: GuardrailSettings;
  level: GuardrailsLevel;
  /** What the policy applies to, above its fields. */
  intro: string;
  /** Saves the policy: the settings the server answers, or a rejection with its message. */
  onSave: (policy: GuardrailPolicy) => Promise<GuardrailSettings>;
  saving: boolean;
}

/** A level's policy as its query has it: loading, its error with Retry, or its form. */
export function LoadedPolicyForm({
  loaded,
  ...form
}: Omit<PolicyFormProps, 'settings'> & {
  loaded: { data?: GuardrailSettings; error?: unknown; isLoading: boolean; refetch: () => unknown };
}) {
  const { data, error, isLoading, refetch } = loaded;
  if (isLoading) return <PageLoader label="Loading guardrails" />;
  if (error || !data) {
    return <ErrorState message={errorMessage(error, 'Failed to load the guardrails')} onRetry={() => void refetch()} />;
  }
  return <GuardrailsPolicyForm settings={data} {...form} />;
}

/**
 * A guardrail policy's form (docs/guardrails.md#policies): an action per detector (the operator's floor named where it
 * is stronger; a key's may leave one to its team), the level's own patterns checked by the server's rules, Save.
 */
export function GuardrailsPolicyForm({ settings, level, intro, onSave, saving }: PolicyFormProps) {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState(() => guardrailsForm(settings, level));
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [moderationError, setModerationError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const setPattern = (index: number, change: Partial<PatternForm>) =>
    setForm((previous) => ({
      ...previous,
      patterns: previous.patterns.map((pattern, i) => (i === index ? { ...pattern, ...change } : pattern)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = guardrailsBody(form, level);
    setErrors(result.errors ?? []);
    setModerationError(result.moderationError ?? null);
    if (!result.body) return;
    try {
      const saved = await onSave(result.body);
      setForm(guardrailsForm(saved, level));
      dispatch(toastShown(GUARDRAILS_SAVED, 'success'));
    } catch (caught) {
      setFailure(errorMessage(caught, 'Failed to save the guardrails'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Guardrails">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {intro}
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
                detectors: { ...previous.detectors, [detector]: event.target.value as FormAction },
              }))
            }
            helperText={(level !== 'floor' && floorNote(detector, form.detectors[detector], settings.floor)) || ' '}
            slotProps={shortAction}
          >
            {level === 'key' && <MenuItem value={INHERIT}>{INHERIT_LABEL}</MenuItem>}
            {actionOptions}
          </TextField>
        ))}
      </Box>
      {level !== 'floor' && (
        <ModerationFields
          value={form.moderation}
          level={level}
          error={moderationError}
          onChange={(moderation) => setForm((previous) => ({ ...previous, moderation }))}
        />
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Your own patterns
      </Typography>
      {form.patterns.length === 0 && (
        <Typography variant="body2" color="textSecondary">
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
        <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }}>
          Save Guardrails
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The moderation check (docs/guardrails.md#moderation): each prompt sent first to one of the team's own moderation
 * models or routes, billed as its moderations request; what to do when it flags one.
 */
function ModerationFields({
  value,
  level,
  error,
  onChange,
}: {
  value: GuardrailsForm['moderation'];
  level: Exclude<GuardrailsLevel, 'floor'>;
  error: string | null;
  onChange: (value: GuardrailsForm['moderation']) => void;
}) {
  const choices: ModerationChoice[] = level === 'key' ? [INHERIT, 'off', 'flag', 'block'] : ['off', 'flag', 'block'];
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Moderation check
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <TextField
          select
          size="small"
          label="When the moderation model flags a prompt"
          value={value.action}
          onChange={(event) => onChange({ ...value, action: event.target.value as ModerationChoice })}
          helperText="Each prompt is checked first; the check is billed as a moderations request"
          slotProps={{
            select: { renderValue: (chosen: unknown) => MODERATION_LABELS[chosen as ModerationChoice].split(':')[0] },
          }}
        >
          {choices.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {MODERATION_LABELS[choice]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Moderation model or route"
          value={value.model}
          onChange={(event) => onChange({ ...value, model: event.target.value })}
          error={Boolean(error)}
          helperText={error ?? 'e.g. openai/omni-moderation-latest, or echo/moderation-1 in the demo'}
        />
      </Box>
    </>
  );
}
