import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createSecretBox } from '../lib/secretBox';
import { DEMO_SERVER_URL } from '../mcp/demoServer';
import {
  ADMIN_MCP_SERVERS_PATH,
  TEAM_MCP_CAPTURE_PATH,
  TEAM_MCP_DEFAULT_PATH,
  TEAM_MCP_PATH,
  TEAM_MCP_SERVERS_PATH,
  adminMcpServerPricesPath,
  apiKeyMcpAccessPath,
  teamMcpServerPath,
  teamMcpServerToolsPath,
  TEAM_MCP_KEYS_PATH,
} from '../../contract/mcpPaths';
import type { McpServerTools, McpServerView, TeamKeysMcpAccess, TeamMcpSettings } from '../../contract/schemas/mcp';
import type { RequestLogDetail, RequestLogPage } from '../../contract/schemas/requestLog';
import { REQUEST_LOG_PATH, requestLogEntryPath } from '../../contract/apiPaths';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import type { TestUser } from './helpers';

/**
 * The MCP gateway (docs/mcp.md) through HTTP with the SDK's own client, as an agent reaches it: the demo server's
 * tools listed and called with a gateway key, billed at their price and in the request log; a real MCP server that
 * wants a bearer token, reached with the stored one; access per key; a spent room refusing a priced call.
 */
let ctx: GatewayTestContext;
let toolServer: { url: string; calls: { tool: string; authorization?: string }[]; close(): Promise<void> };
before(async () => {
  // The test's own MCP server listens on loopback: private addresses are allowed for this file (the guard against
  // them is server/test/mcpDestinations.test.ts).
  ctx = await createGatewayContext({ MCP_ALLOW_PRIVATE: 'true' });
  toolServer = await startToolServer('tool-token');
});
after(async () => {
  await ctx.close();
  await toolServer.close();
});

/** A real MCP server (the SDK's), over Streamable HTTP, that answers only the bearer token it is given. */
async function startToolServer(token: string) {
  const calls: { tool: string; authorization?: string }[] = [];
  const httpServer = http.createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    const server = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        {
          name: 'forecast',
          description: 'The forecast for a city.',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
        },
        { name: 'alerts', description: 'Weather alerts.', inputSchema: { type: 'object' } },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, (call) => {
      calls.push({ tool: call.params.name, authorization: request.headers.authorization });
      return { content: [{ type: 'text', text: `Sunny in ${String(call.params.arguments?.city)}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => void server.close());
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

/** The SDK's client, connected to the gateway's /mcp with a gateway key. */
async function gatewayClient(key: string) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${ctx.origin}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

let owner: TestUser;
let teamId: string;
let key: string;
let demoId: string;
beforeEach(async () => {
  await ctx.reset();
  ({ owner, teamId, key } = await ctx.funded(1_000));
  [{ id: demoId }] = await ctx.db.query<{ id: string }>(
    `INSERT INTO mcp_servers (name, url, transport, price_cents, tool_prices)
     VALUES ('demo', $1, 'builtin', 1, '{"word_count": 2}') RETURNING id`,
    [DEMO_SERVER_URL],
  );
  await ctx.db.query(`UPDATE teams SET mcp_default_access = 'all' WHERE id = $1`, [teamId]);
});

async function toolRows() {
  await ctx.app.gateway.settled();
  return ctx.db.query<{
    endpoint: string;
    provider: string;
    model: string;
    cost_cents: number;
    status: string;
    error_code: string | null;
  }>(
    `SELECT endpoint, provider, model, cost_cents::int AS cost_cents, status, error_code FROM usage_events
     WHERE team_id = $1 ORDER BY id`,
    [teamId],
  );
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => assert.fail('the call was not refused'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof McpError, String(error));
  return error;
}

describe('the demo server', () => {
  test('its tools are listed with its prefix; echo returns the text, billed at its price and in the request log', async () => {
    const client = await gatewayClient(key);
    assert.deepEqual(await toolNames(client), ['demo__add', 'demo__echo', 'demo__word_count']);
    const echoed = await client.callTool({ name: 'demo__echo', arguments: { text: 'hello, tools' } });
    assert.deepEqual(echoed.content, [{ type: 'text', text: 'hello, tools' }]);
    const counted = await client.callTool({ name: 'demo__word_count', arguments: { text: 'one two three' } });
    assert.deepEqual(counted.content, [{ type: 'text', text: '3' }]);
    await client.close();
    assert.deepEqual(await toolRows(), [
      {
        endpoint: 'tools/call',
        provider: 'mcp',
        model: 'demo__echo',
        cost_cents: 1,
        status: 'success',
        error_code: null,
      },
      {
        endpoint: 'tools/call',
        provider: 'mcp',
        model: 'demo__word_count',
        cost_cents: 2,
        status: 'success',
        error_code: null,
      },
    ]);
    const [team] = await ctx.db.query<{ credit_balance_cents: number; reserved_cents: number }>(
      'SELECT credit_balance_cents::int AS credit_balance_cents, reserved_cents::int AS reserved_cents FROM teams WHERE id = $1',
      [teamId],
    );
    assert.deepEqual(team, { credit_balance_cents: 997, reserved_cents: 0 });
    const log = await ctx.request('GET', REQUEST_LOG_PATH, { as: owner });
    assert.equal(log.status, 200, log.text);
    assert.deepEqual(
      (log.body as RequestLogPage).rows.map((entry) => [entry.endpoint, entry.provider, entry.model, entry.cost_cents]),
      [
        ['tools/call', 'mcp', 'demo__word_count', 2],
        ['tools/call', 'mcp', 'demo__echo', 1],
      ],
    );
  });

  test("the README's curl: a bare tools/call, without a session, answers in JSON", async () => {
    const res = await ctx.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'demo__echo', arguments: { text: 'hi' } } },
      { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
    );
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(res.headers.get('x-request-id'));
    assert.deepEqual(await res.json(), { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } });
    assert.deepEqual(
      (await toolRows()).map((row) => [row.model, row.cost_cents]),
      [['demo__echo', 1]],
    );
    const get = await fetch(`${ctx.origin}/mcp`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(get.status, 405);
  });

  test('a key that does not work is refused with HTTP 401 and a challenge, before anything is listed', async () => {
    const res = await ctx.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {
        authorization: 'Bearer sk-not-a-key',
        accept: 'application/json, text/event-stream',
      },
    );
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
    const body = (await res.json()) as { error: { message: string; data: { code: string } } };
    assert.equal(body.error.data.code, 'invalid_api_key');
  });
});

describe('access per key', () => {
  test('a key listed for some tools sees only those, and is refused the others by name', async () => {
    const [{ id: keyId }] = await ctx.db.query<{ id: string }>('SELECT id FROM api_keys WHERE team_id = $1', [teamId]);
    await ctx.db.query(`UPDATE api_keys SET mcp_access = 'listed' WHERE id = $1`, [keyId]);
    await ctx.db.query(`INSERT INTO mcp_key_access (api_key_id, server_id, tools) VALUES ($1, $2, '{echo}')`, [
      keyId,
      demoId,
    ]);
    const client = await gatewayClient(key);
    assert.deepEqual(await toolNames(client), ['demo__echo']);
    const refused = await rejection(client.callTool({ name: 'demo__add', arguments: { a: 1, b: 2 } }));
    assert.equal(refused.code, -32602);
    assert.match(
      refused.message,
      /This API key may not call demo__add: the team's owner allows it in Team Settings → Tools\./,
    );
    const unknown = await rejection(client.callTool({ name: 'nowhere__tool', arguments: {} }));
    assert.match(unknown.message, /Unknown tool: nowhere__tool/);
    await client.close();
    assert.deepEqual(await toolRows(), [], 'a refused call is not billed');
  });

  test('a team whose default is none: a key that follows it sees no tool', async () => {
    await ctx.db.query(`UPDATE teams SET mcp_default_access = 'none' WHERE id = $1`, [teamId]);
    const client = await gatewayClient(key);
    assert.deepEqual(await toolNames(client), []);
    await rejection(client.callTool({ name: 'demo__echo', arguments: { text: 'x' } }));
    await client.close();
  });
});

describe('metering', () => {
  test('a spent room refuses a priced call, with the credit refusal’s words; nothing is billed', async () => {
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 0 WHERE id = $1', [teamId]);
    const client = await gatewayClient(key);
    const refused = await rejection(client.callTool({ name: 'demo__echo', arguments: { text: 'x' } }));
    assert.equal(refused.code, -32010);
    assert.match(refused.message, /Your team's credit balance is used up/);
    assert.deepEqual(refused.data, { code: 'insufficient_credits', type: 'insufficient_quota', status: 402 });
    await client.close();
    assert.deepEqual(await toolRows(), []);
  });

  test('a room with less than the price left says what the call costs', async () => {
    await ctx.db.query(`UPDATE mcp_servers SET tool_prices = '{"word_count": 500}' WHERE id = $1`, [demoId]);
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 300 WHERE id = $1', [teamId]);
    const client = await gatewayClient(key);
    const refused = await rejection(client.callTool({ name: 'demo__word_count', arguments: { text: 'x' } }));
    assert.match(refused.message, /A call of demo__word_count costs \$5\.00; your team has \$3\.00 of credit left\./);
    await client.close();
  });
});

describe('a registered server that wants a bearer token', () => {
  async function register(token: string) {
    const box = createSecretBox(ctx.config.gateway.credentialsKey as string);
    await ctx.db.query(
      `INSERT INTO mcp_servers (team_id, name, url, auth, secret, secret_hint) VALUES ($1, 'weather', $2, 'bearer', $3, 'oken')`,
      [teamId, toolServer.url, box.seal(token)],
    );
  }

  test('its tools are listed through the gateway, and a call reaches it with the stored token', async () => {
    await register('tool-token');
    const client = await gatewayClient(key);
    assert.deepEqual(await toolNames(client), [
      'demo__add',
      'demo__echo',
      'demo__word_count',
      'weather__alerts',
      'weather__forecast',
    ]);
    const before = toolServer.calls.length;
    const answer = await client.callTool({ name: 'weather__forecast', arguments: { city: 'Lisbon' } });
    assert.deepEqual(answer.content, [{ type: 'text', text: 'Sunny in Lisbon' }]);
    assert.deepEqual(toolServer.calls.slice(before), [{ tool: 'forecast', authorization: 'Bearer tool-token' }]);
    await client.close();
    const rows = await toolRows();
    assert.deepEqual(
      rows.map((row) => [row.model, row.cost_cents, row.status]),
      [['weather__forecast', 0, 'success']],
    );
  });

  test('a wrong stored token: its tools are left out of the list, and a call says the server refused the credential', async () => {
    await register('not-the-token');
    const client = await gatewayClient(key);
    assert.deepEqual(await toolNames(client), ['demo__add', 'demo__echo', 'demo__word_count']);
    const refused = await rejection(client.callTool({ name: 'weather__forecast', arguments: { city: 'Lisbon' } }));
    assert.equal(refused.code, -32011);
    assert.match(
      refused.message,
      /The MCP server weather refused the gateway's credential \(HTTP 401\): its owner can replace it in Team Settings → Tools\./,
    );
    await client.close();
    const rows = await toolRows();
    assert.deepEqual(
      rows.map((row) => [row.model, row.cost_cents, row.status, row.error_code]),
      [['weather__forecast', 0, 'error', 'server_credential_refused']],
    );
  });
});

describe('Team Settings → Tools and Admin → Tools (the settings API)', () => {
  const serverInput = (overrides: object = {}) => ({
    name: 'weather',
    url: toolServer.url,
    auth: 'bearer',
    token: 'tool-token',
    ...overrides,
  });

  test('the owner registers a server with its token: the token is sealed, shown as a hint, and its tools are listed with prices', async () => {
    const created = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, { as: owner, body: serverInput() });
    assert.equal(created.status, 201, created.text);
    const view = created.body as McpServerView;
    assert.equal(view.scope, 'team');
    assert.equal(view.secret_hint, '…oken');
    assert.ok(!created.text.includes('tool-token'), 'the token never comes back');
    const [stored] = await ctx.db.query<{ secret: string }>('SELECT secret FROM mcp_servers WHERE id = $1', [view.id]);
    assert.match(stored.secret, /^v1:/);

    const tools = await ctx.request('GET', teamMcpServerToolsPath(view.id), { as: owner });
    assert.equal(tools.status, 200, tools.text);
    assert.deepEqual(
      (tools.body as McpServerTools).tools.map((tool) => [tool.gateway_name, tool.price_cents]),
      [
        ['weather__forecast', 0],
        ['weather__alerts', 0],
      ],
    );
    const settings = await ctx.request('GET', TEAM_MCP_PATH, { as: owner });
    assert.deepEqual(
      (settings.body as TeamMcpSettings).servers.map((server) => [server.name, server.scope]),
      [
        ['demo', 'operator'],
        ['weather', 'team'],
      ],
    );
    const [audit] = await ctx.db.query<{ after: string }>(
      `SELECT after::text FROM audit_log WHERE action = 'mcp_server.created' AND target_id = $1`,
      [view.id],
    );
    assert.ok(audit && !audit.after.includes('tool-token'), 'the audit entry keeps no token');
  });

  test('a wrong token is said when the tools are asked for, and a new one fixes it', async () => {
    const created = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, {
      as: owner,
      body: serverInput({ token: 'wrong' }),
    });
    const id = (created.body as McpServerView).id;
    const tools = (await ctx.request('GET', teamMcpServerToolsPath(id), { as: owner })).body as McpServerTools;
    assert.equal(
      tools.error,
      "The MCP server weather refused the gateway's credential (HTTP 401): its owner can replace it in Team Settings → Tools.",
    );
    const patched = await ctx.request('PATCH', teamMcpServerPath(id), { as: owner, body: { token: 'tool-token' } });
    assert.equal(patched.status, 200, patched.text);
    const fixed = (await ctx.request('GET', teamMcpServerToolsPath(id), { as: owner })).body as McpServerTools;
    assert.equal(fixed.error, null);
    assert.equal(fixed.tools.length, 2);
  });

  test('bad input is a 400 that says what to fix; a member cannot register; a name the operator uses is taken', async () => {
    const cases: [object, number, RegExp][] = [
      [serverInput({ token: undefined }), 400, /A server with bearer auth needs its token\./],
      [serverInput({ name: 'Weather Now' }), 400, /A server name is 1 to 32 lowercase letters/],
      [serverInput({ url: 'ftp://example.com/mcp' }), 400, /must start with https:\/\/ or http:\/\//],
      [serverInput({ url: 'https://user:pass@example.com/mcp' }), 400, /must not carry a user name or password/],
      [serverInput({ auth: 'oauth', token: undefined, client_id: 'x' }), 400, /needs a client ID, a client secret/],
      [serverInput({ name: 'demo' }), 409, /The operator already offers a server named demo/],
    ];
    for (const [body, status, message] of cases) {
      const res = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, { as: owner, body });
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
      assert.match((res.body as { message: string }).message, message);
    }
    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const refused = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, { as: member, body: serverInput() });
    assert.equal(refused.status, 403);
    assert.equal((await ctx.db.query('SELECT 1 FROM mcp_servers WHERE team_id = $1', [teamId])).length, 0);
  });

  test("the owner sets a key's access; a server the team is not offered is refused; the gateway follows at once", async () => {
    const [{ id: keyId }] = await ctx.db.query<{ id: string }>('SELECT id FROM api_keys WHERE team_id = $1', [teamId]);
    const unknown = await ctx.request('PUT', apiKeyMcpAccessPath(keyId), {
      as: owner,
      body: { mode: 'listed', servers: [{ server_id: '00000000-0000-0000-0000-000000000000', tools: null }] },
    });
    assert.equal(unknown.status, 400);
    assert.match((unknown.body as { message: string }).message, /is offered to this team/);
    const set = await ctx.request('PUT', apiKeyMcpAccessPath(keyId), {
      as: owner,
      body: { mode: 'listed', servers: [{ server_id: demoId, tools: ['add'] }] },
    });
    assert.equal(set.status, 200, set.text);
    const client = await gatewayClient(key);
    assert.deepEqual(await toolNames(client), ['demo__add']);
    await client.close();
    const listed = await ctx.request('GET', TEAM_MCP_KEYS_PATH, { as: owner });
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body as TeamKeysMcpAccess, {
      keys: [{ api_key_id: keyId, name: 'test key', mode: 'listed', servers: [{ server_id: demoId, tools: ['add'] }] }],
    });
    const off = await ctx.request('PUT', TEAM_MCP_DEFAULT_PATH, { as: owner, body: { default_access: 'none' } });
    assert.equal((off.body as TeamMcpSettings).default_access, 'none');
    const actions = await ctx.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE team_id = $1 AND action LIKE '%tool_access%' ORDER BY created_at`,
      [teamId],
    );
    assert.deepEqual(
      actions.map((row) => row.action),
      ['api_key.tool_access_changed', 'team.tool_access_changed'],
    );
  });

  test('an administrator prices a server per call and per tool; the next call is billed at it', async () => {
    const admin = await ctx.user('admin');
    const member = await ctx.request('PUT', adminMcpServerPricesPath(demoId), {
      as: owner,
      body: { price_cents: 5, tool_prices: {} },
    });
    assert.equal(member.status, 403);
    const priced = await ctx.request('PUT', adminMcpServerPricesPath(demoId), {
      as: admin,
      body: { price_cents: 5, tool_prices: { echo: 7 } },
    });
    assert.equal(priced.status, 200, priced.text);
    const client = await gatewayClient(key);
    await client.callTool({ name: 'demo__echo', arguments: { text: 'priced' } });
    await client.callTool({ name: 'demo__add', arguments: { a: 1, b: 1 } });
    await client.close();
    assert.deepEqual(
      (await toolRows()).map((row) => [row.model, row.cost_cents]),
      [
        ['demo__echo', 7],
        ['demo__add', 5],
      ],
    );
    const all = await ctx.request('GET', ADMIN_MCP_SERVERS_PATH, { as: admin });
    assert.deepEqual(
      (all.body as McpServerView[]).map((server) => [server.name, server.scope, server.price_cents]),
      [['demo', 'operator', 5]],
    );
  });
});

describe('content capture (docs/mcp.md#content-capture)', () => {
  /** The newest call's entry (of one tool), as its own route gives it. */
  async function newestEntry(model = 'demo__echo'): Promise<RequestLogDetail> {
    await ctx.app.gateway.settled();
    const [row] = await ctx.db.query<{ id: string }>(
      'SELECT id::text FROM usage_events WHERE team_id = $1 AND model = $2 ORDER BY id DESC LIMIT 1',
      [teamId, model],
    );
    assert.ok(row, `a row of ${model}`);
    const entry = await ctx.request('GET', requestLogEntryPath(row.id), { as: owner });
    assert.equal(entry.status, 200, entry.text);
    return entry.body as RequestLogDetail;
  }

  test("off by default; once the owner turns it on (audited), a call's arguments and result are kept through the key's guardrails", async () => {
    const client = await gatewayClient(key);
    await client.callTool({ name: 'demo__echo', arguments: { text: 'write to ann@example.com' } });
    assert.equal((await newestEntry()).tool_content, undefined, 'nothing is kept while capture is off');
    const pages = await ctx.request('GET', TEAM_MCP_PATH, { as: owner });
    assert.equal((pages.body as TeamMcpSettings).capture_content, false);

    const on = await ctx.request('PUT', TEAM_MCP_CAPTURE_PATH, { as: owner, body: { capture_content: true } });
    assert.equal(on.status, 200, on.text);
    assert.equal((on.body as TeamMcpSettings).capture_content, true);
    await ctx.db.query('INSERT INTO guardrail_policies (team_id, policy) VALUES ($1, $2::jsonb)', [
      teamId,
      JSON.stringify({ detectors: { email: 'redact', secret: 'block' }, patterns: [] }),
    ]);
    ctx.app.gateway.guardrails.invalidate();

    const echoed = await client.callTool({ name: 'demo__echo', arguments: { text: 'write to ann@example.com' } });
    assert.deepEqual(
      echoed.content,
      [{ type: 'text', text: 'write to ann@example.com' }],
      'the call itself is untouched',
    );
    const entry = await newestEntry();
    assert.deepEqual(entry.tool_content, {
      arguments: { text: 'write to [EMAIL]' },
      result: { content: [{ type: 'text', text: 'write to [EMAIL]' }] },
    });
    assert.equal(entry.guardrails, 'content redacted=email:2');
    const page = (await ctx.request('GET', REQUEST_LOG_PATH, { as: owner })).body as RequestLogPage;
    assert.ok(!JSON.stringify(page).includes('write to'), "a page of the log never carries a call's content");

    // A tool's own error is its answer, kept as it said it.
    await client.callTool({ name: 'demo__add', arguments: { a: 'one', b: 2 } });
    await client.close();
    assert.deepEqual((await newestEntry('demo__add')).tool_content, {
      arguments: { a: 'one', b: 2 },
      result: { content: [{ type: 'text', text: 'add takes two numbers, "a" and "b".' }], isError: true },
    });
    const [audit] = await ctx.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE team_id = $1 AND action = 'team.tool_capture_changed'`,
      [teamId],
    );
    assert.deepEqual(audit, { before: { capture_content: false }, after: { capture_content: true } });
  });

  test('only the owner turns it on or off, and a body that is not true or false is a 400 that says so', async () => {
    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const refused = await ctx.request('PUT', TEAM_MCP_CAPTURE_PATH, { as: member, body: { capture_content: true } });
    assert.equal(refused.status, 403);
    const bad = await ctx.request('PUT', TEAM_MCP_CAPTURE_PATH, { as: owner, body: { capture_content: 'yes' } });
    assert.equal(bad.status, 400);
    assert.match((bad.body as { message: string }).message, /capture_content must be true or false/);
    const [team] = await ctx.db.query<{ mcp_capture_content: boolean }>(
      'SELECT mcp_capture_content FROM teams WHERE id = $1',
      [teamId],
    );
    assert.equal(team.mcp_capture_content, false);
  });
});

/**
 * An MCP server behind OAuth (the protocol's authorization section): it answers 401 with its protected resource
 * metadata, whose authorization server gives tokens for the client credentials grant (client_secret_basic). Both in
 * one HTTP server, as small as the SDK's client needs.
 */
async function startOAuthToolServer(client: { id: string; secret: string }) {
  const tokens = new Set<string>();
  const seen = { tokenRequests: 0, refusedTokenRequests: 0, calls: 0 };
  let origin = '';
  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const httpServer = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    if (path.startsWith('/.well-known/oauth-protected-resource')) {
      return json(response, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    }
    if (path === '/.well-known/oauth-authorization-server') {
      return json(response, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        response_types_supported: ['code'],
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (path === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.tokenRequests++;
        const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
        const grant = new URLSearchParams(body).get('grant_type');
        if (request.headers.authorization !== basic || grant !== 'client_credentials') {
          seen.refusedTokenRequests++;
          return json(response, 401, { error: 'invalid_client' });
        }
        const token = `token-${seen.tokenRequests}`;
        tokens.add(token);
        return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      });
      return;
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (path !== '/mcp' || !tokens.has(bearer)) {
      return json(
        response,
        401,
        { error: 'invalid_token' },
        { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"` },
      );
    }
    const server = new Server({ name: 'ledger', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: 'balance', description: 'An account balance.', inputSchema: { type: 'object' } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, () => {
      seen.calls++;
      return { content: [{ type: 'text', text: '42.00' }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => void server.close());
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    // The gateway keeps its connection (and the stream a Streamable HTTP client opens) until the server goes.
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      }),
  };
}

describe('a registered server behind OAuth client credentials', () => {
  test('the gateway gets a token from its authorization server with the stored secret, lists its tools and calls one; a wrong secret is said', async () => {
    const ledger = await startOAuthToolServer({ id: 'gateway-client', secret: 'client-secret' });
    try {
      const oauth = (secret: string, name: string) => ({
        name,
        url: `${ledger.origin}/mcp`,
        auth: 'oauth',
        client_id: 'gateway-client',
        client_secret: secret,
        issuer: ledger.origin,
      });
      const created = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, {
        as: owner,
        body: oauth('client-secret', 'ledger'),
      });
      assert.equal(created.status, 201, created.text);
      const view = created.body as McpServerView;
      assert.ok(!created.text.includes('client-secret'), 'the secret never comes back');

      const tools = (await ctx.request('GET', teamMcpServerToolsPath(view.id), { as: owner })).body as McpServerTools;
      assert.equal(tools.error, null);
      assert.deepEqual(
        tools.tools.map((tool) => tool.gateway_name),
        ['ledger__balance'],
      );
      const client = await gatewayClient(key);
      assert.ok((await toolNames(client)).includes('ledger__balance'));
      const answer = await client.callTool({ name: 'ledger__balance', arguments: {} });
      assert.deepEqual(answer.content, [{ type: 'text', text: '42.00' }]);
      await client.close();
      assert.equal(ledger.seen.calls, 1);
      assert.ok(ledger.seen.tokenRequests >= 1 && ledger.seen.refusedTokenRequests === 0, JSON.stringify(ledger.seen));

      const wrong = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, {
        as: owner,
        body: oauth('not-the-secret', 'ledger-two'),
      });
      assert.equal(wrong.status, 201, wrong.text);
      const refused = (
        await ctx.request('GET', teamMcpServerToolsPath((wrong.body as McpServerView).id), { as: owner })
      ).body as McpServerTools;
      assert.ok(ledger.seen.refusedTokenRequests >= 1, JSON.stringify(ledger.seen));
      assert.equal(
        refused.error,
        "The authorization server of the MCP server ledger-two refused the gateway's client credentials " +
          '(invalid_client): its owner can replace them in Team Settings → Tools.',
      );
      assert.deepEqual(refused.tools, []);
    } finally {
      await ledger.close();
    }
  });
});

/** An older MCP server, on the deprecated HTTP+SSE transport (the SDK's own), that answers only its bearer token. */
async function startSseToolServer(token: string) {
  const sessions = new Map<string, SSEServerTransport>();
  const httpServer = http.createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      const server = new Server({ name: 'archive', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [{ name: 'lookup', description: 'Looks a record up.', inputSchema: { type: 'object' } }],
      }));
      server.setRequestHandler(CallToolRequestSchema, (call) => ({
        content: [{ type: 'text', text: `record ${String(call.params.arguments?.id)}` }],
      }));
      response.on('close', () => sessions.delete(transport.sessionId));
      void server.connect(transport);
      return;
    }
    const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (request.method === 'POST' && url.pathname === '/messages' && transport) {
      void transport.handlePostMessage(request, response);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/sse`,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      }),
  };
}

describe('an older server on the HTTP+SSE transport', () => {
  test('registered with transport sse and its token: its tools are listed and a call reaches it', async () => {
    const archive = await startSseToolServer('archive-token');
    try {
      const created = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, {
        as: owner,
        body: { name: 'archive', url: archive.url, transport: 'sse', auth: 'bearer', token: 'archive-token' },
      });
      assert.equal(created.status, 201, created.text);
      const tools = (
        await ctx.request('GET', teamMcpServerToolsPath((created.body as McpServerView).id), { as: owner })
      ).body as McpServerTools;
      assert.equal(tools.error, null);
      assert.deepEqual(
        tools.tools.map((tool) => tool.gateway_name),
        ['archive__lookup'],
      );
      const client = await gatewayClient(key);
      const answer = await client.callTool({ name: 'archive__lookup', arguments: { id: 7 } });
      assert.deepEqual(answer.content, [{ type: 'text', text: 'record 7' }]);
      await client.close();
      assert.deepEqual(
        (await toolRows()).map((row) => [row.model, row.status]),
        [['archive__lookup', 'success']],
      );
    } finally {
      await archive.close();
    }
  });
});

describe('under lease admission (GATEWAY_ADMISSION=lease, the default)', () => {
  // The rest of this file admits by statement (the tests' default); the product admits from leases, where a free
  // tool's call (price 0) once asked for a slice of nothing, was granted nothing, and asked again for ever.
  let leased: GatewayTestContext;
  before(async () => {
    leased = await createGatewayContext({ GATEWAY_ADMISSION: 'lease', INSTANCE_ID: 'mcp-lease' });
  });
  after(() => leased.close());

  test('a free tool and a priced one are both answered, and each call is billed at its price', async () => {
    const funded = await leased.funded(1_000);
    await leased.db.query(
      `INSERT INTO mcp_servers (name, url, transport, price_cents, tool_prices)
       VALUES ('demo', $1, 'builtin', 0, '{"word_count": 2}')`,
      [DEMO_SERVER_URL],
    );
    await leased.db.query(`UPDATE teams SET mcp_default_access = 'all' WHERE id = $1`, [funded.teamId]);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${leased.origin}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${funded.key}` } },
      }),
    );
    const echoed = await client.callTool({ name: 'demo__echo', arguments: { text: 'free' } });
    assert.deepEqual(echoed.content, [{ type: 'text', text: 'free' }]);
    const counted = await client.callTool({ name: 'demo__word_count', arguments: { text: 'one two' } });
    assert.deepEqual(counted.content, [{ type: 'text', text: '2' }]);
    await client.close();
    await leased.app.gateway.settled();
    const rows = await leased.db.query<{ model: string; cost_cents: number; status: string }>(
      `SELECT model, cost_cents::int AS cost_cents, status FROM usage_events WHERE team_id = $1 ORDER BY id`,
      [funded.teamId],
    );
    assert.deepEqual(rows, [
      { model: 'demo__echo', cost_cents: 0, status: 'success' },
      { model: 'demo__word_count', cost_cents: 2, status: 'success' },
    ]);
  });
});
