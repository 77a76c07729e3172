import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { GridActionsCellItem } from '@mui/x-data-grid/components';
import type { GridColDef } from '@mui/x-data-grid/models';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import { optionalTimeColumn } from '../../components/grid/optionalTimeColumn';
import { formatCents } from '../../../contract/money';
import { ADMIN_USER_SORTS } from '../../../contract/rules/adminConsole';
import type { AdminUserRow, AdminUserSort } from '../../../contract/schemas/adminConsole';
import { ConsoleGrid } from './ConsoleGrid';
import type { ConsoleView } from './consoleList';
import { NO_USERS, USERS_LABEL, teamPagePath } from './teams';
import { BreakableText } from '../../components/BreakableText';

export interface UserRowActions {
  onDisable: (user: AdminUserRow) => void;
  onEnable: (user: AdminUserRow) => void;
  /** The signed-in administrator: their own row offers no action (the server refuses to disable oneself). */
  selfId: string | null;
}

const DATA_COLUMNS: GridColDef<AdminUserRow>[] = [
  {
    field: 'login',
    headerName: 'User',
    // The columns' widths add to 940 px, which fits beside the open sidebar at 1280 px; a longer value wraps.
    minWidth: 170,
    flex: 1,
    renderCell: ({ row }) => (
      <Stack sx={{ py: 0.5 }}>
        <span>{row.login}</span>
        {row.email && (
          <span style={{ fontSize: '0.8em', opacity: 0.8 }}>
            <BreakableText text={row.email} />
          </span>
        )}
      </Stack>
    ),
  },
  {
    field: 'team',
    headerName: 'Team',
    minWidth: 110,
    flex: 1,
    sortable: false,
    renderCell: ({ row }) =>
      row.team ? (
        <Link component={RouterLink} to={teamPagePath(row.team.id)}>
          {row.team.name}
        </Link>
      ) : (
        'No team'
      ),
  },
  {
    field: 'role',
    headerName: 'Role',
    minWidth: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', py: 0.5 }}>
        {row.role && <Chip size="small" label={row.role === 'owner' ? 'Owner' : 'Member'} />}
        {row.is_admin && <Chip size="small" color="primary" label="Admin" />}
      </Stack>
    ),
  },
  {
    field: 'disabled_at',
    headerName: 'Status',
    width: 100,
    sortable: false,
    renderCell: ({ row }) =>
      row.disabled_at ? (
        <Chip size="small" color="error" label="Disabled" />
      ) : (
        <Chip size="small" color="success" variant="outlined" label="Active" />
      ),
  },
  optionalTimeColumn('last_sign_in_at', { headerName: 'Last sign-in', minWidth: 150 }, 'Never'),
  { field: 'key_count', headerName: 'Keys', type: 'number', width: 70 },
  {
    field: 'month_spend_cents',
    headerName: 'Spent this month',
    type: 'number',
    minWidth: 140,
    valueFormatter: (value: number) => formatCents(value),
  },
];

function actionsColumn(actions: UserRowActions): GridColDef<AdminUserRow> {
  return {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 90,
    getActions: ({ row }) =>
      row.id === actions.selfId
        ? []
        : [
            row.disabled_at ? (
              <GridActionsCellItem
                key="enable"
                icon={<CheckCircleOutline />}
                label={`Enable ${row.login}`}
                onClick={() => actions.onEnable(row)}
              />
            ) : (
              <GridActionsCellItem
                key="disable"
                icon={<BlockOutlined />}
                label={`Disable ${row.login}`}
                onClick={() => actions.onDisable(row)}
              />
            ),
          ],
  };
}

export interface UsersGridProps {
  rows: AdminUserRow[];
  total: number;
  loading: boolean;
  view: ConsoleView<AdminUserSort>;
  onChange: (change: Partial<ConsoleView<AdminUserSort>>) => void;
  actions: UserRowActions;
}

/** Every user, in a chunk of its own with MUI X (UsersPage). */
export default function UsersGrid({ actions, ...props }: UsersGridProps) {
  // The actions are stable (memoised by the page), so the columns are built once.
  const columns = useColumns(actions);
  return (
    <ConsoleGrid
      {...props}
      label={USERS_LABEL}
      columns={columns}
      identifyingField="login"
      sorts={ADMIN_USER_SORTS}
      noRowsLabel={NO_USERS}
    />
  );
}

function useColumns(actions: UserRowActions) {
  return useMemo(() => [...DATA_COLUMNS, actionsColumn(actions)], [actions]);
}
