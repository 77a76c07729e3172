import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { optionalTimeColumn } from '../../components/grid/optionalTimeColumn';
import { rowActionsColumn } from '../../components/grid/rowActionsColumn';
import type { GridColDef } from '@mui/x-data-grid/models';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { keyUserText, maskedKeyPrefix, NEVER_USED } from './apiKeys';
import { formatDate } from '../../lib/time';

export interface ApiKeyRowActions {
  onView: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}

const STATUS_LABELS = ['Active', 'Inactive'];

function TwoLines({ primary, secondary, mono }: { primary: string; secondary?: string | null; mono?: boolean }) {
  return (
    <Box sx={{ py: 1, minWidth: 0, lineHeight: 1.4 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600, fontFamily: mono ? 'monospace' : undefined }}>
        {primary}
      </Typography>
      {secondary && (
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {secondary}
        </Typography>
      )}
    </Box>
  );
}

// Columns without the row actions: they never change, so they are built once for the module.
const nameColumn: GridColDef<ApiKey> = {
  field: 'name',
  headerName: 'Name',
  flex: 1,
  minWidth: 160,
  renderCell: ({ row }) => <TwoLines primary={row.name} secondary={`Created ${formatDate(row.created_at)}`} />,
};

const userColumn: GridColDef<ApiKey> = {
  field: 'user',
  headerName: 'User',
  flex: 1,
  minWidth: 180,
  valueGetter: (_value, row) => keyUserText(row),
  renderCell: ({ row, value }) => <TwoLines primary={String(value)} secondary={row.user_email} />,
};

const trailingColumns: GridColDef<ApiKey>[] = [
  {
    field: 'key_prefix',
    headerName: 'Key Prefix',
    minWidth: 140,
    flex: 0.8,
    valueGetter: (value: string) => maskedKeyPrefix(value),
    renderCell: ({ value }) => (
      <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
        {String(value)}
      </Box>
    ),
  },
  {
    field: 'status',
    headerName: 'Status',
    type: 'singleSelect',
    valueOptions: STATUS_LABELS,
    minWidth: 100,
    valueGetter: (_value, row) => (row.is_active ? 'Active' : 'Inactive'),
    renderCell: ({ value }) => (
      <Chip size="small" label={String(value)} color={value === 'Active' ? 'success' : 'default'} variant="outlined" />
    ),
  },
  optionalTimeColumn<ApiKey>('last_used_at', { headerName: 'Last Used', minWidth: 190, flex: 0.8 }, NEVER_USED),
];

function actionsColumn({ onView, onEdit, onRevoke }: ApiKeyRowActions): GridColDef<ApiKey> {
  return rowActionsColumn<ApiKey>({
    onView,
    onEdit,
    destructive: { label: 'Revoke', icon: <DeleteOutline color="error" />, onClick: onRevoke },
  });
}

/** The table's columns; the User column only when some key carries user information (docs/rules.md#api-keys). */
export function apiKeyColumns(actions: ApiKeyRowActions, withUser: boolean): GridColDef<ApiKey>[] {
  return [nameColumn, ...(withUser ? [userColumn] : []), ...trailingColumns, actionsColumn(actions)];
}
