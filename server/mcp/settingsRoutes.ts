import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps';
import { auditContext } from '../plugins/auth';
import { createSecretBox as createBox } from '../lib/secretBox';
import { requireTeam } from '../teams/teams';
import {
  OPERATOR,
  allMcpServers,
  deleteMcpServer,
  keyMcpAccess,
  registerMcpServer,
  serverTools,
  setKeyMcpAccess,
  setMcpServerPrices,
  setTeamMcpCapture,
  setTeamMcpDefault,
  teamKeysMcpAccess,
  teamMcpSettings,
  teamOwner,
  updateMcpServer,
} from './registry';
import { IdParams, Success, errors } from '../../contract/schemas/common';
import {
  KeyMcpAccess,
  McpServerInput,
  McpServerPatch,
  McpServerPrices,
  McpServerTools,
  McpServerView,
  TeamKeysMcpAccess,
  TeamMcpCapture,
  TeamMcpDefault,
  TeamMcpSettings,
} from '../../contract/schemas/mcp';
import { API_KEYS_PATH } from '../../contract/apiPaths';
import {
  ADMIN_MCP_SERVERS_PATH,
  TEAM_MCP_CAPTURE_PATH,
  TEAM_MCP_DEFAULT_PATH,
  TEAM_MCP_PATH,
  TEAM_MCP_SERVERS_PATH,
  TEAM_MCP_KEYS_PATH,
} from '../../contract/mcpPaths';

/**
 * The MCP gateway's settings (docs/mcp.md): Team Settings → Tools (every member reads it; the owner registers the
 * team's servers and says what each key may call) and Admin → Tools (the operator's servers, and every server's
 * prices). The gateway reads them fresh at each MCP request, so nothing is reloaded after a change.
 */
export function mcpSettingsRoutes(app: FastifyInstance, { db, guards, config, mcp }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };
  const admin = { onRequest: guards.requireAdmin };
  const registry = {
    box: config.gateway.credentialsKey ? createBox(config.gateway.credentialsKey) : null,
    destination: { allowPrivate: config.mcp.allowPrivate },
  };
  const serverPath = `${TEAM_MCP_SERVERS_PATH}/:id`;
  const adminServerPath = `${ADMIN_MCP_SERVERS_PATH}/:id`;
  const keyPath = `${API_KEYS_PATH}:id/mcp-access`;
  const written = { 200: McpServerView, ...errors(400, 401, 403, 404, 409) };

  api.get(
    TEAM_MCP_PATH,
    { ...auth, schema: { response: { 200: TeamMcpSettings, ...errors(401, 404) } } },
    async (request) => teamMcpSettings(db, request.membership),
  );
  api.get(
    TEAM_MCP_KEYS_PATH,
    { ...auth, schema: { response: { 200: TeamKeysMcpAccess, ...errors(401, 404) } } },
    async (request) => teamKeysMcpAccess(db, request.membership),
  );
  api.put(
    TEAM_MCP_DEFAULT_PATH,
    { ...auth, schema: { body: TeamMcpDefault, response: { 200: TeamMcpSettings, ...errors(400, 401, 403, 404) } } },
    async (request) => setTeamMcpDefault(db, request.membership, auditContext(request), request.body.default_access),
  );
  api.put(
    TEAM_MCP_CAPTURE_PATH,
    { ...auth, schema: { body: TeamMcpCapture, response: { 200: TeamMcpSettings, ...errors(400, 401, 403, 404) } } },
    async (request) => setTeamMcpCapture(db, request.membership, auditContext(request), request.body.capture_content),
  );
  api.post(
    TEAM_MCP_SERVERS_PATH,
    { ...auth, schema: { body: McpServerInput, response: { 201: McpServerView, ...errors(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const view = await registerMcpServer(
        db,
        registry,
        auditContext(request),
        teamOwner(request.membership),
        request.body,
      );
      return reply.code(201).send(view);
    },
  );
  api.patch(
    serverPath,
    { ...auth, schema: { params: IdParams, body: McpServerPatch, response: written } },
    async (request) =>
      updateMcpServer(
        db,
        registry,
        auditContext(request),
        teamOwner(request.membership),
        request.params.id,
        request.body,
      ),
  );
  api.delete(
    serverPath,
    { ...auth, schema: { params: IdParams, response: { 200: Success, ...errors(401, 403, 404) } } },
    async (request) => {
      await deleteMcpServer(db, auditContext(request), teamOwner(request.membership), request.params.id);
      return { success: true as const };
    },
  );
  api.get(
    `${serverPath}/tools`,
    { ...auth, schema: { params: IdParams, response: { 200: McpServerTools, ...errors(401, 404) } } },
    async (request) =>
      serverTools(db, mcp, { kind: 'member', teamId: requireTeam(request.membership).teamId }, request.params.id),
  );
  api.get(
    keyPath,
    { ...auth, schema: { params: IdParams, response: { 200: KeyMcpAccess, ...errors(401, 404) } } },
    async (request) => keyMcpAccess(db, request.membership, request.params.id),
  );
  api.put(
    keyPath,
    {
      ...auth,
      schema: { params: IdParams, body: KeyMcpAccess, response: { 200: KeyMcpAccess, ...errors(400, 401, 403, 404) } },
    },
    async (request) => setKeyMcpAccess(db, request.membership, auditContext(request), request.params.id, request.body),
  );

  api.get(
    ADMIN_MCP_SERVERS_PATH,
    { ...admin, schema: { response: { 200: Type.Array(McpServerView), ...errors(401, 403) } } },
    async () => allMcpServers(db),
  );
  api.post(
    ADMIN_MCP_SERVERS_PATH,
    { ...admin, schema: { body: McpServerInput, response: { 201: McpServerView, ...errors(400, 401, 403, 409) } } },
    async (request, reply) => {
      const view = await registerMcpServer(
        db,
        registry,
        auditContext(request, { admin: true }),
        OPERATOR,
        request.body,
      );
      return reply.code(201).send(view);
    },
  );
  api.patch(
    adminServerPath,
    { ...admin, schema: { params: IdParams, body: McpServerPatch, response: written } },
    async (request) =>
      updateMcpServer(db, registry, auditContext(request, { admin: true }), OPERATOR, request.params.id, request.body),
  );
  api.put(
    `${adminServerPath}/prices`,
    { ...admin, schema: { params: IdParams, body: McpServerPrices, response: written } },
    async (request) => setMcpServerPrices(db, auditContext(request, { admin: true }), request.params.id, request.body),
  );
  api.delete(
    adminServerPath,
    { ...admin, schema: { params: IdParams, response: { 200: Success, ...errors(401, 403, 404) } } },
    async (request) => {
      await deleteMcpServer(db, auditContext(request, { admin: true }), OPERATOR, request.params.id);
      return { success: true as const };
    },
  );
  api.get(
    `${adminServerPath}/tools`,
    { ...admin, schema: { params: IdParams, response: { 200: McpServerTools, ...errors(401, 403, 404) } } },
    async (request) => serverTools(db, mcp, OPERATOR, request.params.id),
  );
}
