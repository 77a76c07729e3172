import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import FileDownload from '@mui/icons-material/FileDownload';
import Refresh from '@mui/icons-material/Refresh';
import { CreateTeamWelcomeCard } from '../../components/CreateTeamWelcome';
import { RouteHeader } from '../../components/RouteHeader';
import { FIRST_PAGE_SIZE } from '../../components/grid/pagedGrid';
import { apiUrl } from '../../config';
import { isNoTeamError } from '../../lib/noTeam';
import {
  useGetApiKeysQuery,
  useGetRequestLogKeysQuery,
  useGetTeamMembersQuery,
  useGetUsageStatsQuery,
} from '../../store/api';
import { useTeamless } from '../../features/team/useTeamless';
import { RequestLogFilters } from '../../features/requestLog/RequestLogFilters';
import { RequestLogResults } from '../../features/requestLog/RequestLogResults';
import { useRequestLog, useRequestLogSearchParams } from '../../features/requestLog/useRequestLog';
import { usedModels, type KeyChoice } from '../../features/requestLog/requestLog';
import { defaultDateRange } from '../../../contract/dates';
import { REQUEST_LOG_CSV_PATH, withParams } from '../../../contract/apiPaths';

const NO_KEYS: readonly KeyChoice[] = [];

export function RequestsPage() {
  const teamless = useTeamless();
  // The first page is every list's 25 rows, on a phone's cards and in the grid: 50 wrapping rows laid out at once
  // were the grid's longest task on a desktop (Lighthouse desktop 82, 96, 85 against 98, 100, 93 with 25;
  // docs/performance.md, "The request log's first page").
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  const search = useRequestLogSearchParams();
  const log = useRequestLog(search.view, pageSize, teamless);
  // The filters' choices: the team's keys (revoked ones too: their requests stay), members, and the models it used in
  // the usage report's period. A server without the log's key list (an older release) has the API Keys list.
  const logKeys = useGetRequestLogKeysQuery(undefined, { skip: teamless });
  const { data: liveKeys } = useGetApiKeysQuery(undefined, { skip: teamless || !logKeys.isError });
  const keys = logKeys.data ?? liveKeys ?? NO_KEYS;
  const { data: members = [] } = useGetTeamMembersQuery(undefined, { skip: teamless });
  const [range] = useState(defaultDateRange);
  const { data: stats } = useGetUsageStatsQuery(range, { skip: teamless });
  const models = useMemo(() => usedModels(stats), [stats]);
  const noTeam = teamless || isNoTeamError(log.error);

  return (
    <>
      <RouteHeader
        path="/usage-reports/requests"
        actions={
          !noTeam && (
            <>
              <Button variant="outlined" startIcon={<Refresh />} onClick={log.refresh} disabled={log.loading}>
                Refresh
              </Button>
              {/* A plain download: the API takes the session cookie, and the server streams the whole result. */}
              <Button
                variant="contained"
                startIcon={<FileDownload />}
                component="a"
                href={apiUrl(withParams(REQUEST_LOG_CSV_PATH, log.filters))}
                download
              >
                Export CSV
              </Button>
            </>
          )
        }
      />
      {noTeam ? (
        <CreateTeamWelcomeCard />
      ) : (
        <>
          <RequestLogFilters
            view={search.view}
            onChange={search.change}
            keys={keys}
            members={members}
            models={models}
          />
          <RequestLogResults search={search} log={log} pageSize={pageSize} onPageSizeChange={setPageSize} />
        </>
      )}
    </>
  );
}
