import Chip from '@mui/material/Chip';
import { GridActionsCellItem } from '@mui/x-data-grid/components';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid/models';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import { formatDateTime } from '../../lib/time';
import { snakeCaseWords } from '../../lib/words';
import { actionsMinWidth } from '../../components/grid/rowActionsColumn';
import { BreakableText } from '../../components/BreakableText';
import type {
  DeploymentHealth,
  ModelRoute,
  ProviderCredential,
  RouteDeployment,
} from '../../../contract/schemas/routing';
import {
  HEALTH_COLORS,
  breakerText,
  costsOursTheirs,
  credentialLabel,
  deploymentsSummary,
  formatRate,
  healthLabel,
  healthStatus,
  oursTheirs,
  percentilePair,
  policySummary,
  reconcileState,
  reconciliationVerdict,
  type ReconciliationListRow,
} from './routing';
import { ReconciliationVerdict } from './ReconciliationVerdict';

/** Row actions; the callbacks are stable (memoised), so the columns are rebuilt only when they change. */
export interface RowActions<Row> {
  onEdit?: (row: Row) => void;
  onDelete: (row: Row) => void;
  onShowDeployments?: (row: Row) => void;
}

function actionsColumn<Row extends GridValidRowModel>(
  { onEdit, onDelete, onShowDeployments }: RowActions<Row>,
  deleteLabel: string,
): GridColDef<Row> {
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    minWidth: actionsMinWidth(1 + (onShowDeployments ? 1 : 0) + (onEdit ? 1 : 0)),
    getActions: ({ row }) => [
      ...(onShowDeployments
        ? [
            <GridActionsCellItem
              key="deployments"
              icon={<ListAlt />}
              label="Show deployments"
              onClick={() => onShowDeployments(row)}
            />,
          ]
        : []),
      ...(onEdit
        ? [<GridActionsCellItem key="edit" icon={<EditOutlined />} label="Edit" onClick={() => onEdit(row)} />]
        : []),
      <GridActionsCellItem
        key="delete"
        icon={<DeleteOutline color="error" />}
        label={deleteLabel}
        onClick={() => onDelete(row)}
      />,
    ],
  };
}

const enabledColumn = <Row extends { enabled: boolean }>(): GridColDef<Row> => ({
  field: 'enabled',
  headerName: 'Enabled',
  minWidth: 100,
  renderCell: ({ row }) => (
    <Chip
      size="small"
      variant="outlined"
      label={row.enabled ? 'Enabled' : 'Disabled'}
      color={row.enabled ? 'success' : 'default'}
    />
  ),
});

export const routeColumns = (actions: RowActions<ModelRoute>): GridColDef<ModelRoute>[] => [
  { field: 'name', headerName: 'Name', minWidth: 180, flex: 1 },
  {
    field: 'deployments',
    headerName: 'Deployments',
    minWidth: 220,
    flex: 2,
    valueGetter: (_value, row) => deploymentsSummary(row.deployments),
  },
  { field: 'policy', headerName: 'Policy', minWidth: 220, flex: 1.5, valueGetter: (_value, row) => policySummary(row) },
  enabledColumn<ModelRoute>(),
  actionsColumn(actions, 'Delete route'),
];

export const deploymentColumns = (
  actions: RowActions<RouteDeployment>,
  health: Map<string, DeploymentHealth>,
): GridColDef<RouteDeployment>[] => [
  // The identifying column first: it sticks to the left edge when a narrow screen scrolls the grid (gridLayout).
  {
    field: 'model',
    headerName: 'Provider/Model',
    minWidth: 200,
    flex: 1.5,
    valueGetter: (_value, row) => `${row.provider}/${row.model}`,
  },
  { field: 'rank', headerName: 'Rank', type: 'number', minWidth: 70 },
  { field: 'weight', headerName: 'Weight', type: 'number', minWidth: 80 },
  {
    field: 'credential_name',
    headerName: 'Credential',
    minWidth: 150,
    flex: 1,
    valueGetter: (_value, row) => credentialLabel(row),
  },
  enabledColumn<RouteDeployment>(),
  {
    field: 'health',
    headerName: 'Health (hour)',
    minWidth: 130,
    valueGetter: (_value, row) => healthStatus(health.get(row.id)),
    renderCell: ({ value }: { value?: ReturnType<typeof healthStatus> }) =>
      value && <Chip size="small" label={value} color={HEALTH_COLORS[value]} />,
  },
  actionsColumn(actions, 'Remove deployment'),
];

export const credentialColumns = (actions: RowActions<ProviderCredential>): GridColDef<ProviderCredential>[] => [
  { field: 'provider', headerName: 'Provider', minWidth: 120 },
  { field: 'name', headerName: 'Name', minWidth: 160, flex: 1 },
  { field: 'secret_hint', headerName: 'Key', minWidth: 100 },
  {
    field: 'base_url',
    headerName: 'Base URL',
    minWidth: 160,
    flex: 1.5,
    valueGetter: (_value, row) => row.base_url ?? 'Provider default',
  },
  { field: 'used_by', headerName: 'Used by', type: 'number', minWidth: 90 },
  {
    field: 'usage_key_hint',
    headerName: 'Reconciliation',
    minWidth: 170,
    flex: 1,
    valueGetter: (_value, row) => reconcileState(row),
  },
  {
    field: 'created_at',
    headerName: 'Created',
    minWidth: 170,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  actionsColumn(actions, 'Delete credential'),
];

export const RECONCILIATION_COLUMNS: GridColDef<ReconciliationListRow>[] = [
  { field: 'day', headerName: 'Day', minWidth: 110 },
  { field: 'credential', headerName: 'Credential', minWidth: 150, flex: 1 },
  {
    field: 'model',
    headerName: 'Model',
    minWidth: 150,
    flex: 1,
    renderCell: ({ value }) => <BreakableText text={String(value)} />,
  },
  {
    field: 'input',
    headerName: 'Input ours / theirs',
    minWidth: 150,
    valueGetter: (_value, row) => oursTheirs(row.ours.input_tokens, row.theirs.input_tokens),
  },
  {
    field: 'output',
    headerName: 'Output ours / theirs',
    minWidth: 150,
    valueGetter: (_value, row) => oursTheirs(row.ours.output_tokens, row.theirs.output_tokens),
  },
  {
    field: 'cost',
    headerName: 'Cost ours / theirs',
    minWidth: 150,
    valueGetter: (_value, row) => costsOursTheirs(row.ours.cost_cents, row.theirs.cost_cents),
  },
  {
    field: 'verdict',
    headerName: 'Verdict',
    minWidth: 200,
    flex: 1.5,
    valueGetter: (_value, row) => reconciliationVerdict(row),
    renderCell: ({ row }) => <ReconciliationVerdict row={row} />,
  },
];

export type HealthRow = DeploymentHealth & { id: string };

/**
 * A p50 / p95 pair in one column (sorted by the p95), so the table fits beside the sidebar at 1280 px; the grid wraps
 * what does not fit a column (wrapCells, e2e/phoneLayout.spec.ts).
 */
const percentiles = (
  field: 'latency' | 'ttft',
  headerName: string,
  pick: (row: HealthRow) => [number | null, number | null],
): GridColDef<HealthRow> => ({
  field,
  headerName,
  type: 'number',
  minWidth: 150,
  valueGetter: (_value, row) => pick(row)[1],
  valueFormatter: (_value, row) => percentilePair(...pick(row)),
});

export const HEALTH_COLUMNS: GridColDef<HealthRow>[] = [
  {
    field: 'label',
    headerName: 'Deployment',
    minWidth: 180,
    flex: 2,
    valueGetter: (_value, row) => healthLabel(row),
    renderCell: ({ value }) => <BreakableText text={String(value)} />,
  },
  { field: 'requests', headerName: 'Requests', type: 'number', minWidth: 80 },
  {
    field: 'error_rate',
    headerName: 'Errors',
    type: 'number',
    minWidth: 80,
    valueFormatter: (value: number) => formatRate(value),
  },
  percentiles('latency', 'Latency p50 / p95', (row) => [row.p50_latency_ms, row.p95_latency_ms]),
  percentiles('ttft', 'TTFT p50 / p95', (row) => [row.p50_ttft_ms, row.p95_ttft_ms]),
  {
    field: 'cooling_until',
    headerName: 'Breaker',
    minWidth: 150,
    valueGetter: (_value, row) => breakerText(row.cooling_until),
  },
  {
    field: 'last_error_code',
    headerName: 'Last error',
    minWidth: 110,
    flex: 1,
    // In words ('Upstream timeout'), so it wraps between them; the code itself on hover.
    valueGetter: (_value, row) => (row.last_error_code ? snakeCaseWords(row.last_error_code) : '—'),
    renderCell: ({ row, value }) => <span title={row.last_error_code ?? undefined}>{String(value)}</span>,
  },
];
