import {
  EMPTY_SERVER_FORM,
  accessSummary,
  parsePrice,
  serverFormErrors,
  serverInput,
  serverPatch,
  withServer,
  withTool,
} from '../../src/features/tools/tools';
import type { KeyMcpAccess, McpServerView } from '../../contract/schemas/mcp';

const server = (overrides: Partial<McpServerView> = {}): McpServerView => ({
  id: 's1',
  scope: 'team',
  name: 'weather',
  url: 'https://mcp.example.com/mcp',
  transport: 'http',
  auth: 'bearer',
  secret_hint: '…1234',
  oauth_client_id: null,
  oauth_issuer: null,
  oauth_scope: null,
  price_cents: 0,
  tool_prices: {},
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

describe('the MCP server form', () => {
  it.each([
    [{ name: 'Weather' }, ['name', 'url']],
    [{ name: 'weather', url: 'https://x.example/mcp' }, []],
    [{ name: 'weather', url: 'https://x.example/mcp', auth: 'bearer' as const }, ['token']],
    [{ name: 'weather', url: 'https://x.example/mcp', auth: 'oauth' as const }, ['clientId', 'clientSecret', 'issuer']],
  ])('%j is wrong in %j', (fields, wrong) => {
    expect(Object.keys(serverFormErrors({ ...EMPTY_SERVER_FORM, ...fields }))).toEqual(wrong);
  });

  it('editing, an empty credential keeps the stored one unless the auth changes', () => {
    const form = { ...EMPTY_SERVER_FORM, name: 'weather', url: 'https://mcp.example.com/mcp', auth: 'bearer' as const };
    expect(serverFormErrors(form, 'bearer')).toEqual({});
    expect(serverFormErrors(form, 'none')).toEqual({ token: 'Enter the token the server expects.' });
    expect(serverPatch(form, server())).toEqual({});
    expect(serverPatch({ ...form, token: 'new' }, server())).toEqual({ token: 'new' });
    expect(serverPatch({ ...form, auth: 'none' }, server())).toEqual({ auth: 'none' });
    expect(serverPatch({ ...form, url: 'https://other.example/mcp' }, server())).toEqual({
      url: 'https://other.example/mcp',
    });
  });

  it("sends only its auth's credential", () => {
    const form = { ...EMPTY_SERVER_FORM, name: 'w', url: ' https://x.example/mcp ', token: 'left over' };
    expect(serverInput(form)).toEqual({ name: 'w', url: 'https://x.example/mcp', transport: 'http', auth: 'none' });
  });
});

describe("a key's tool access", () => {
  const listed = (servers: KeyMcpAccess['servers']): KeyMcpAccess => ({ mode: 'listed', servers });
  const known = ['echo', 'add'];

  it.each([
    ['switching a tool on lists it', listed([]), 'echo', true, [{ server_id: 's1', tools: ['echo'] }]],
    [
      'every tool on is the whole server',
      listed([{ server_id: 's1', tools: ['echo'] }]),
      'add',
      true,
      [{ server_id: 's1', tools: null }],
    ],
    [
      'a tool off a whole server lists the others',
      listed([{ server_id: 's1', tools: null }]),
      'add',
      false,
      [{ server_id: 's1', tools: ['echo'] }],
    ],
    ['the last tool off unlists the server', listed([{ server_id: 's1', tools: ['echo'] }]), 'echo', false, []],
  ])('%s', (_what, access, tool, on, servers) => {
    expect(withTool(access, 's1', tool, on, known).servers).toEqual(servers);
  });

  it('a whole server on and off', () => {
    expect(withServer(listed([]), 's1', true).servers).toEqual([{ server_id: 's1', tools: null }]);
    expect(withServer(listed([{ server_id: 's1', tools: ['echo'] }]), 's1', false).servers).toEqual([]);
  });

  it.each([
    [{ mode: 'team', servers: [] } as KeyMcpAccess, 'all' as const, "Team's default: every tool"],
    [{ mode: 'team', servers: [] } as KeyMcpAccess, 'none' as const, "Team's default: no tools"],
    [listed([]), 'all' as const, 'No tools'],
    [listed([{ server_id: 's1', tools: null }]), 'none' as const, 'weather (every tool)'],
    [
      listed([
        { server_id: 's1', tools: ['a', 'b'] },
        { server_id: 'gone', tools: ['x'] },
      ]),
      'none' as const,
      'weather (2 tools), a removed server (1 tool)',
    ],
  ])('%j with the default %s reads %s', (access, teamDefault, text) => {
    expect(accessSummary(access, teamDefault, [server()])).toBe(text);
  });
});

describe('a price field', () => {
  it.each([
    ['0', 0],
    ['0.01', 1],
    ['$1.25', 125],
    ['1.5', 150],
    ['100', 10_000],
    ['100.01', null],
    ['0.015', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('%s is %s cents', (text, cents) => {
    expect(parsePrice(text)).toBe(cents);
  });
});
