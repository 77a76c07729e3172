import { useMemo } from 'react';
import { PagedDataGrid } from '../../components/grid/PagedDataGrid';
import type {
  DeploymentHealth,
  ModelRoute,
  ProviderCredential,
  RouteDeployment,
} from '../../../contract/schemas/routing';
import {
  HEALTH_COLUMNS,
  credentialColumns,
  deploymentColumns,
  routeColumns,
  type HealthRow,
  type RowActions,
} from './routingColumns';

// The routing page's grids, in one chunk of their own with MUI X (RoutingPage loads it after the first paint).

interface GridProps<Row> {
  rows: Row[];
  loading: boolean;
  noRowsLabel: string;
}

export interface RoutesGridProps extends GridProps<ModelRoute> {
  actions: RowActions<ModelRoute>;
}

export function RoutesGrid({ rows, loading, noRowsLabel, actions }: RoutesGridProps) {
  const columns = useMemo(() => routeColumns(actions), [actions]);
  return (
    <PagedDataGrid
      identifyingField="name"
      aria-label="Model routes"
      rows={rows}
      columns={columns}
      loading={loading}
      localeText={{ noRowsLabel }}
      sx={{ minHeight: 240 }}
    />
  );
}

export interface DeploymentsGridProps extends GridProps<RouteDeployment> {
  actions: RowActions<RouteDeployment>;
  health: Map<string, DeploymentHealth>;
}

export function DeploymentsGrid({ rows, loading, noRowsLabel, actions, health }: DeploymentsGridProps) {
  const columns = useMemo(() => deploymentColumns(actions, health), [actions, health]);
  return (
    <PagedDataGrid
      identifyingField="model"
      aria-label="Deployments"
      rows={rows}
      columns={columns}
      loading={loading}
      localeText={{ noRowsLabel }}
      sx={{ minHeight: 200 }}
    />
  );
}

export interface CredentialsGridProps extends GridProps<ProviderCredential> {
  actions: RowActions<ProviderCredential>;
}

export function CredentialsGrid({ rows, loading, noRowsLabel, actions }: CredentialsGridProps) {
  const columns = useMemo(() => credentialColumns(actions), [actions]);
  return (
    <PagedDataGrid
      identifyingField="name"
      aria-label="Provider credentials"
      rows={rows}
      columns={columns}
      loading={loading}
      localeText={{ noRowsLabel }}
      sx={{ minHeight: 200 }}
    />
  );
}

export function HealthGrid({ rows, loading, noRowsLabel }: GridProps<HealthRow>) {
  return (
    <PagedDataGrid
      identifyingField="label"
      aria-label="Provider health"
      rows={rows}
      columns={HEALTH_COLUMNS}
      loading={loading}
      localeText={{ noRowsLabel }}
      sx={{ minHeight: 200 }}
    />
  );
}

/** AfterFirstPaint loads a default export: the grids by name. */
export default function RoutingGrid(
  props:
    | ({ table: 'routes' } & RoutesGridProps)
    | ({ table: 'deployments' } & DeploymentsGridProps)
    | ({ table: 'credentials' } & CredentialsGridProps)
    | ({ table: 'health' } & GridProps<HealthRow>),
) {
  switch (props.table) {
    case 'routes':
      return <RoutesGrid {...props} />;
    case 'deployments':
      return <DeploymentsGrid {...props} />;
    case 'credentials':
      return <CredentialsGrid {...props} />;
    case 'health':
      return <HealthGrid {...props} />;
  }
}
