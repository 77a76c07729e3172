import type { AuditEntry, AuditLogPage, AuditLogQuery } from '../../../contract/schemas/audit';
import { AUDIT_LOG_PATH, auditLogEntryPath } from '../../../contract/apiPaths';
import { listTags, type Build } from '../tags';

/**
 * The audit log (docs/audit.md). Every change anywhere writes to it, so no mutation invalidates it: the page asks
 * again whenever it is shown and when the tab regains focus, as the request log does.
 */
export const auditEndpoints = (build: Build) => ({
  getAuditLog: build.query<AuditLogPage, AuditLogQuery>({
    query: (params) => ({ url: AUDIT_LOG_PATH, params }),
    providesTags: (page) => listTags('AuditLog', page?.rows, (row) => row.id),
  }),
  getAuditEntry: build.query<AuditEntry, string>({
    query: (id) => auditLogEntryPath(id),
    providesTags: (_entry, _error, id) => [{ type: 'AuditLog', id }],
  }),
});
