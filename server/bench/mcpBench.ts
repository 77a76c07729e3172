/**
 * What the MCP gateway adds to a tool call (docs/mcp.md, "What a call costs"): the same MCP server, the SDK's own
 * Streamable HTTP server answering at once, called with the SDK's client directly and through the gateway's /mcp (a
 * gateway key, the team's access read, the call admitted against the team's credit, billed and logged), one call at a
 * time, in alternating blocks so the machine's drift falls on both. Everything runs in this process (the gateway on
 * PGlite, as `npm run demo`), so the CPU column is the process's: the gateway's share is the difference.
 * Knobs: GATEWAY_ADMISSION (default lease, as the product's), MCP_BENCH_CALLS (default 1000 each way), MCP_BENCH_BLOCK (default 50); MCP_BENCH_CPU_WINDOWS=1 prints the
 * measured calls' start and end on a CPU profile's clock, for scripts/cpu-profile-summary.mts (docs/gateway.md, "Where
 * the time goes"): `node --cpu-prof --cpu-prof-dir=DIR --import tsx server/bench/mcpBench.ts`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { createGatewayContext } from '../test/gatewayHelpers';
import { percentile } from './stats';

const CALLS = Number(process.env.MCP_BENCH_CALLS ?? 1000);
const BLOCK = Number(process.env.MCP_BENCH_BLOCK ?? 50);

/**
 * An MCP server with one tool, `echo`, over Streamable HTTP (JSON answers, no session), on loopback; a server per
 * request, sharing one schema validator as the gateway's endpoint does (server/mcp/endpoint.ts).
 */
async function startToolServer() {
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const httpServer = http.createServer((request, response) => {
    const server = new Server(
      { name: 'bench', version: '1.0.0' },
      { capabilities: { tools: {} }, jsonSchemaValidator },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: 'echo', description: 'Its text back.', inputSchema: { type: 'object' } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, (call) => ({
      content: [{ type: 'text', text: String(call.params.arguments?.text) }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => void server.close());
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`,
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

async function connect(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'mcp-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

interface Way {
  name: string;
  client: Client;
  tool: string;
  ms: number[];
  cpuMs: number;
}

async function block(way: Way, calls: number, record: boolean) {
  const cpu = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    const result = await way.client.callTool({ name: way.tool, arguments: { text: 'ping' } });
    if (result.isError) throw new Error(`${way.name}: the call failed: ${JSON.stringify(result.content)}`);
    if (record) way.ms.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  if (record) way.cpuMs += (used.user + used.system) / 1000;
}

async function main() {
  const tools = await startToolServer();
  // Loopback is a private address, which the gateway refuses for MCP servers unless told (docs/mcp.md).
  const ctx = await createGatewayContext({
    MCP_ALLOW_PRIVATE: 'true',
    // The product's default (docs/deploy.md); GATEWAY_ADMISSION=statement measures the other.
    GATEWAY_ADMISSION: process.env.GATEWAY_ADMISSION ?? 'lease',
  });
  try {
    const { teamId, key } = await ctx.funded(1_000_000);
    await ctx.db.query(`INSERT INTO mcp_servers (name, url, transport, price_cents) VALUES ('bench', $1, 'http', 0)`, [
      tools.url,
    ]);
    await ctx.db.query(`UPDATE teams SET mcp_default_access = 'all' WHERE id = $1`, [teamId]);
    const ways: Way[] = [
      { name: 'direct', client: await connect(tools.url), tool: 'echo', ms: [], cpuMs: 0 },
      {
        name: 'through the gateway',
        client: await connect(`${ctx.origin}/mcp`, { authorization: `Bearer ${key}` }),
        tool: 'bench__echo',
        ms: [],
        cpuMs: 0,
      },
    ];
    for (const way of ways) await block(way, 100, false);
    const started = process.hrtime.bigint() / 1000n;
    for (let done = 0; done < CALLS; done += BLOCK) {
      for (const way of ways) await block(way, Math.min(BLOCK, CALLS - done), true);
    }
    if (process.env.MCP_BENCH_CPU_WINDOWS) console.log(`window ${started}-${process.hrtime.bigint() / 1000n}`);
    await ctx.app.gateway.settled();
    const [{ billed }] = await ctx.db.query<{ billed: number }>(
      `SELECT count(*)::int AS billed FROM usage_events WHERE team_id = $1`,
      [teamId],
    );
    const [direct, gateway] = ways;
    const row = (way: Way) =>
      `| ${way.name} | ${percentile(way.ms, 50).toFixed(2)} | ${percentile(way.ms, 99).toFixed(2)} | ` +
      `${(way.cpuMs / way.ms.length).toFixed(2)} |`;
    console.log(`\n${CALLS} tool calls each way, one at a time, in alternating blocks of ${BLOCK}:\n`);
    console.log('| | p50 (ms) | p99 (ms) | CPU a call (ms, the whole process) |');
    console.log('|---|---:|---:|---:|');
    console.log(row(direct));
    console.log(row(gateway));
    console.log(
      `\nAdded by the gateway: p50 ${(percentile(gateway.ms, 50) - percentile(direct.ms, 50)).toFixed(2)} ms, ` +
        `p99 ${(percentile(gateway.ms, 99) - percentile(direct.ms, 99)).toFixed(2)} ms, CPU ` +
        `${((gateway.cpuMs - direct.cpuMs) / CALLS).toFixed(2)} ms a call; ${billed} calls in the team's usage ` +
        `(${CALLS + 100} made through the gateway).`,
    );
    for (const way of ways) await way.client.close();
  } finally {
    await ctx.close();
    await tools.close();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
