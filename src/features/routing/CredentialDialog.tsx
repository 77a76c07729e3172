import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { textFieldBinding } from '../../components/forms/textFieldBinding';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { useCreateProviderCredentialMutation } from '../../store/api';
import { UPSTREAM_PROVIDERS } from '../../../contract/providers';
import { FormDialog } from '../../components/forms/FormDialog';
import {
  EMPTY_CREDENTIAL_FORM,
  SECRET_HELPER,
  USAGE_KEY_HELPER,
  credentialFormErrors,
  credentialPayload,
} from './routing';
import { useForm } from './useForm';

/** Store a provider API key; the server seals it and only ever shows its last four characters. */
export function CredentialDialog({ onClose }: { onClose: () => void }) {
  const [createCredential, { isLoading }] = useCreateProviderCredentialMutation();
  const form = useForm(EMPTY_CREDENTIAL_FORM, credentialFormErrors);
  const { run, failure, clearFailure } = useFormMutation(onClose);

  const submit = () => {
    if (!form.check()) return;
    void run(() => createCredential(credentialPayload(form.values)).unwrap(), {
      succeeded: 'Credential stored',
      failed: 'Failed to store credential',
    });
  };

  return (
    <FormDialog
      title="Add Provider Credential"
      submitLabel="Add Credential"
      busy={isLoading}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField select label="Provider" required {...textFieldBinding(form, 'provider')}>
        {UPSTREAM_PROVIDERS.map((provider) => (
          <MenuItem key={provider} value={provider}>
            {provider}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Name" required {...textFieldBinding(form, 'name')} />
      <TextField
        label="API key"
        type="password"
        required
        autoComplete="off"
        {...textFieldBinding(form, 'secret')}
        helperText={form.errors.secret ?? SECRET_HELPER}
      />
      <TextField
        label="Base URL"
        {...textFieldBinding(form, 'base_url')}
        helperText={form.errors.base_url ?? "Optional: a proxy or regional endpoint instead of the provider's"}
      />
      <TextField
        label="Usage key"
        type="password"
        autoComplete="off"
        {...textFieldBinding(form, 'usage_key')}
        helperText={form.errors.usage_key ?? USAGE_KEY_HELPER}
      />
    </FormDialog>
  );
}
