import { screen, waitFor, within } from '@testing-library/react';
import { ACME_TEAM_ID, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { fill } from '../admin/adminGrid';
import {
  TEAM_MCP_CAPTURE_PATH,
  TEAM_MCP_DEFAULT_PATH,
  TEAM_MCP_PATH,
  TEAM_MCP_SERVERS_PATH,
  apiKeyMcpAccessPath,
} from '../../contract/mcpPaths';

// Team Settings → Tools (docs/mcp.md) over the fake backend: the servers the team is offered and their tools, the
// team's default, a key's own access, and the owner's servers; a member reads it all and changes nothing.

const FIRST_RENDER = { timeout: 10_000 };

async function openTools() {
  const rendered = renderRoute('/team', { userOptions: { delay: null } });
  const section = await screen.findByRole('region', { name: 'Tools' }, FIRST_RENDER);
  await within(section).findByRole('list', { name: 'MCP servers' }, FIRST_RENDER);
  return { ...rendered, section };
}

describe('Team Settings → Tools', () => {
  it("shows how to connect, the operator's demo server and its tools with their prices", async () => {
    const { user, section } = await openTools();
    expect(within(section).getByLabelText('Claude Code command')).toHaveTextContent(
      'claude mcp add --transport http gateway http://localhost/mcp --header "Authorization: Bearer <your API key>"',
    );
    const demo = within(section).getByRole('listitem', { name: 'demo' });
    expect(within(demo).getByText('Operator')).toBeInTheDocument();
    expect(within(demo).getByText('$0.01 a call (some tools differ)')).toBeInTheDocument();
    await user.click(within(demo).getByRole('button', { name: 'Show Tools' }));
    expect(await within(demo).findByText('demo__echo')).toBeInTheDocument();
    expect(within(demo).getByText('demo__word_count').parentElement).toHaveTextContent('$0.02 a call');
    expect(within(demo).getByText('Returns its text argument unchanged.')).toBeInTheDocument();
  });

  it('the owner sets the default, and a key to one tool of the demo server', async () => {
    const { user, section } = await openTools();
    const defaults = within(section).getByRole('radiogroup', {
      name: 'What a key may call unless its own access is set',
    });
    expect(within(defaults).getByRole('radio', { name: 'Every tool of every server below' })).toBeChecked();
    await user.click(within(defaults).getByRole('radio', { name: 'No tools' }));
    expect(await screen.findByText('Tool access saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', TEAM_MCP_DEFAULT_PATH)?.body).toEqual({ default_access: 'none' });
    expect(fakeDb.state.mcpDefaults[ACME_TEAM_ID]).toBe('none');

    const keys = within(section).getByRole('list', { name: 'What each key may call' });
    expect(await within(keys).findAllByText("Team's default: no tools")).not.toHaveLength(0);
    await user.click(within(keys).getByRole('button', { name: 'Edit tool access of Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tools "Production" may call' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Only the servers and tools checked below' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'demo__echo' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Every tool of demo, now and later' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Tool Access' }));
    expect(await screen.findByText('Tool access saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', apiKeyMcpAccessPath('key-production'))?.body).toEqual({
      mode: 'listed',
      servers: [{ server_id: 'mcp-demo', tools: ['echo'] }],
    });
    expect(await within(keys).findByText('demo (1 tool)')).toBeInTheDocument();
    expect(fakeDb.state.auditLog.at(-1)?.action).toBe('api_key.tool_access_changed');
  });

  it("the owner turns off keeping each call's arguments and result; the change is audited", async () => {
    const { user, section } = await openTools();
    const capture = within(section).getByRole('switch', { name: "Keep each tool call's arguments and result" });
    expect(capture).toBeChecked();
    expect(capture).toHaveAccessibleDescription(/^Off: the log has each call's tool, time, status and cost\./);
    await user.click(capture);
    expect(await screen.findByText('Tool call content is no longer kept')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', TEAM_MCP_CAPTURE_PATH)?.body).toEqual({ capture_content: false });
    expect(fakeDb.state.mcpCapture[ACME_TEAM_ID]).toBe(false);
    expect(fakeDb.state.auditLog.at(-1)?.action).toBe('team.tool_capture_changed');
    await waitFor(() => expect(capture).not.toBeChecked());
  });

  it('the owner adds a server with a bearer token, checked as the server checks it; the token is never shown', async () => {
    const { user, section } = await openTools();
    await user.click(within(section).getByRole('button', { name: 'Add MCP Server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add MCP Server' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Weather');
    await fill(user, within(dialog).getByRole('textbox', { name: 'URL' }), 'mcp.example.com');
    await user.click(within(dialog).getByRole('radio', { name: 'Bearer token' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      /^A server name is 1 to 32 lowercase letters/,
    );
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveAccessibleDescription(
      'Enter the server’s URL, starting with https:// or http://.',
    );
    expect(within(dialog).getByLabelText(/^Token/)).toHaveAccessibleDescription('Enter the token the server expects.');
    expect(fakeDb.lastRequest('POST', TEAM_MCP_SERVERS_PATH)).toBeUndefined();

    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'weather');
    await fill(user, within(dialog).getByRole('textbox', { name: 'URL' }), 'https://mcp.example.com/mcp');
    await fill(user, within(dialog).getByLabelText(/^Token/), 'secret-token-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    const weather = await within(section).findByRole('listitem', { name: 'weather' });
    expect(weather).toHaveTextContent('https://mcp.example.com/mcp · Streamable HTTP · Bearer token …1234');
    expect(screen.queryByText('secret-token-1234')).not.toBeInTheDocument();
    expect(fakeDb.lastRequest('POST', TEAM_MCP_SERVERS_PATH)?.body).toEqual({
      name: 'weather',
      url: 'https://mcp.example.com/mcp',
      transport: 'http',
      auth: 'bearer',
      token: 'secret-token-1234',
    });
  });

  it('a server that cannot list its tools says why, and the rest of the section stands', async () => {
    fakeDb.state.mcpServers[0].tools_error =
      "The MCP server demo refused the gateway's credential (HTTP 401): its owner can replace it in Team Settings → Tools.";
    const { user, section } = await openTools();
    const demo = within(section).getByRole('listitem', { name: 'demo' });
    await user.click(within(demo).getByRole('button', { name: 'Show Tools' }));
    expect(await within(demo).findByText(/refused the gateway's credential \(HTTP 401\)/)).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'What each key may call' })).toBeInTheDocument();
  });

  it('a failed load says so in the section alone, and Retry loads it', async () => {
    fakeDb.failNext('GET', TEAM_MCP_PATH);
    const { user } = renderRoute('/team', { userOptions: { delay: null } });
    const section = await screen.findByRole('region', { name: 'Tools' }, FIRST_RENDER);
    await user.click(await within(section).findByRole('button', { name: 'Retry' }, FIRST_RENDER));
    expect(await within(section).findByRole('list', { name: 'MCP servers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Team Settings' })).toBeInTheDocument();
  });

  it('a member reads the servers and what each key may call, and changes nothing', async () => {
    fakeDb.signInAs('bob');
    const { section } = await openTools();
    expect(within(section).getByText('Every tool of every server below')).toBeInTheDocument();
    expect(within(section).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(section).getByText("Each tool call's arguments and result are kept")).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add MCP Server' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Edit tool access/ })).not.toBeInTheDocument();
  });
});
