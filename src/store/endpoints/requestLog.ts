import type { RequestLogEntry, RequestLogPage, RequestLogQuery } from '../../../contract/schemas/requestLog';
import { REQUEST_LOG_PATH, requestLogEntryPath } from '../../../contract/apiPaths';
import { listTags, type Build } from '../tags';

/**
 * The request log (docs/governance.md#request-log). Rows are written by the gateway, not by this app, so nothing here
 * invalidates them: the page asks again when it mounts or the tab regains focus, and its Refresh invalidates the LIST.
 */
export const requestLogEndpoints = (build: Build) => ({
  getRequestLog: build.query<RequestLogPage, RequestLogQuery>({
    query: (params) => ({ url: REQUEST_LOG_PATH, params }),
    providesTags: (page) => listTags('RequestLog', page?.rows, (row) => row.id),
  }),
  getRequestLogEntry: build.query<RequestLogEntry, string>({
    query: (id) => requestLogEntryPath(id),
    providesTags: (_entry, _error, id) => [{ type: 'RequestLog', id }],
  }),
});
