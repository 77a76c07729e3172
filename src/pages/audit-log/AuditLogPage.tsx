import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownload from '@mui/icons-material/FileDownload';
import Refresh from '@mui/icons-material/Refresh';
import { RouteHeader } from '../../components/RouteHeader';
import { FIRST_PAGE_SIZE } from '../../components/grid/pagedGrid';
import { apiUrl } from '../../config';
import { useGetMeQuery } from '../../store/api';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import { AuditLogFilters } from '../../features/audit/AuditLogFilters';
import { AuditLogResults } from '../../features/audit/AuditLogResults';
import { NOT_ALLOWED } from '../../features/audit/auditLog';
import { useAuditLog, useAuditLogSearchParams } from '../../features/audit/useAuditLog';
import { AUDIT_LOG_DEFAULT_PAGE } from '../../../contract/rules/audit';
import { AUDIT_LOG_CSV_PATH, withParams } from '../../../contract/apiPaths';

/** /audit-log: every change made by the team's owners and members (an administrator: everyone's), newest first. */
export function AuditLogPage() {
  const { data: me } = useGetMeQuery();
  const everyTeam = Boolean(me?.is_admin);
  const allowed = everyTeam || me?.team_role === 'owner';
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const [pageSize, setPageSize] = useState(() => (isMobile ? FIRST_PAGE_SIZE : AUDIT_LOG_DEFAULT_PAGE));
  const search = useAuditLogSearchParams();
  const log = useAuditLog(search.view, pageSize, !allowed);

  return (
    <>
      <RouteHeader
        path="/audit-log"
        admin={everyTeam}
        actions={
          allowed && (
            <>
              <Button variant="outlined" startIcon={<Refresh />} onClick={log.refresh} disabled={log.loading}>
                Refresh
              </Button>
              <Button
                variant="contained"
                startIcon={<FileDownload />}
                component="a"
                href={apiUrl(withParams(AUDIT_LOG_CSV_PATH, log.filters))}
                download
              >
                Export CSV
              </Button>
            </>
          )
        }
      />
      {!me ? null : allowed ? (
        <>
          <AuditLogFilters view={search.view} onChange={search.change} />
          <AuditLogResults
            search={search}
            log={log}
            pageSize={pageSize}
            everyTeam={everyTeam}
            onPageSizeChange={setPageSize}
          />
        </>
      ) : (
        <Alert severity="info">{NOT_ALLOWED}</Alert>
      )}
    </>
  );
}
