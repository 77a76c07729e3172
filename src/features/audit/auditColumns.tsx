import type { GridColDef } from '@mui/x-data-grid/models';
import { CellLines as Lines, OpenRowTime } from '../../components/grid/cells';
import type { AuditEntry } from '../../../contract/schemas/audit';
import { ACTION_LABELS, TARGET_TYPE_LABELS, VIEW_CHANGE } from './auditLog';

// The server pages and orders (newest first); nothing sorts in the browser, and no column has a menu.
const fixed = { sortable: false, disableColumnMenu: true } as const;

const COLUMNS: GridColDef<AuditEntry>[] = [
  {
    ...fixed,
    field: 'created_at',
    headerName: 'Time',
    width: 112,
    renderCell: ({ row }) => <OpenRowTime at={row.created_at} opens={VIEW_CHANGE} />,
  },
  {
    ...fixed,
    field: 'actor',
    headerName: 'Actor',
    minWidth: 120,
    flex: 0.8,
    renderCell: ({ row }) => <Lines primary={row.actor_label} secondary={row.actor_role} />,
  },
  {
    ...fixed,
    field: 'action',
    headerName: 'Action',
    minWidth: 150,
    flex: 1,
    renderCell: ({ row }) => <Lines primary={ACTION_LABELS[row.action]} />,
  },
  {
    ...fixed,
    field: 'target',
    headerName: 'Target',
    minWidth: 160,
    flex: 1.2,
    renderCell: ({ row }) => (
      <Lines primary={row.target_label ?? '-'} secondary={TARGET_TYPE_LABELS[row.target_type]} />
    ),
  },
  {
    ...fixed,
    field: 'team_name',
    headerName: 'Team',
    minWidth: 110,
    flex: 0.7,
    renderCell: ({ row }) => <Lines primary={row.team_name ?? (row.team_id ? 'A removed team' : 'Site-wide')} />,
  },
  {
    ...fixed,
    field: 'ip',
    headerName: 'From',
    minWidth: 120,
    flex: 0.7,
    renderCell: ({ row }) => <Lines primary={row.ip ?? '-'} />,
  },
];

/** The grid's columns: administrators see every team's entries, so theirs name the team. */
export const auditColumns = (everyTeam: boolean) =>
  everyTeam ? COLUMNS : COLUMNS.filter((column) => column.field !== 'team_name');

export const AUDIT_COLUMNS_ALL_TEAMS = auditColumns(true);
export const AUDIT_COLUMNS_ONE_TEAM = auditColumns(false);
