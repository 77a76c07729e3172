import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Sync from '@mui/icons-material/Sync';
import { useFormMutation } from '../../../components/forms/useFormMutation';
import { reconciliationRows } from '../../../features/routing/routing';
import {
  useGetProviderCredentialsQuery,
  useGetReconciliationQuery,
  useRunReconciliationMutation,
} from '../../../store/api';
import { RoutingSection } from './RoutingSection';

/** The days the page shows. */
const DAYS = 14;

export const NO_RECONCILIATION =
  'Nothing reconciled yet: add a credential with its provider’s usage key (an admin key), then Reconcile now.';

/**
 * Our ledger against the providers' own daily reports (docs/gateway.md#reconciliation): each day and model of each
 * credential with a usage key, ours beside theirs, and what differs beyond the tolerance.
 */
export function ReconciliationSection() {
  const { data, isFetching, isError, refetch } = useGetReconciliationQuery(DAYS);
  const { data: credentials = [] } = useGetProviderCredentialsQuery();
  const [runReconciliation, { isLoading }] = useRunReconciliationMutation();
  const { run, failure, clearFailure } = useFormMutation();
  const rows = useMemo(() => reconciliationRows(data?.rows ?? [], credentials), [data, credentials]);

  const reconcileNow = () =>
    void run(() => runReconciliation().unwrap(), {
      succeeded: 'Reconciled with the providers’ reports',
      failed: 'Failed to reconcile',
    });

  return (
    <RoutingSection
      title="Reconciliation"
      subtitle={`The gateway's counts against each provider's own report, the last ${DAYS} days; differences over ${
        data?.tolerance_percent ?? 2
      }% are flagged`}
      actions={
        <Button variant="outlined" startIcon={<Sync />} onClick={reconcileNow} disabled={isLoading}>
          {isLoading ? 'Reconciling…' : 'Reconcile now'}
        </Button>
      }
      failure={failure}
      onClearFailure={clearFailure}
      loadError={isError ? 'Failed to load the reconciliation.' : null}
      onRetry={() => void refetch()}
      grid={{ table: 'reconciliation', rows, loading: isFetching, noRowsLabel: NO_RECONCILIATION }}
    />
  );
}
