import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { fill } from './adminGrid';
import { ADMIN_MCP_SERVERS_PATH, adminMcpServerPricesPath } from '../../contract/mcpPaths';

// Admin → Tools (docs/mcp.md): every MCP server, the operator's added here, and the price of their calls.

beforeEach(() => {
  fakeDb.signInAs('admin');
});

const FIRST_RENDER = { timeout: 10_000 };

async function openPage() {
  const rendered = renderRoute('/admin/tools', { userOptions: { delay: null } });
  const list = await screen.findByRole('list', { name: 'MCP servers' }, FIRST_RENDER);
  return { ...rendered, list };
}

describe('Admin → Tools', () => {
  it('prices the demo server per call and one tool apart, in dollars; cents on the wire', async () => {
    const { user, list } = await openPage();
    const demo = within(list).getByRole('listitem', { name: 'demo' });
    expect(demo).toHaveTextContent('Priced apart: word_count $0.02 a call');
    await user.click(within(demo).getByRole('button', { name: 'Prices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prices of demo' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Price of a call, in dollars' }), '0.015');
    await user.click(within(dialog).getByRole('button', { name: 'Save Prices' }));
    expect(within(dialog).getByRole('textbox', { name: 'Price of a call, in dollars' })).toHaveAccessibleDescription(
      'Enter a price from $0.00 to $100.00, in whole cents.',
    );
    expect(fakeDb.lastRequest('PUT', adminMcpServerPricesPath('mcp-demo'))).toBeUndefined();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Price of a call, in dollars' }), '0.05');
    await fill(user, await within(dialog).findByRole('textbox', { name: 'demo__echo, in dollars' }), '$1.25');
    await fill(user, within(dialog).getByRole('textbox', { name: 'demo__word_count, in dollars' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save Prices' }));
    expect(await within(demo).findByText('$0.05 a call')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', adminMcpServerPricesPath('mcp-demo'))?.body).toEqual({
      price_cents: 5,
      tool_prices: { echo: 125 },
    });
    expect(fakeDb.state.auditLog.at(-1)?.action).toBe('mcp_server.prices_changed');
  });

  it("adds an operator's server; a name the fake already has is refused with the server's words", async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Operator Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Operator Server' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'demo');
    await fill(user, within(dialog).getByRole('textbox', { name: 'URL' }), 'https://tools.example.com/mcp');
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await within(dialog).findByText(/already offers a server named demo/)).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'search');
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await screen.findByRole('listitem', { name: 'search' })).toHaveTextContent('Operator');
    expect(fakeDb.lastRequest('POST', ADMIN_MCP_SERVERS_PATH)?.body).toMatchObject({ name: 'search', auth: 'none' });
  });

  it('is for administrators only', async () => {
    fakeDb.signInAs('alice');
    renderRoute('/admin/tools');
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'MCP servers' })).not.toBeInTheDocument();
    expect(fakeDb.lastRequest('GET', ADMIN_MCP_SERVERS_PATH)).toBeUndefined();
  });
});
