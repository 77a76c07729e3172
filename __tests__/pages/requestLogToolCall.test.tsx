import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { REQUEST_LOG_PATH } from '../../contract/apiPaths';
import { NOT_KEPT } from '../../src/features/requestLog/ToolCallContentView';
import { renderLog, withLogClock } from './requestLogHelpers';

// A tool call through the MCP gateway in the request details drawer (docs/mcp.md#content-capture): what its team kept
// of it, asked for by the row's id, or why nothing was kept.
withLogClock();

/** The seed's fifth request as a call of the demo server's echo, with what its team kept (or nothing). */
function asToolCall(toolContent: unknown) {
  const row = fakeDb.state.requests.find((request) => request.id === 'req-005')!;
  Object.assign(row, {
    endpoint: 'tools/call',
    provider: 'mcp',
    model: 'demo__echo',
    status: 'success',
    error_code: null,
    error_message: null,
    guardrails: toolContent ? 'content redacted=email:2' : null,
    tool_content: toolContent,
  });
}

describe('a tool call in the request details drawer', () => {
  it("shows the call's arguments and result as kept, after the guardrails, asked for by its id", async () => {
    asToolCall({
      arguments: { text: 'write to [EMAIL]' },
      result: { content: [{ type: 'text', text: 'write to [EMAIL]' }] },
    });
    await renderLog('/usage-reports/requests?request=req-005', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(within(drawer).getByText('mcp/demo__echo')).toBeInTheDocument();
    expect(within(drawer).getByText('Content redacted email 2')).toBeInTheDocument();
    const args = await within(drawer).findByRole('region', { name: 'Arguments' });
    expect(args).toHaveTextContent('"text": "write to [EMAIL]"');
    expect(within(drawer).getByRole('region', { name: 'Result' })).toHaveTextContent('"type": "text"');
    expect(fakeDb.lastRequest('GET', `${REQUEST_LOG_PATH}/req-005`)).toBeDefined();
  });

  it('says why nothing was kept when the team did not capture it', async () => {
    asToolCall(null);
    await renderLog('/usage-reports/requests?request=req-005', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(await within(drawer).findByText(NOT_KEPT)).toBeInTheDocument();
  });
});
