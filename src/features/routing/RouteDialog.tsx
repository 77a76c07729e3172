import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import {
  CACHE_SWITCH_LABEL,
  CACHE_TTL_HINT,
  CACHE_TTL_LABEL,
  SEMANTIC_CONVERSATIONS_LABEL,
  SEMANTIC_SWITCH_LABEL,
} from '../cache/cacheTtl';
import { textFieldBinding } from '../../components/forms/textFieldBinding';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { useCreateModelRouteMutation, useUpdateModelRouteMutation } from '../../store/api';
import MenuItem from '@mui/material/MenuItem';
import { SEMANTIC_THRESHOLD, UNSUPPORTED_PARAMS } from '../../../contract/rules/routing';
import type { ModelRoute, UnsupportedParams } from '../../../contract/schemas/routing';
import { FormDialog } from '../../components/forms/FormDialog';
import { EnabledField } from './EnabledField';
import {
  EMPTY_ROUTE_FORM,
  ROUTE_NAME_RULE,
  routeFormErrors,
  routeFormValues,
  routePayload,
  UNSUPPORTED_PARAMS_CHOICES,
  type RouteFormValues,
} from './routing';
import { useForm } from './useForm';

const NUMBER_FIELDS: [keyof RouteFormValues, string][] = [
  ['max_retries', 'Retries per deployment'],
  ['backoff_ms', 'Backoff (ms)'],
  ['cooldown_failures', 'Failures before cooldown'],
  ['cooldown_seconds', 'Cooldown (seconds)'],
];

/** Create a route, or edit `route`; mounted while open, so every opening starts from its values. */
export function RouteDialog({ route, onClose }: { route: ModelRoute | null; onClose: () => void }) {
  const [createRoute, created] = useCreateModelRouteMutation();
  const [updateRoute, updated] = useUpdateModelRouteMutation();
  const form = useForm(route ? routeFormValues(route) : EMPTY_ROUTE_FORM, routeFormErrors);
  const { run, failure, clearFailure } = useFormMutation(onClose);

  const submit = () => {
    if (!form.check()) return;
    const body = routePayload(form.values);
    void (route
      ? run(() => updateRoute({ id: route.id, changes: body }).unwrap(), {
          succeeded: 'Model route saved',
          failed: 'Failed to save model route',
        })
      : run(() => createRoute(body).unwrap(), {
          succeeded: 'Model route created',
          failed: 'Failed to create model route',
        }));
  };

  return (
    <FormDialog
      title={route ? `Edit ${route.name}` : 'Create Model Route'}
      submitLabel={route ? 'Save' : 'Create Route'}
      busy={created.isLoading || updated.isLoading}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        required
        autoFocus
        {...textFieldBinding(form, 'name')}
        helperText={form.errors.name ?? `The model name clients call. ${ROUTE_NAME_RULE}`}
      />
      <TextField label="Description" {...textFieldBinding(form, 'description')} />
      {NUMBER_FIELDS.map(([field, label]) => (
        <TextField key={field} label={label} type="number" required {...textFieldBinding(form, field)} />
      ))}
      <TextField
        select
        label="Fields a deployment's format lacks"
        value={form.values.unsupported_params}
        onChange={(event) => form.onChange({ unsupported_params: event.target.value as UnsupportedParams })}
        helperText="A sampling hint such as top_k or seed that a translation to another format cannot carry"
      >
        {UNSUPPORTED_PARAMS.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {UNSUPPORTED_PARAMS_CHOICES[choice]}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={form.values.cache_enabled}
            onChange={(event) => form.onChange({ cache_enabled: event.target.checked })}
          />
        }
        label={CACHE_SWITCH_LABEL}
      />
      {form.values.cache_enabled && (
        <TextField
          label={CACHE_TTL_LABEL}
          type="number"
          {...textFieldBinding(form, 'cache_ttl_seconds')}
          helperText={
            form.errors.cache_ttl_seconds ??
            `${CACHE_TTL_HINT} Each key's answers stay its own, unless its owner shares them.`
          }
        />
      )}
      <FormControlLabel
        control={
          <Checkbox
            checked={form.values.semantic_enabled}
            onChange={(event) => form.onChange({ semantic_enabled: event.target.checked })}
          />
        }
        label={SEMANTIC_SWITCH_LABEL}
      />
      {form.values.semantic_enabled && (
        <>
          <TextField
            label="Embedding model"
            required
            placeholder="openai/text-embedding-3-small"
            {...textFieldBinding(form, 'semantic_cache_model')}
            helperText={
              form.errors.semantic_cache_model ??
              "Single-turn prompts are embedded with it, as the caller's key, and billed as its embeddings."
            }
          />
          <TextField
            label="Least similarity"
            type="number"
            required
            slotProps={{ htmlInput: { step: 0.01, min: SEMANTIC_THRESHOLD.minimum, max: SEMANTIC_THRESHOLD.maximum } }}
            {...textFieldBinding(form, 'semantic_cache_threshold')}
            helperText={
              form.errors.semantic_cache_threshold ??
              `From ${SEMANTIC_THRESHOLD.minimum} to ${SEMANTIC_THRESHOLD.maximum}: the closer to 1, the closer in meaning a cached prompt must be.`
            }
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={form.values.semantic_conversations}
                onChange={(event) => form.onChange({ semantic_conversations: event.target.checked })}
              />
            }
            label={SEMANTIC_CONVERSATIONS_LABEL}
          />
        </>
      )}
      <EnabledField checked={form.values.enabled} onChange={(enabled) => form.onChange({ enabled })} />
    </FormDialog>
  );
}
