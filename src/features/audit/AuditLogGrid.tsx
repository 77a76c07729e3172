import { KeysetDataGrid, type KeysetPageProps } from '../../components/grid/KeysetDataGrid';
import type { AuditEntry } from '../../../contract/schemas/audit';
import { AUDIT_COLUMNS_ALL_TEAMS, AUDIT_COLUMNS_ONE_TEAM } from './auditColumns';
import { AUDIT_LOG_LABEL, NO_ENTRIES } from './auditLog';

export const AUDIT_LOG_PAGE_SIZES = [25, 50, 100];

export interface AuditLogGridProps extends KeysetPageProps<AuditEntry> {
  /** An administrator's view: every team's entries, with a Team column. */
  everyTeam: boolean;
}

/** The audit log as a DataGrid in server mode (KeysetDataGrid), newest first, in a chunk of its own with MUI X. */
export default function AuditLogGrid({ everyTeam, ...page }: AuditLogGridProps) {
  return (
    <KeysetDataGrid
      {...page}
      identifyingField="created_at"
      aria-label={AUDIT_LOG_LABEL}
      columns={everyTeam ? AUDIT_COLUMNS_ALL_TEAMS : AUDIT_COLUMNS_ONE_TEAM}
      noRowsLabel={NO_ENTRIES}
      pageSizeOptions={AUDIT_LOG_PAGE_SIZES}
      // Most rows at 1350 px (time and date: two lines).
      typicalRowHeight={69}
    />
  );
}
