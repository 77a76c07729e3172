import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { GridPlaceholder } from '../../components/grid/GridPlaceholder';
import { ConsoleSearch } from '../../features/adminConsole/ConsoleSearch';
import { TeamCards } from '../../features/adminConsole/ConsoleCards';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import { listQueryOf } from '../../features/adminConsole/consoleList';
import { useConsoleView } from '../../features/adminConsole/useConsoleView';
import { useGetAdminTeamsQuery } from '../../store/api';
import { ADMIN_TEAM_SORTS } from '../../../contract/rules/adminConsole';
import { AdminGate } from './AdminGate';
import { RouteHeader } from '../../components/RouteHeader';

export const TEAMS_LOAD_FAILED = 'Failed to load teams.';
const DEFAULT_ORDER = { sort: 'month_spend_cents', order: 'desc' } as const;

// The grid (MUI X) is requested once the heading and search have painted (contract/routes.ts: loaded, not preloaded).
const loadTeamsGrid = () =>
  import(/* webpackChunkName: "grid-admin-console" */ '../../features/adminConsole/TeamsGrid');

function TeamsScreen() {
  // A phone shows the rows as cards and never downloads the grid (docs/performance.md, Bundle budget).
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const { view, change } = useConsoleView(ADMIN_TEAM_SORTS, DEFAULT_ORDER);
  const { data, isFetching, isError } = useGetAdminTeamsQuery(listQueryOf(view));
  const search = useCallback((text: string) => change({ search: text }), [change]);
  return (
    <>
      <RouteHeader path="/admin/teams" />
      <ConsoleSearch label="Search teams" value={view.search} onSearch={search} />
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {TEAMS_LOAD_FAILED}
        </Alert>
      )}
      <Box sx={{ width: '100%', minWidth: 0 }}>
        {isMobile ? (
          <TeamCards
            rows={data?.rows ?? []}
            total={data?.total ?? 0}
            loading={isFetching}
            view={view}
            onChange={change}
          />
        ) : (
          <AfterFirstPaint
            load={loadTeamsGrid}
            props={{ rows: data?.rows ?? [], total: data?.total ?? 0, loading: isFetching, view, onChange: change }}
            fallback={<GridPlaceholder label="Loading teams" minHeight={320} />}
          />
        )}
      </Box>
    </>
  );
}

export function TeamsPage() {
  return (
    <AdminGate>
      <TeamsScreen />
    </AdminGate>
  );
}
