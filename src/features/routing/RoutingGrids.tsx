import { useMemo } from 'react';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid/models';
import { PagedDataGrid } from '../../components/grid/PagedDataGrid';
import type {
  DeploymentHealth,
  ModelRoute,
  ProviderCredential,
  RouteDeployment,
} from '../../../contract/schemas/routing';
import {
  HEALTH_COLUMNS,
  RECONCILIATION_COLUMNS,
  credentialColumns,
  deploymentColumns,
  routeColumns,
  type HealthRow,
  type RowActions,
} from './routingColumns';
import {
  ROUTING_GRID_MIN_HEIGHT,
  ROUTING_TABLE_LABELS,
  type ReconciliationListRow,
  type RoutingTable,
} from './routing';

// The routing page's grids, in one chunk of their own with MUI X (RoutingSection loads it after the first paint).

interface ListProps<Row> {
  rows: Row[];
  loading: boolean;
  noRowsLabel: string;
}

export type RoutingGridProps =
  | ({ table: 'routes'; actions: RowActions<ModelRoute> } & ListProps<ModelRoute>)
  | ({
      table: 'deployments';
      actions: RowActions<RouteDeployment>;
      health: Map<string, DeploymentHealth>;
    } & ListProps<RouteDeployment>)
  | ({ table: 'credentials'; actions: RowActions<ProviderCredential> } & ListProps<ProviderCredential>)
  | ({ table: 'health' } & ListProps<HealthRow>)
  | ({ table: 'reconciliation' } & ListProps<ReconciliationListRow>);

/** The column that identifies a row: it sticks to the left edge when a narrow screen scrolls the grid. */
const IDENTIFYING_FIELDS: Record<RoutingTable, string> = {
  routes: 'name',
  deployments: 'model',
  credentials: 'name',
  health: 'label',
  reconciliation: 'day',
};

function columnsOf(props: RoutingGridProps): GridColDef<GridValidRowModel>[] {
  switch (props.table) {
    case 'routes':
      return routeColumns(props.actions) as GridColDef<GridValidRowModel>[];
    case 'deployments':
      return deploymentColumns(props.actions, props.health) as GridColDef<GridValidRowModel>[];
    case 'credentials':
      return credentialColumns(props.actions) as GridColDef<GridValidRowModel>[];
    case 'health':
      return HEALTH_COLUMNS as GridColDef<GridValidRowModel>[];
    case 'reconciliation':
      return RECONCILIATION_COLUMNS as GridColDef<GridValidRowModel>[];
  }
}

/** One of the page's tables; its columns are rebuilt only when the row actions or the health figures change. */
export default function RoutingGrid(props: RoutingGridProps) {
  const actions = props.table === 'health' || props.table === 'reconciliation' ? null : props.actions;
  const health = props.table === 'deployments' ? props.health : null;
  // The columns depend on nothing else of the props: the rows and loading state change without rebuilding them.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const columns = useMemo(() => columnsOf(props), [props.table, actions, health]);
  const label = ROUTING_TABLE_LABELS[props.table];
  const identifyingField = IDENTIFYING_FIELDS[props.table];
  return (
    <PagedDataGrid
      identifyingField={identifyingField}
      aria-label={label}
      rows={props.rows}
      columns={columns}
      loading={props.loading}
      localeText={{ noRowsLabel: props.noRowsLabel }}
      sx={{ minHeight: ROUTING_GRID_MIN_HEIGHT }}
      wrapCells
    />
  );
}
