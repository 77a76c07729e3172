import type {
  RequestLogDetail,
  RequestLogKey,
  RequestLogPage,
  RequestLogQuery,
} from '../../../contract/schemas/requestLog';
import { REQUEST_LOG_KEYS_PATH, REQUEST_LOG_PATH, requestLogEntryPath } from '../../../contract/apiPaths';
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
  /** The key filter's choices, revoked keys too: a key created, renamed or revoked here changes them (ApiKey tags). */
  getRequestLogKeys: build.query<RequestLogKey[], void>({
    query: () => REQUEST_LOG_KEYS_PATH,
    providesTags: (keys) => listTags('ApiKey', keys, (key) => key.id),
  }),
  /** One row by its id; a tool call's kept content comes only this way (docs/mcp.md#content-capture). */
  getRequestLogEntry: build.query<RequestLogDetail, string>({
    query: (id) => requestLogEntryPath(id),
    providesTags: (_entry, _error, id) => [{ type: 'RequestLog', id }],
  }),
});
