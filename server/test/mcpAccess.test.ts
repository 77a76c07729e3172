import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mayCallTool, mayUseServer, toolPriceCents, type KeyToolAccess } from '../mcp/access';
import { gatewayToolName, splitToolName } from '../mcp/toolNames';

/** The MCP gateway's pure rules (docs/mcp.md): tool names with their server's prefix, access per key, prices. */

test('a gateway tool name is the server, two underscores and the tool; the first __ ends the server', () => {
  const cases: [string, { server: string; tool: string } | null][] = [
    [gatewayToolName('demo', 'echo'), { server: 'demo', tool: 'echo' }],
    ['github__create_issue', { server: 'github', tool: 'create_issue' }],
    ['my-server__tool__with__underscores', { server: 'my-server', tool: 'tool__with__underscores' }],
    ['echo', null],
    ['__echo', null],
    ['demo__', null],
    ['Demo__echo', null],
    ['9demo__echo', null],
  ];
  for (const [name, expected] of cases) assert.deepEqual(splitToolName(name), expected, name);
});

const access = (overrides: Partial<KeyToolAccess>): KeyToolAccess => ({
  teamDefault: 'none',
  mode: 'team',
  listed: new Map(),
  ...overrides,
});

test('which servers and tools a key may use', () => {
  const listed = new Map<string, string[] | null>([
    ['all-tools', null],
    ['some-tools', ['search']],
  ]);
  const cases: [string, KeyToolAccess, string, string, boolean, boolean][] = [
    // [what, access, server, tool, may use the server, may call the tool]
    ['team default none', access({ teamDefault: 'none' }), 's', 'x', false, false],
    ['team default all', access({ teamDefault: 'all' }), 's', 'x', true, true],
    ['listed: every tool of a listed server', access({ mode: 'listed', listed }), 'all-tools', 'x', true, true],
    ['listed: a named tool', access({ mode: 'listed', listed }), 'some-tools', 'search', true, true],
    ['listed: a tool not named', access({ mode: 'listed', listed }), 'some-tools', 'delete', true, false],
    ['listed: a server not listed', access({ mode: 'listed', listed }), 'other', 'x', false, false],
    ['listed wins over a team default of all', access({ mode: 'listed', teamDefault: 'all' }), 's', 'x', false, false],
    [
      'a key that follows its team ignores its list',
      access({ mode: 'team', teamDefault: 'none', listed }),
      'all-tools',
      'x',
      false,
      false,
    ],
  ];
  for (const [what, given, server, tool, useServer, callTool] of cases) {
    assert.equal(mayUseServer(given, server), useServer, what);
    assert.equal(mayCallTool(given, server, tool), callTool, what);
  }
});

test("a call's price is its tool's own when set, else its server's", () => {
  const server = { priceCents: 3, toolPrices: { search: 10, free: 0 } };
  assert.equal(toolPriceCents(server, 'search'), 10);
  assert.equal(toolPriceCents(server, 'free'), 0);
  assert.equal(toolPriceCents(server, 'other'), 3);
  assert.equal(toolPriceCents(server, 'constructor'), 3, 'a name on Object.prototype is not a price');
});
