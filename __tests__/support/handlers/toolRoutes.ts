// The MCP gateway's settings (docs/mcp.md) over fakeDb: Team Settings → Tools (members read; the owner registers the
// team's servers and sets the default and each key's access) and Admin → Tools (administrators: every server, the
// operator's, prices). A server's tools are what its fake row lists, or its tools_error.
import { fakeDb } from '../fakeBackend';
import type { FakeMcpServer } from '../fakeBackend/state';
import {
  KeyMcpAccess,
  McpServerInput,
  McpServerPatch,
  McpServerPrices,
  TeamMcpCapture,
  TeamMcpDefault,
  type McpServerTools,
  type McpServerView,
  type TeamMcpSettings,
} from '../../../contract/schemas/mcp';
import { API_KEYS_PATH } from '../../../contract/apiPaths';
import {
  ADMIN_MCP_SERVERS_PATH,
  TEAM_MCP_CAPTURE_PATH,
  TEAM_MCP_DEFAULT_PATH,
  TEAM_MCP_PATH,
  TEAM_MCP_SERVERS_PATH,
  TEAM_MCP_KEYS_PATH,
} from '../../../contract/mcpPaths';
import { adminUser, checkBody, conflict, json, notFound, ownTeam, ownedTeam, route, validationError } from './http';
import { recordAudit } from './auditRoutes';

const view = (
  { tools: _tools, tools_error: _error, team_id, ...server }: FakeMcpServer,
  withTeam = false,
): McpServerView => ({
  ...server,
  ...(withTeam && {
    team_id,
    team_name: fakeDb.state.teams.find((team) => team.id === team_id)?.name ?? null,
  }),
});

const offered = (teamId: string) =>
  fakeDb.state.mcpServers
    .filter((server) => server.team_id === null || server.team_id === teamId)
    .sort((a, b) => a.name.localeCompare(b.name));

const settingsOf = (teamId: string): TeamMcpSettings => ({
  default_access: fakeDb.state.mcpDefaults[teamId] ?? 'none',
  capture_content: fakeDb.state.mcpCapture[teamId] ?? false,
  servers: offered(teamId).map((server) => view(server)),
});

const hint = (secret: string) => `…${secret.slice(-4)}`;

function register(teamId: string | null, body: unknown): FakeMcpServer {
  const input = checkBody(McpServerInput, body) as McpServerInput;
  if (!/^https?:\/\//.test(input.url)) throw validationError('The server’s URL must start with https:// or http://.');
  if (input.auth === 'bearer' && !input.token) throw validationError('A server with bearer auth needs its token.');
  const taken = fakeDb.state.mcpServers.find(
    (server) => server.name === input.name && (server.team_id === null || server.team_id === teamId || teamId === null),
  );
  if (taken) throw conflict(`The operator already offers a server named ${input.name}: choose another name.`);
  const now = new Date().toISOString();
  const secret = input.auth === 'bearer' ? input.token : input.auth === 'oauth' ? input.client_secret : undefined;
  const server: FakeMcpServer = {
    id: `mcp-${fakeDb.state.mcpServers.length + 1}-${input.name}`,
    scope: teamId === null ? 'operator' : 'team',
    team_id: teamId,
    name: input.name,
    url: input.url,
    transport: input.transport ?? 'http',
    auth: input.auth,
    secret_hint: secret ? hint(secret) : null,
    oauth_client_id: input.client_id ?? null,
    oauth_issuer: input.issuer ?? null,
    oauth_scope: input.scope ?? null,
    price_cents: 0,
    tool_prices: {},
    created_at: now,
    updated_at: now,
    tools: [{ name: 'search', title: null, description: 'Searches.' }],
  };
  fakeDb.state.mcpServers.push(server);
  recordAudit('mcp_server.created', { id: server.id, label: server.name }, null, view(server));
  return server;
}

function serverOf(id: string, teamId: string | null, own = false): FakeMcpServer {
  const server = fakeDb.state.mcpServers.find(
    (row) =>
      row.id === id &&
      (teamId === null || (own ? row.team_id === teamId : row.team_id === null || row.team_id === teamId)),
  );
  if (!server) throw notFound('MCP server not found');
  return server;
}

function patch(server: FakeMcpServer, body: unknown) {
  const changes = checkBody(McpServerPatch, body) as McpServerPatch;
  const before = view(server);
  if (changes.url !== undefined) server.url = changes.url;
  if (changes.transport !== undefined) server.transport = changes.transport;
  if (changes.auth !== undefined) server.auth = changes.auth;
  const secret = changes.token ?? changes.client_secret;
  if (secret) {
    server.secret_hint = hint(secret);
    delete server.tools_error;
  }
  server.updated_at = new Date().toISOString();
  recordAudit('mcp_server.updated', { id: server.id, label: server.name }, before, view(server));
  return json(view(server));
}

function remove(server: FakeMcpServer) {
  fakeDb.state.mcpServers = fakeDb.state.mcpServers.filter((row) => row !== server);
  for (const access of Object.values(fakeDb.state.keyMcpAccess)) {
    access.servers = access.servers.filter((listed) => listed.server_id !== server.id);
  }
  recordAudit('mcp_server.deleted', { id: server.id, label: server.name }, view(server), null);
  return json({ success: true });
}

const toolsOf = (server: FakeMcpServer): McpServerTools => ({
  server_id: server.id,
  tools: server.tools_error
    ? []
    : server.tools.map((tool) => ({
        name: tool.name,
        gateway_name: `${server.name}__${tool.name}`,
        title: tool.title,
        description: tool.description,
        price_cents: server.tool_prices[tool.name] ?? server.price_cents,
      })),
  error: server.tools_error ?? null,
});

function teamKey(keyId: string, teamId: string) {
  const key = fakeDb.state.apiKeys.find((row) => row.id === keyId && row.team_id === teamId);
  if (!key) throw notFound('API key not found');
  return key;
}

const KEY_PATH = `${API_KEYS_PATH}:id/mcp-access`;

const NO_ACCESS: KeyMcpAccess = { mode: 'team', servers: [] };

export const toolRoutes = [
  route('get', TEAM_MCP_PATH, () => json(settingsOf(ownTeam().team.id))),
  route('get', TEAM_MCP_KEYS_PATH, () => {
    const { team } = ownTeam();
    const keys = fakeDb.state.apiKeys.filter((key) => key.team_id === team.id && key.is_active);
    return json({
      keys: keys.map((key) => ({
        api_key_id: key.id,
        name: key.name,
        ...(fakeDb.state.keyMcpAccess[key.id] ?? NO_ACCESS),
      })),
    });
  }),
  route('put', TEAM_MCP_DEFAULT_PATH, ({ body }) => {
    const { team } = ownedTeam();
    const { default_access } = checkBody(TeamMcpDefault, body) as TeamMcpDefault;
    const before = { default_access: fakeDb.state.mcpDefaults[team.id] ?? 'none' };
    fakeDb.state.mcpDefaults[team.id] = default_access;
    recordAudit('team.tool_access_changed', { id: team.id, label: team.name }, before, { default_access });
    return json(settingsOf(team.id));
  }),
  route('put', TEAM_MCP_CAPTURE_PATH, ({ body }) => {
    const { team } = ownedTeam();
    const { capture_content } = checkBody(TeamMcpCapture, body) as TeamMcpCapture;
    const before = { capture_content: fakeDb.state.mcpCapture[team.id] ?? false };
    fakeDb.state.mcpCapture[team.id] = capture_content;
    recordAudit('team.tool_capture_changed', { id: team.id, label: team.name }, before, { capture_content });
    return json(settingsOf(team.id));
  }),
  route('post', TEAM_MCP_SERVERS_PATH, ({ body }) => json(view(register(ownedTeam().team.id, body)), 201)),
  route('patch', `${TEAM_MCP_SERVERS_PATH}/:id`, ({ params, body }) =>
    patch(serverOf(params.id as string, ownedTeam().team.id, true), body),
  ),
  route('delete', `${TEAM_MCP_SERVERS_PATH}/:id`, ({ params }) =>
    remove(serverOf(params.id as string, ownedTeam().team.id, true)),
  ),
  route('get', `${TEAM_MCP_SERVERS_PATH}/:id/tools`, ({ params }) =>
    json(toolsOf(serverOf(params.id as string, ownTeam().team.id))),
  ),
  route('get', KEY_PATH, ({ params }) => {
    teamKey(params.id as string, ownTeam().team.id);
    return json(fakeDb.state.keyMcpAccess[params.id as string] ?? NO_ACCESS);
  }),
  route('put', KEY_PATH, ({ params, body }) => {
    const { team } = ownedTeam();
    const key = teamKey(params.id as string, team.id);
    const access = checkBody(KeyMcpAccess, body) as KeyMcpAccess;
    for (const listed of access.servers) serverOf(listed.server_id, team.id);
    const before = fakeDb.state.keyMcpAccess[key.id] ?? NO_ACCESS;
    fakeDb.state.keyMcpAccess[key.id] = access;
    recordAudit('api_key.tool_access_changed', { id: key.id, label: key.name }, before, access);
    return json(access);
  }),
  route('get', ADMIN_MCP_SERVERS_PATH, () => {
    adminUser();
    return json(fakeDb.state.mcpServers.map((server) => view(server, true)));
  }),
  route('post', ADMIN_MCP_SERVERS_PATH, ({ body }) => {
    adminUser();
    return json(view(register(null, body)), 201);
  }),
  route('patch', `${ADMIN_MCP_SERVERS_PATH}/:id`, ({ params, body }) => {
    adminUser();
    return patch(serverOf(params.id as string, null), body);
  }),
  route('put', `${ADMIN_MCP_SERVERS_PATH}/:id/prices`, ({ params, body }) => {
    adminUser();
    const server = serverOf(params.id as string, null);
    const prices = checkBody(McpServerPrices, body) as McpServerPrices;
    const before = { price_cents: server.price_cents, tool_prices: server.tool_prices };
    server.price_cents = prices.price_cents;
    server.tool_prices = prices.tool_prices;
    recordAudit('mcp_server.prices_changed', { id: server.id, label: server.name }, before, prices);
    return json(view(server));
  }),
  route('delete', `${ADMIN_MCP_SERVERS_PATH}/:id`, ({ params }) => {
    adminUser();
    return remove(serverOf(params.id as string, null));
  }),
  route('get', `${ADMIN_MCP_SERVERS_PATH}/:id/tools`, ({ params }) => {
    adminUser();
    return json(toolsOf(serverOf(params.id as string, null)));
  }),
];
