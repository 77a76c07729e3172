import { API_KEYS_PATH } from './apiPaths';

/**
 * The MCP gateway's settings paths (docs/mcp.md): Team Settings → Tools, a key's tool access, Admin → Tools. Apart
 * from apiPaths.ts, which the app's first chunk holds, so that only the pages that call them download them (README,
 * Bundle budget).
 */
export const TEAM_MCP_PATH = '/v1/teams/mcp';
export const TEAM_MCP_DEFAULT_PATH = `${TEAM_MCP_PATH}/default`;
/** Whether the request log keeps tool calls' arguments and results. */
export const TEAM_MCP_CAPTURE_PATH = `${TEAM_MCP_PATH}/capture`;
export const TEAM_MCP_SERVERS_PATH = `${TEAM_MCP_PATH}/servers`;
/** Every working key of the team and what it may call. */
export const TEAM_MCP_KEYS_PATH = `${TEAM_MCP_PATH}/keys`;
export const teamMcpServerPath = (serverId: string) => `${TEAM_MCP_SERVERS_PATH}/${encodeURIComponent(serverId)}`;
export const teamMcpServerToolsPath = (serverId: string) => `${teamMcpServerPath(serverId)}/tools`;
export const apiKeyMcpAccessPath = (keyId: string) => `${API_KEYS_PATH}${encodeURIComponent(keyId)}/mcp-access`;
export const ADMIN_MCP_SERVERS_PATH = '/v1/admin/mcp/servers';
export const adminMcpServerPath = (serverId: string) => `${ADMIN_MCP_SERVERS_PATH}/${encodeURIComponent(serverId)}`;
export const adminMcpServerPricesPath = (serverId: string) => `${adminMcpServerPath(serverId)}/prices`;
export const adminMcpServerToolsPath = (serverId: string) => `${adminMcpServerPath(serverId)}/tools`;
