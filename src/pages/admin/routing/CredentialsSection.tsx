import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import {
  useConfirmedDeactivation,
  type DeactivationMessages,
} from '../../../components/forms/useConfirmedDeactivation';
import { CredentialDialog } from '../../../features/routing/CredentialDialog';
import type { RowActions } from '../../../features/routing/routingColumns';
import { useDeleteProviderCredentialMutation, useGetProviderCredentialsQuery } from '../../../store/api';
import type { ProviderCredential } from '../../../../contract/schemas/routing';
import { RoutingSection } from './RoutingSection';

export const NO_CREDENTIALS = 'No stored credentials: deployments use the providers’ environment keys.';

const DELETE_CREDENTIAL: DeactivationMessages<ProviderCredential> = {
  title: (credential) => `Delete the ${credential.provider} credential ${credential.name}?`,
  confirmation: 'The key is erased; it cannot be recovered.',
  succeeded: 'Credential deleted',
  failed: 'Failed to delete credential',
};

/** Provider API keys entered here, sealed by the server; only their last four characters are ever shown. */
export function CredentialsSection() {
  const { data: credentials = [], isFetching, isError, refetch } = useGetProviderCredentialsQuery();
  const [deleteCredential] = useDeleteProviderCredentialMutation();
  const { deactivate, failure, clearFailure, confirmDialog } = useConfirmedDeactivation(
    deleteCredential,
    DELETE_CREDENTIAL,
  );
  const [adding, setAdding] = useState(false);
  const actions = useMemo<RowActions<ProviderCredential>>(
    () => ({ onDelete: (credential) => void deactivate(credential) }),
    [deactivate],
  );

  return (
    <>
      <RoutingSection
        title="Provider credentials"
        subtitle="API keys for deployments, stored encrypted"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            Add Credential
          </Button>
        }
        failure={failure}
        onClearFailure={clearFailure}
        loadError={isError ? 'Failed to load provider credentials.' : null}
        onRetry={() => void refetch()}
        grid={{ table: 'credentials', rows: credentials, loading: isFetching, noRowsLabel: NO_CREDENTIALS, actions }}
      />
      {adding && <CredentialDialog onClose={() => setAdding(false)} />}
      {confirmDialog}
    </>
  );
}
