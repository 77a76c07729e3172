import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import {
  useConfirmedDeactivation,
  type DeactivationMessages,
} from '../../../components/forms/useConfirmedDeactivation';
import { RouteDialog } from '../../../features/routing/RouteDialog';
import type { RowActions } from '../../../features/routing/routingColumns';
import { useDeleteModelRouteMutation, useGetModelRoutesQuery } from '../../../store/api';
import type { ModelRoute } from '../../../../contract/schemas/routing';
import { DeploymentsLoading, DeploymentsSection } from './DeploymentsSection';
import { RoutingSection } from './RoutingSection';

export const NO_ROUTES = 'No model routes yet.';

const DELETE_ROUTE: DeactivationMessages<ModelRoute> = {
  title: (route) => `Delete the route ${route.name}?`,
  confirmation: 'Its deployments are removed with it; clients calling this name get model_not_found.',
  succeeded: 'Model route deleted',
  failed: 'Failed to delete model route',
};

/** Dialog state: closed, creating (route null), or editing a route. */
type Editing = { route: ModelRoute | null } | null;

/** The routes table with its create/edit dialog, then the deployments of the route picked in it. */
export function RoutesSection() {
  const { data: routes = [], isLoading, isFetching, isError, refetch } = useGetModelRoutesQuery();
  const [deleteRoute] = useDeleteModelRouteMutation();
  const { deactivate, failure, clearFailure, confirmDialog } = useConfirmedDeactivation(deleteRoute, DELETE_ROUTE);
  const [editing, setEditing] = useState<Editing>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  // The first route's deployments show until another is picked.
  const shown = routes.find((route) => route.id === shownId) ?? routes[0] ?? null;

  const actions = useMemo<RowActions<ModelRoute>>(
    () => ({
      onShowDeployments: (route) => setShownId(route.id),
      onEdit: (route) => setEditing({ route }),
      onDelete: (route) => void deactivate(route),
    }),
    [deactivate],
  );

  return (
    <>
      <RoutingSection
        title="Model routes"
        subtitle="A model name clients call, answered by its deployments in rank order, with retries and cooldowns"
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ route: null })}>
            Create Route
          </Button>
        }
        failure={failure}
        onClearFailure={clearFailure}
        loadError={isError ? 'Failed to load model routes.' : null}
        onRetry={() => void refetch()}
        grid={{ table: 'routes', rows: routes, loading: isFetching, noRowsLabel: NO_ROUTES, actions }}
      />
      {shown ? <DeploymentsSection route={shown} /> : isLoading && <DeploymentsLoading />}
      {editing && <RouteDialog route={editing.route} onClose={() => setEditing(null)} />}
      {confirmDialog}
    </>
  );
}
