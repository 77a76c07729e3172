import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid/models';
import { optionalTimeColumn } from '../../components/grid/optionalTimeColumn';
import { BreakableText } from '../../components/BreakableText';
import { formatPercent } from '../../lib/budget';
import { formatCents } from '../../../contract/money';
import { ADMIN_TEAM_SORTS } from '../../../contract/rules/adminConsole';
import type { AdminTeamRow, AdminTeamSort } from '../../../contract/schemas/adminConsole';
import { ConsoleGrid } from './ConsoleGrid';
import type { ConsoleView } from './consoleList';
import { NO_TEAMS, TEAMS_LABEL, teamPagePath } from './teams';

const money = (
  field: 'balance_cents' | 'month_spend_cents',
  headerName: string,
  minWidth: number,
): GridColDef<AdminTeamRow> => ({
  field,
  headerName,
  type: 'number',
  minWidth,
  valueFormatter: (value: number) => formatCents(value),
});

const COLUMNS: GridColDef<AdminTeamRow>[] = [
  {
    field: 'name',
    headerName: 'Team',
    minWidth: 120,
    flex: 1,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={teamPagePath(row.id)}>
        {row.name}
      </Link>
    ),
  },
  {
    field: 'owner',
    headerName: 'Owner',
    // An address as long as the demo's on one line: a column of 940 px in all fits beside the open sidebar at 1280.
    minWidth: 180,
    flex: 1,
    sortable: false,
    valueGetter: (_value, row) => row.owner?.email ?? row.owner?.login ?? '-',
    // A narrower column breaks the address before its '@', not mid-word.
    renderCell: ({ value }) => <BreakableText text={String(value)} />,
  },
  { field: 'member_count', headerName: 'Members', type: 'number', width: 90 },
  money('balance_cents', 'Balance', 120),
  money('month_spend_cents', 'Spent this month', 140),
  {
    field: 'budget_use_percent',
    headerName: 'Budget used',
    type: 'number',
    minWidth: 120,
    valueFormatter: (value: number | null) => (value === null ? 'No budget' : formatPercent(value)),
  },
  optionalTimeColumn('last_activity_at', { headerName: 'Last activity', minWidth: 170 }, 'Never'),
];

export interface TeamsGridProps {
  rows: AdminTeamRow[];
  total: number;
  loading: boolean;
  view: ConsoleView<AdminTeamSort>;
  onChange: (change: Partial<ConsoleView<AdminTeamSort>>) => void;
}

/** Every team, in a chunk of its own with MUI X (TeamsPage). */
export default function TeamsGrid(props: TeamsGridProps) {
  return (
    <ConsoleGrid
      {...props}
      label={TEAMS_LABEL}
      columns={COLUMNS}
      identifyingField="name"
      sorts={ADMIN_TEAM_SORTS}
      noRowsLabel={NO_TEAMS}
    />
  );
}
