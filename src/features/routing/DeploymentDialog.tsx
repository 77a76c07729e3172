import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { textFieldBinding } from '../../components/forms/textFieldBinding';
import { useFormMutation } from '../../components/forms/useFormMutation';
import { useAddDeploymentMutation, useGetProviderCredentialsQuery, useUpdateDeploymentMutation } from '../../store/api';
import { GATEWAY_PROVIDERS } from '../../../contract/providers';
import type { ModelRoute, RouteDeployment } from '../../../contract/schemas/routing';
import { FormDialog } from '../../components/forms/FormDialog';
import { EnabledField } from './EnabledField';
import {
  EMPTY_DEPLOYMENT_FORM,
  ENVIRONMENT_KEY,
  credentialsFor,
  deploymentFormErrors,
  deploymentFormValues,
  deploymentPayload,
} from './routing';
import { useForm } from './useForm';

const RANK_FIELDS = [
  ['rank', 'Rank', 'Lower ranks are tried first'],
  ['weight', 'Weight', 'Share of the load among deployments of the same rank'],
] as const;

interface DeploymentDialogProps {
  route: ModelRoute;
  /** null: a new deployment. */
  deployment: RouteDeployment | null;
  onClose: () => void;
}

/** Add a deployment to `route` or edit one; the credential list offers the chosen provider's credentials only. */
export function DeploymentDialog({ route, deployment, onClose }: DeploymentDialogProps) {
  const [addDeployment, added] = useAddDeploymentMutation();
  const [updateDeployment, updated] = useUpdateDeploymentMutation();
  const { data: credentials = [] } = useGetProviderCredentialsQuery();
  const form = useForm(deployment ? deploymentFormValues(deployment) : EMPTY_DEPLOYMENT_FORM, deploymentFormErrors);
  const { run, failure, clearFailure } = useFormMutation(onClose);
  const usable = credentialsFor(form.values.provider, credentials);

  const submit = () => {
    if (!form.check()) return;
    const body = deploymentPayload(form.values);
    void (deployment
      ? run(() => updateDeployment({ routeId: route.id, deploymentId: deployment.id, changes: body }).unwrap(), {
          succeeded: 'Deployment saved',
          failed: 'Failed to save deployment',
        })
      : run(() => addDeployment({ routeId: route.id, deployment: body }).unwrap(), {
          succeeded: 'Deployment added',
          failed: 'Failed to add deployment',
        }));
  };

  return (
    <FormDialog
      title={deployment ? `Edit deployment of ${route.name}` : `Add deployment to ${route.name}`}
      submitLabel={deployment ? 'Save' : 'Add Deployment'}
      busy={added.isLoading || updated.isLoading}
      failure={failure}
      onClearFailure={clearFailure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        label="Provider"
        required
        {...textFieldBinding(form, 'provider')}
        // A credential belongs to one provider: changing the provider goes back to the environment key.
        onChange={(event) => form.onChange({ provider: event.target.value, credential_id: '' })}
      >
        {GATEWAY_PROVIDERS.map((provider) => (
          <MenuItem key={provider} value={provider}>
            {provider}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Model"
        required
        {...textFieldBinding(form, 'model')}
        helperText={form.errors.model ?? "The provider's own model name, e.g. claude-sonnet-4"}
      />
      {RANK_FIELDS.map(([field, label, helper]) => (
        <TextField
          key={field}
          label={label}
          type="number"
          required
          {...textFieldBinding(form, field)}
          helperText={form.errors[field] ?? helper}
        />
      ))}
      <TextField select label="Credential" {...textFieldBinding(form, 'credential_id')}>
        <MenuItem value="">{ENVIRONMENT_KEY}</MenuItem>
        {usable.map((credential) => (
          <MenuItem key={credential.id} value={credential.id}>
            {credential.name} ({credential.secret_hint})
          </MenuItem>
        ))}
      </TextField>
      <EnabledField checked={form.values.enabled} onChange={(enabled) => form.onChange({ enabled })} />
    </FormDialog>
  );
}
