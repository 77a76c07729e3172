import { CellCode, CellLines } from '../../components/grid/cells';
import { optionalTimeColumn } from '../../components/grid/optionalTimeColumn';
import { actionsMinWidth, rowActionsColumn } from '../../components/grid/rowActionsColumn';
import type { GridColDef } from '@mui/x-data-grid/models';
import Autorenew from '@mui/icons-material/Autorenew';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { keyUserText, maskedKeyPrefix, NEVER_USED } from './apiKeys';
import { formatDate, formatTime } from '../../lib/time';
import { SpendBar } from '../../components/SpendBar';
import { KeyStatusChips, statusLabel } from './KeyStatusChips';
import type { KeyActions } from './keyControls';
import { NO_LIMIT, spendAgainstLimit } from './keyStatus';

export interface ApiKeyRowActions {
  /** What the signed-in user is offered on the key (keyActions in ./keyControls.ts). */
  offered: (key: ApiKey) => KeyActions;
  onView: (key: ApiKey) => void;
  onEdit: (key: ApiKey) => void;
  onRotate: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}

const STATUS_LABELS = ['Active', 'Inactive'];

// Columns without the row actions: they never change, so they are built once for the module. Their least widths add
// up, with four actions, to 930 px, under what fits beside the open sidebar at 1280 px with a scroll bar (945 px),
// and the grid wraps what does not fit a column rather than cut it (wrapCells; e2e/phoneLayout.spec.ts checks that no
// cell is cut at 1280 px).
const nameColumn: GridColDef<ApiKey> = {
  field: 'name',
  headerName: 'Name',
  flex: 1,
  minWidth: 140,
  renderCell: ({ row }) => <CellLines strong primary={row.name} secondary={`Created ${formatDate(row.created_at)}`} />,
};

const userColumn: GridColDef<ApiKey> = {
  field: 'user',
  headerName: 'User',
  flex: 1,
  minWidth: 130,
  valueGetter: (_value, row) => keyUserText(row),
  renderCell: ({ row, value }) => <CellLines strong primary={String(value)} secondary={row.user_email} />,
};

const trailingColumns: GridColDef<ApiKey>[] = [
  {
    field: 'key_prefix',
    headerName: 'Key Prefix',
    // 'sk-' and 9 characters and '****' in a monospace font: the prefix is never wrapped.
    minWidth: 138,
    flex: 0.6,
    valueGetter: (value: string) => maskedKeyPrefix(value),
    renderCell: ({ value }) => <CellCode text={String(value)} />,
  },
  {
    field: 'status',
    headerName: 'Status',
    type: 'singleSelect',
    valueOptions: STATUS_LABELS,
    minWidth: 126,
    valueGetter: (_value, row) => statusLabel(row),
    renderCell: ({ row }) => <KeyStatusChips apiKey={row} />,
  },
  {
    field: 'spend',
    headerName: 'Spend / limit',
    type: 'number',
    headerAlign: 'left',
    align: 'left',
    minWidth: 114,
    flex: 0.8,
    // Sorted by how much of its limit a key has spent; keys without a limit come first.
    valueGetter: (_value, row) => spendAgainstLimit(row)?.percent ?? -1,
    renderCell: ({ row }) => {
      const spend = spendAgainstLimit(row);
      return (
        <SpendBar
          spend={spend}
          emptyText={NO_LIMIT}
          caption={spend?.resets}
          label={`${row.name} spend against its limit`}
        />
      );
    },
  },
  {
    ...optionalTimeColumn<ApiKey>('last_used_at', { headerName: 'Last Used', minWidth: 118, flex: 0.6 }, NEVER_USED),
    // The date over the time: two short lines leave the width to the limits.
    renderCell: ({ row }) =>
      row.last_used_at ? (
        <CellLines primary={formatDate(row.last_used_at)} secondary={formatTime(row.last_used_at)} />
      ) : (
        NEVER_USED
      ),
  },
];

/** View details for every key; Edit, Rotate (active keys) and Revoke only where the viewer may use them. */
function actionsColumn({ offered, onView, onEdit, onRotate, onRevoke }: ApiKeyRowActions): GridColDef<ApiKey> {
  const column = rowActionsColumn<ApiKey>({
    onView,
    onEdit,
    editableFor: (key) => offered(key).edit,
    extra: [{ label: 'Rotate', icon: <Autorenew />, onClick: onRotate, shownFor: (key) => offered(key).rotate }],
    destructive: {
      label: 'Revoke',
      icon: <DeleteOutline color="error" />,
      onClick: onRevoke,
      shownFor: (key) => offered(key).revoke,
    },
  });
  // Left-aligned: a row offers one to four actions, and View details then sits in the same place on every row.
  return { ...column, minWidth: actionsMinWidth(4), align: 'left', headerAlign: 'left' };
}

/** The table's columns; the User column only when some key carries user information (docs/rules.md#api-keys). */
export function apiKeyColumns(actions: ApiKeyRowActions, withUser: boolean): GridColDef<ApiKey>[] {
  return [nameColumn, ...(withUser ? [userColumn] : []), ...trailingColumns, actionsColumn(actions)];
}
