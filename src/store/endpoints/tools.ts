import type {
  KeyMcpAccess,
  McpDefaultAccess,
  McpServerInput,
  McpServerPatch,
  McpServerPrices,
  McpServerTools,
  McpServerView,
  TeamKeysMcpAccess,
  TeamMcpSettings,
} from '../../../contract/schemas/mcp';
import type { Success } from '../../../contract/schemas/common';
import {
  ADMIN_MCP_SERVERS_PATH,
  TEAM_MCP_CAPTURE_PATH,
  TEAM_MCP_DEFAULT_PATH,
  TEAM_MCP_KEYS_PATH,
  TEAM_MCP_PATH,
  TEAM_MCP_SERVERS_PATH,
  adminMcpServerPath,
  adminMcpServerPricesPath,
  adminMcpServerToolsPath,
  apiKeyMcpAccessPath,
  teamMcpServerPath,
  teamMcpServerToolsPath,
} from '../../../contract/mcpPaths';
import { api } from '../api';
import type { Build } from '../tags';

/**
 * The MCP gateway's settings (docs/mcp.md), injected into the one API slice (src/store/api.ts, whose tag graph lists
 * them) by the chunks that show tools, so that no other page downloads them (docs/performance.md, Bundle budget): Team Settings → Tools (the team's default, its servers, a key's access)
 * and Admin → Tools (every server, the operator's, their prices). A server's tools are asked of the server itself, by
 * server: an edit of the server (a new URL or credential) or of its prices makes its list stale.
 */
export const toolEndpoints = (build: Build) => ({
  getTeamTools: build.query<TeamMcpSettings, void>({
    query: () => TEAM_MCP_PATH,
    providesTags: ['TeamTools'],
  }),
  setTeamToolsDefault: build.mutation<TeamMcpSettings, McpDefaultAccess>({
    query: (value) => ({ url: TEAM_MCP_DEFAULT_PATH, method: 'PUT', body: { default_access: value } }),
    invalidatesTags: ['TeamTools'],
  }),
  setTeamToolsCapture: build.mutation<TeamMcpSettings, boolean>({
    query: (value) => ({ url: TEAM_MCP_CAPTURE_PATH, method: 'PUT', body: { capture_content: value } }),
    invalidatesTags: ['TeamTools'],
  }),
  createTeamToolServer: build.mutation<McpServerView, McpServerInput>({
    query: (body) => ({ url: TEAM_MCP_SERVERS_PATH, method: 'POST', body }),
    invalidatesTags: ['TeamTools'],
  }),
  updateTeamToolServer: build.mutation<McpServerView, { id: string; patch: McpServerPatch }>({
    query: ({ id, patch }) => ({ url: teamMcpServerPath(id), method: 'PATCH', body: patch }),
    invalidatesTags: (_result, _error, { id }) => ['TeamTools', { type: 'ToolServerTools', id }],
  }),
  deleteTeamToolServer: build.mutation<Success, string>({
    query: (id) => ({ url: teamMcpServerPath(id), method: 'DELETE' }),
    // A key listed for the server lists it no more.
    invalidatesTags: (_result, _error, id) => ['TeamTools', 'KeyTools', { type: 'ToolServerTools', id }],
  }),
  getToolServerTools: build.query<McpServerTools, { id: string; admin?: boolean }>({
    query: ({ id, admin }) => (admin ? adminMcpServerToolsPath(id) : teamMcpServerToolsPath(id)),
    providesTags: (_result, _error, { id }) => [{ type: 'ToolServerTools', id }],
  }),
  getTeamKeyTools: build.query<TeamKeysMcpAccess, void>({
    query: () => TEAM_MCP_KEYS_PATH,
    providesTags: (result) => [
      ...(result?.keys ?? []).map((key) => ({ type: 'KeyTools' as const, id: key.api_key_id })),
      { type: 'KeyTools' as const, id: 'LIST' },
    ],
  }),
  getKeyTools: build.query<KeyMcpAccess, string>({
    query: (keyId) => apiKeyMcpAccessPath(keyId),
    providesTags: (_result, _error, keyId) => [{ type: 'KeyTools', id: keyId }],
  }),
  saveKeyTools: build.mutation<KeyMcpAccess, { keyId: string; access: KeyMcpAccess }>({
    query: ({ keyId, access }) => ({ url: apiKeyMcpAccessPath(keyId), method: 'PUT', body: access }),
    invalidatesTags: (_result, _error, { keyId }) => [{ type: 'KeyTools', id: keyId }],
  }),
  getAdminToolServers: build.query<McpServerView[], void>({
    query: () => ADMIN_MCP_SERVERS_PATH,
    providesTags: ['AdminTools'],
  }),
  createAdminToolServer: build.mutation<McpServerView, McpServerInput>({
    query: (body) => ({ url: ADMIN_MCP_SERVERS_PATH, method: 'POST', body }),
    invalidatesTags: ['AdminTools', 'TeamTools'],
  }),
  updateAdminToolServer: build.mutation<McpServerView, { id: string; patch: McpServerPatch }>({
    query: ({ id, patch }) => ({ url: adminMcpServerPath(id), method: 'PATCH', body: patch }),
    invalidatesTags: (_result, _error, { id }) => ['AdminTools', 'TeamTools', { type: 'ToolServerTools', id }],
  }),
  setToolServerPrices: build.mutation<McpServerView, { id: string; prices: McpServerPrices }>({
    query: ({ id, prices }) => ({ url: adminMcpServerPricesPath(id), method: 'PUT', body: prices }),
    invalidatesTags: (_result, _error, { id }) => ['AdminTools', 'TeamTools', { type: 'ToolServerTools', id }],
  }),
  deleteAdminToolServer: build.mutation<Success, string>({
    query: (id) => ({ url: adminMcpServerPath(id), method: 'DELETE' }),
    invalidatesTags: (_result, _error, id) => ['AdminTools', 'TeamTools', 'KeyTools', { type: 'ToolServerTools', id }],
  }),
});

export const toolsApi = api.injectEndpoints({ endpoints: toolEndpoints });

export const {
  useGetTeamToolsQuery,
  useSetTeamToolsDefaultMutation,
  useSetTeamToolsCaptureMutation,
  useCreateTeamToolServerMutation,
  useUpdateTeamToolServerMutation,
  useDeleteTeamToolServerMutation,
  useGetToolServerToolsQuery,
  useGetTeamKeyToolsQuery,
  useGetKeyToolsQuery,
  useSaveKeyToolsMutation,
  useGetAdminToolServersQuery,
  useCreateAdminToolServerMutation,
  useUpdateAdminToolServerMutation,
  useSetToolServerPricesMutation,
  useDeleteAdminToolServerMutation,
} = toolsApi;
