import { useMemo, useState } from 'react';
import type { ApiKey, ApiKeyUpdateBody } from '../../../contract/schemas/apiKeys';
import { FormDialog } from '../../components/forms/FormDialog';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { useUpdateApiKeyMutation } from '../../store/api';
import { apiKeyNameToSend } from './apiKeys';
import { ApiKeyNameField } from './ApiKeyNameField';
import KeyControlsFields from './KeyControlsFields';
import {
  changedControls,
  controlsFormValues,
  keyControlsOf,
  parseControls,
  type ControlsFormErrors,
} from './keyControls';
import { NO_KEY_CONTROLS } from '../../../contract/rules/apiKeys';

/** Edit is offered only for a key that has controls (keyActions); the defaults stand in for none. */
const controlsOf = (apiKey: ApiKey) => keyControlsOf(apiKey) ?? NO_KEY_CONTROLS;

/** The update to send: only what changed (name and controls); empty when nothing did. */
function changesOf(apiKey: ApiKey, name: string, controls: ReturnType<typeof parseControls>['controls']) {
  const changes: ApiKeyUpdateBody = controls ? changedControls(controlsOf(apiKey), controls) : {};
  const newName = apiKeyNameToSend(name);
  if (newName && newName !== apiKey.name) changes.name = newName;
  return changes;
}

/** The controls form of Create, prefilled; a save sends only the changed fields (PATCH) and needs a change. */
export default function EditApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const initial = useMemo(() => controlsFormValues(controlsOf(apiKey)), [apiKey]);
  const [name, setName] = useState(apiKey.name);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ControlsFormErrors>({});
  const [updateApiKey, { isLoading }] = useUpdateApiKeyMutation();
  const { run, failure, clearFailure } = useFormMutation(onClose);

  const parsed = parseControls(values, new Date(), controlsOf(apiKey));
  const nameError = apiKeyNameToSend(name) ? null : 'API Key Name is required';
  // Invalid input counts as a change, so Save stays enabled and shows the messages.
  const unchanged =
    !nameError && parsed.controls !== null && Object.keys(changesOf(apiKey, name, parsed.controls)).length === 0;

  const save = () => {
    setErrors(parsed.errors ?? {});
    if (nameError || !parsed.controls) return;
    const changes = changesOf(apiKey, name, parsed.controls);
    void run(() => updateApiKey({ id: apiKey.id, changes }).unwrap(), {
      succeeded: `API key "${changes.name ?? apiKey.name}" updated`,
      failed: 'Failed to update API key',
    });
  };

  return (
    <FormDialog
      title={`Edit API key "${apiKey.name}"`}
      submitLabel="Save Changes"
      busy={isLoading}
      submitDisabled={unchanged}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={save}
      onClose={onClose}
    >
      <ApiKeyNameField value={name} onChange={setName} errorText={nameError} />
      <KeyControlsFields values={values} errors={errors} onChange={setValues} />
    </FormDialog>
  );
}
