import type { FastifyBaseLogger } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { SecretBox } from '../lib/secretBox';
import type { PublicDestinationOptions } from '../lib/publicDestination';
import { createDemoServer } from './demoServer';
import { publicFetch } from './publicFetch';
import type { McpServerRecord } from './servers';
import { UpstreamFailure, upstreamFailure } from './mcpErrors';

/**
 * The gateway as an MCP client of each registered server (docs/mcp.md#servers): one connected SDK client per server
 * per instance, made at its first use and again after its server is edited (its `updatedAt`) or its connection fails;
 * each server's tool list kept TOOLS_TTL_MS. Credentials are opened from their seal only to connect.
 */
const TOOLS_TTL_MS = 30_000;
/** The most pages of a tool list read (a server that pages forever is cut off there). */
const MAX_TOOL_PAGES = 20;
const CLIENT_INFO = { name: 'ai-model-gateway', version: '1.0.0' };

export interface McpUpstreamOptions {
  box: SecretBox | null;
  destination: PublicDestinationOptions;
  /** How long a tool call may take before it is given up (MCP_TOOL_TIMEOUT_MS). */
  callTimeoutMs: number;
  log: FastifyBaseLogger;
}

interface Connection {
  version: string;
  client: Promise<Client>;
  tools?: { at: number; list: Promise<Tool[]> };
}

export function createMcpUpstreams(options: McpUpstreamOptions) {
  const connections = new Map<string, Connection>();
  const fetch = publicFetch(options.destination);

  /** The credential's plaintext; a seal that no longer opens (the key changed) is said as the server's fault. */
  function secretOf(server: McpServerRecord): string {
    if (!server.secret) throw upstreamFailure(server.name, new Error('it has no credential stored'));
    if (!options.box) throw upstreamFailure(server.name, new Error('GATEWAY_CREDENTIALS_KEY is not set'));
    try {
      return options.box.open(server.secret);
    } catch {
      throw upstreamFailure(
        server.name,
        new Error('its stored credential cannot be decrypted (GATEWAY_CREDENTIALS_KEY changed?)'),
      );
    }
  }

  async function transportOf(server: McpServerRecord): Promise<Transport> {
    if (server.transport === 'builtin') {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createDemoServer().connect(serverSide);
      return clientSide;
    }
    const url = new URL(server.url);
    const headers: Record<string, string> =
      server.auth === 'bearer' ? { authorization: `Bearer ${secretOf(server)}` } : {};
    const authProvider =
      server.auth === 'oauth'
        ? new ClientCredentialsProvider({
            clientId: server.oauthClientId ?? '',
            clientSecret: secretOf(server),
            scope: server.oauthScope ?? undefined,
            expectedIssuer: server.oauthIssuer ?? '',
          })
        : undefined;
    const requestInit = { headers };
    if (server.transport === 'sse') {
      return new SSEClientTransport(url, {
        fetch,
        requestInit,
        authProvider,
      });
    }
    return new StreamableHTTPClientTransport(url, { fetch, requestInit, authProvider });
  }

  function connection(server: McpServerRecord): Connection {
    const version = server.updatedAt.toISOString();
    const known = connections.get(server.id);
    if (known && known.version === version) return known;
    if (known) void known.client.then((client) => client.close()).catch(() => undefined);
    const made: Connection = {
      version,
      client: (async () => {
        const client = new Client(CLIENT_INFO, { capabilities: {} });
        // A connection that fails later (the server restarted, its session expired) is made again at the next use.
        client.onclose = () => {
          if (connections.get(server.id) === made) connections.delete(server.id);
        };
        await client.connect(await transportOf(server));
        return client;
      })(),
    };
    made.client.catch(() => {
      if (connections.get(server.id) === made) connections.delete(server.id);
    });
    connections.set(server.id, made);
    return made;
  }

  /** Drops a connection after a failure, so the next use connects again. */
  function drop(server: McpServerRecord, failed: Connection) {
    if (connections.get(server.id) !== failed) return;
    connections.delete(server.id);
    void failed.client.then((client) => client.close()).catch(() => undefined);
  }

  async function listAll(client: Client): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const listed = await client.listTools(cursor ? { cursor } : undefined, { timeout: options.callTimeoutMs });
      tools.push(...listed.tools);
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return tools;
  }

  return {
    /** The server's tools, by their own names (kept TOOLS_TTL_MS); throws upstreamFailure when it cannot be asked. */
    async tools(server: McpServerRecord): Promise<Tool[]> {
      const open = connection(server);
      if (!open.tools || Date.now() - open.tools.at > TOOLS_TTL_MS) {
        const list = open.client.then(listAll);
        open.tools = { at: Date.now(), list };
        list.catch((error) => {
          if (open.tools?.list === list) open.tools = undefined;
          if (upstreamFailure(server.name, error) instanceof UpstreamFailure) drop(server, open);
        });
      }
      try {
        return await open.tools.list;
      } catch (error) {
        throw upstreamFailure(server.name, error);
      }
    },

    /** Calls the tool (its own name) with the arguments as they came; throws upstreamFailure when it did not answer. */
    async call(server: McpServerRecord, tool: string, args: Record<string, unknown> | undefined, signal?: AbortSignal) {
      const open = connection(server);
      try {
        const client = await open.client;
        // The result as the server sent it: the SDK's client would check it against the tool's output schema, which
        // is the caller's to check, not the gateway's.
        return (await client.request(
          { method: 'tools/call', params: { name: tool, arguments: args } },
          CallToolResultSchema,
          { timeout: options.callTimeoutMs, signal },
        )) as CallToolResult;
      } catch (error) {
        const failure = upstreamFailure(server.name, error);
        // A server that answered with an error of its own keeps its connection.
        if (failure instanceof UpstreamFailure) drop(server, open);
        throw failure;
      }
    },

    /** Every connection closed (the app's close). */
    async close() {
      const open = [...connections.values()];
      connections.clear();
      await Promise.all(open.map((made) => made.client.then((client) => client.close()).catch(() => undefined)));
    },
  };
}

export type McpUpstreams = ReturnType<typeof createMcpUpstreams>;
