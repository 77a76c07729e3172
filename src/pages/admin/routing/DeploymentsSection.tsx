import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import {
  useConfirmedDeactivation,
  type DeactivationMessages,
} from '../../../components/forms/useConfirmedDeactivation';
import { DeploymentDialog } from '../../../features/routing/DeploymentDialog';
import type { RowActions } from '../../../features/routing/routingColumns';
import { useGetProviderHealthQuery, useRemoveDeploymentMutation } from '../../../store/api';
import type { DeploymentHealth, ModelRoute, RouteDeployment } from '../../../../contract/schemas/routing';
import { RoutingSection } from './RoutingSection';

export const NO_DEPLOYMENTS = 'No deployments: calls of this route fail until one is added.';

const REMOVE_DEPLOYMENT: DeactivationMessages<RouteDeployment> = {
  title: (deployment) => `Remove ${deployment.provider}/${deployment.model} from the route?`,
  confirmation: 'Requests to the route stop going to this deployment.',
  succeeded: 'Deployment removed',
  failed: 'Failed to remove deployment',
};

type Editing = { deployment: RouteDeployment | null } | null;

const SUBTITLE = 'Lower ranks first; deployments of the same rank share the load by weight';
const NO_HEALTH = new Map<string, DeploymentHealth>();
const NO_ACTIONS: RowActions<RouteDeployment> = { onDelete: () => {} };

/**
 * The section's place while the routes load: the first route's deployments show under the routes once they arrive,
 * and drawn only then, they pushed the rest of the page down (a layout shift of 0.10 at 1350 px,
 * scripts/layout-shifts.mts).
 */
export function DeploymentsLoading() {
  return (
    <RoutingSection
      title="Deployments"
      subtitle={SUBTITLE}
      actions={
        <Button variant="outlined" startIcon={<Add />} disabled>
          Add Deployment
        </Button>
      }
      loadError={null}
      onRetry={() => {}}
      grid={{
        table: 'deployments',
        rows: [],
        loading: true,
        noRowsLabel: NO_DEPLOYMENTS,
        actions: NO_ACTIONS,
        health: NO_HEALTH,
      }}
    />
  );
}

/** One route's deployments, in the order they are tried, each with its health over the last hour. */
export function DeploymentsSection({ route }: { route: ModelRoute }) {
  const { data: health } = useGetProviderHealthQuery('hour');
  const [removeDeployment] = useRemoveDeploymentMutation();
  const removeById = useCallback(
    (deploymentId: string) => removeDeployment({ routeId: route.id, deploymentId }),
    [removeDeployment, route.id],
  );
  const { deactivate, failure, clearFailure, confirmDialog } = useConfirmedDeactivation(removeById, REMOVE_DEPLOYMENT);
  const [editing, setEditing] = useState<Editing>(null);

  const healthById = useMemo(
    () =>
      new Map<string, DeploymentHealth>(
        (health?.deployments ?? []).flatMap((row) => (row.deployment_id ? [[row.deployment_id, row]] : [])),
      ),
    [health],
  );
  const actions = useMemo<RowActions<RouteDeployment>>(
    () => ({
      onEdit: (deployment) => setEditing({ deployment }),
      onDelete: (deployment) => void deactivate(deployment),
    }),
    [deactivate],
  );

  return (
    <>
      <RoutingSection
        title={`Deployments of ${route.name}`}
        subtitle={SUBTITLE}
        actions={
          <Button variant="outlined" startIcon={<Add />} onClick={() => setEditing({ deployment: null })}>
            Add Deployment
          </Button>
        }
        failure={failure}
        onClearFailure={clearFailure}
        loadError={null}
        onRetry={() => {}}
        grid={{
          table: 'deployments',
          rows: route.deployments,
          loading: false,
          noRowsLabel: NO_DEPLOYMENTS,
          actions,
          health: healthById,
        }}
      />
      {editing && <DeploymentDialog route={route} deployment={editing.deployment} onClose={() => setEditing(null)} />}
      {confirmDialog}
    </>
  );
}
