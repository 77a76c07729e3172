import type { FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Catalog } from '../gateway/catalog';
import type { Queryable } from '../db/types';
import { keyToolSettings, serversOfTeam } from './servers';
import { callTool, listTools, type ToolCallParts } from './toolCalls';

/**
 * The gateway's MCP endpoint (docs/mcp.md): the protocol's Streamable HTTP transport, stateless (no session: every
 * request carries the key, and any instance behind the load balancer answers it), in JSON. Each request gets its own
 * SDK server, which knows the key and the servers and tools it may reach.
 */
export interface McpEndpointParts extends Omit<ToolCallParts, 'log'> {
  db: Queryable;
  catalog: Pick<Catalog, 'authenticate'>;
}

const GATEWAY_INFO = { name: 'ai-model-gateway', version: '1.0.0' };
/**
 * One JSON Schema validator for every request's server: without it each SDK server builds its own Ajv instance (its
 * keywords, formats and meta-schemas) per request. The server uses it only to check an elicitation's answer, which
 * the gateway never asks for, and Ajv keeps nothing per request. What a call costs: docs/mcp.md.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();
const INSTRUCTIONS =
  "The tools of the MCP servers this API key may call, through AI Model Gateway: each tool's name starts with its " +
  "server's name and two underscores.";

export async function serveMcp(parts: McpEndpointParts, keyHash: string, request: FastifyRequest, reply: FastifyReply) {
  // A key that does not work is refused before anything else (as an HTTP 401, which MCP clients show).
  const access = await parts.catalog.authenticate(keyHash);
  const [servers, settings] = await Promise.all([
    serversOfTeam(parts.db, access.owner.teamId),
    keyToolSettings(parts.db, access.owner.keyId),
  ]);
  const caller = {
    keyHash,
    owner: access.owner,
    servers,
    access: settings.access,
    captureContent: settings.captureContent,
    requestId: request.id,
    headers: request.headers,
  };
  const callParts = { ...parts, log: request.log };

  const server = new Server(GATEWAY_INFO, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: SCHEMA_VALIDATOR,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await listTools(callParts, caller) }));
  server.setRequestHandler(CallToolRequestSchema, (call, extra) =>
    callTool(callParts, caller, call.params.name, call.params.arguments, extra.signal),
  );
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  reply.hijack();
  // Hijacked: what the app's onSend hook would have set (app.ts) is set here.
  reply.raw.setHeader('x-request-id', request.id);
  reply.raw.setHeader('x-content-type-options', 'nosniff');
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await transport.handleRequest(request.raw, reply.raw, request.body);
}
