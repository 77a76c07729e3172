import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../audit/audit';
import { createSecretBox } from '../lib/secretBox';
import { OPERATOR, registerMcpServer } from '../mcp/registry';
import { serversOfTeam, type McpServerRecord } from '../mcp/servers';
import { createMcpUpstreams } from '../mcp/upstreams';
import { TEAM_MCP_SERVERS_PATH } from '../../contract/mcpPaths';
import { createTestContext, type TestContext } from './helpers';

/**
 * The MCP gateway never reaches into our own network (docs/mcp.md#addresses): a server URL whose host resolves to a
 * private address is refused when it is registered, and when it is called, whatever it resolved to at registration
 * (DNS rebinding); so is a literal private or link-local address. Names are resolved by a stand-in for DNS, as in the
 * webhooks' tests; the app itself runs with private addresses refused (MCP_ALLOW_PRIVATE unset).
 */
let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const onlyPublic = 'MCP servers are reached at public addresses only.';

const upstreamsResolving = (address: () => string) =>
  createMcpUpstreams({
    box: null,
    destination: { allowPrivate: false, resolve: async () => [{ address: address(), family: 4 }] },
    callTimeoutMs: 5_000,
    log: silent,
  });

const remote = (url: string): McpServerRecord => ({
  id: `server-${url}`,
  teamId: 'team',
  name: 'remote',
  url,
  transport: 'http',
  auth: 'none',
  secret: null,
  oauthClientId: null,
  oauthIssuer: null,
  oauthScope: null,
  priceCents: 0,
  toolPrices: {},
  updatedAt: new Date(0),
});

test('registering a server at a loopback, private or link-local address is refused with the reason', async () => {
  await ctx.reset();
  const owner = await ctx.user('owner');
  await ctx.team(owner);
  const cases: [string, string][] = [
    ['http://127.0.0.1:9/mcp', `127.0.0.1 resolves to 127.0.0.1, a loopback address: ${onlyPublic}`],
    ['http://localhost:9/mcp', `localhost resolves to 127.0.0.1, a loopback address: ${onlyPublic}`],
    ['http://10.0.0.7/mcp', `10.0.0.7 resolves to 10.0.0.7, a private address: ${onlyPublic}`],
    [
      'http://169.254.169.254/latest',
      `169.254.169.254 resolves to 169.254.169.254, a link-local address (such as a cloud metadata service): ${onlyPublic}`,
    ],
  ];
  for (const [url, message] of cases) {
    const res = await ctx.request('POST', TEAM_MCP_SERVERS_PATH, {
      as: owner,
      body: { name: 'inside', url, auth: 'none' },
    });
    assert.equal(res.status, 400, url);
    assert.equal((res.body as { message: string }).message, message);
  }
  assert.equal((await ctx.db.query('SELECT 1 FROM mcp_servers')).length, 0, 'nothing was registered');
});

test('DNS rebinding: a name public at registration and loopback at the call is refused at the call', async () => {
  await ctx.reset();
  const owner = await ctx.user('owner');
  const teamId = await ctx.team(owner);
  let answer = '93.184.216.34';
  const destination = { allowPrivate: false, resolve: async () => [{ address: answer, family: 4 }] };
  const box = createSecretBox(ctx.config.gateway.credentialsKey as string);
  await registerMcpServer(ctx.db, { box, destination }, SYSTEM_ACTOR, OPERATOR, {
    name: 'rebind',
    url: 'http://rebind.example.test/mcp',
    auth: 'none',
  });
  const [server] = await serversOfTeam(ctx.db, teamId);
  answer = '127.0.0.1';
  const upstreams = upstreamsResolving(() => answer);
  await assert.rejects(upstreams.call(server, 'search', {}), {
    message: `The MCP server rebind cannot be reached: rebind.example.test resolves to 127.0.0.1, a loopback address: ${onlyPublic}`,
  });
  await assert.rejects(upstreams.tools(server), { message: /rebind\.example\.test resolves to 127\.0\.0\.1/ });
  await upstreams.close();
});

test('a host that resolves to a private address among public ones is refused before any connection', async () => {
  const answers = ['93.184.216.34', '10.1.2.3'];
  const upstreams = createMcpUpstreams({
    box: null,
    destination: { allowPrivate: false, resolve: async () => answers.map((address) => ({ address, family: 4 })) },
    callTimeoutMs: 5_000,
    log: silent,
  });
  await assert.rejects(upstreams.tools(remote('http://tools.example.test/mcp')), {
    message: `The MCP server remote cannot be reached: tools.example.test resolves to 10.1.2.3, a private address: ${onlyPublic}`,
  });
  await upstreams.close();
});
