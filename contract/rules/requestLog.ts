/**
 * The request log's sorts, statuses, page size and tool-call limits: plain values beside the schemas of contract/schemas/requestLog.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

/**
 * The request log (docs/governance.md#request-log): one row per gateway request, newest first by default, filtered,
 * sorted and paged on the server with a keyset cursor. A model call's request and response bodies are never stored;
 * a tool call's arguments and result are, for a team that captures them (docs/mcp.md#content-capture).
 */
export const REQUEST_LOG_SORT_FIELDS = ['created_at', 'cost_cents', 'latency_ms', 'total_tokens'] as const;
export type RequestLogSortField = (typeof REQUEST_LOG_SORT_FIELDS)[number];

export const REQUEST_STATUSES = ['success', 'error'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_LOG_DEFAULT_PAGE = 50;

/** The request log's endpoint of a tool call through the MCP gateway (docs/mcp.md#metering); its provider is `mcp`. */
export const TOOL_CALL_ENDPOINT = 'tools/call';

/** The most characters of JSON kept of a call's arguments, and of its result (docs/mcp.md#content-capture). */
export const TOOL_CONTENT_MAX_CHARS = 16_384;
