import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { GatewayError } from '../formats/gatewayError';
import { DestinationError } from '../lib/publicDestination';

/**
 * What an MCP client is told when a tool call does not reach its tool (docs/mcp.md#errors), as JSON-RPC errors: a
 * tool the key may not call or that does not exist is InvalidParams (as the protocol says of an unknown tool); the
 * gateway's own refusals (credit, budget, limits) and a server that could not be reached have codes of their own in
 * the range the protocol leaves to servers, with the gateway's error code in `data`.
 */
export const GATEWAY_REFUSED = -32010;
export const SERVER_UNREACHABLE = -32011;

export const TEAM_TOOLS_PAGE = 'Team Settings → Tools';

/**
 * An error a tool call is answered with. Not the SDK's McpError, whose message starts "MCP error <code>: ", which the
 * protocol would send on and the client's McpError would prefix again: the SDK's server sends `code`, `message` and
 * `data` of whatever its handler throws.
 */
export class ToolCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The words of an McpError the SDK's client made of a server's error, without the prefix it added. */
const ownWords = (error: McpError) => error.message.replace(/^MCP error -?\d+: /, '');

export const unknownTool = (name: string) =>
  new ToolCallError(
    ErrorCode.InvalidParams,
    `Unknown tool: ${name}. The tool list (tools/list) names every tool this key may call.`,
  );

export const toolNotAllowed = (name: string) =>
  new ToolCallError(
    ErrorCode.InvalidParams,
    `This API key may not call ${name}: the team's owner allows it in ${TEAM_TOOLS_PAGE}.`,
    { code: 'tool_not_allowed' },
  );

/** A gateway refusal (gateway/refusals.ts: credit, budget, key limits, rates) as an MCP client reads it. */
export const refusedCall = (error: GatewayError) =>
  new ToolCallError(GATEWAY_REFUSED, error.message, { code: error.code, type: error.type, status: error.statusCode });

/** The server answered with an error of its own (its JSON-RPC error): passed on as it came. */
const answeredByServer = (error: unknown): error is McpError =>
  error instanceof McpError && error.code !== ErrorCode.ConnectionClosed && error.code !== ErrorCode.RequestTimeout;

/**
 * A failure on the way to a registered server, said so its owner knows what to fix: its credential refused (401 or
 * 403), its address refused (private, or unresolvable), no answer in time, or anything else that stopped the call.
 */
export function upstreamFailure(server: string, error: unknown): ToolCallError {
  if (error instanceof ToolCallError) return error;
  if (answeredByServer(error))
    return new ToolCallError(error.code, ownWords(error), error.data as Record<string, unknown>);
  const status =
    error instanceof StreamableHTTPError || error instanceof SseError
      ? error.code
      : error instanceof UnauthorizedError
        ? 401
        : undefined;
  if (status === 401 || status === 403) {
    return new UpstreamFailure(
      server,
      `The MCP server ${server} refused the gateway's credential (HTTP ${status}): its owner can replace it in ${TEAM_TOOLS_PAGE}.`,
      'server_credential_refused',
    );
  }
  // The server's authorization server refused the client credentials (invalid_client, unauthorized_client, …).
  if (error instanceof OAuthError) {
    const said = error.message ? `: ${error.message}` : '';
    return new UpstreamFailure(
      server,
      `The authorization server of the MCP server ${server} refused the gateway's client credentials ` +
        `(${error.errorCode}${said}): its owner can replace them in ${TEAM_TOOLS_PAGE}.`,
      'server_credential_refused',
    );
  }
  if (error instanceof DestinationError) {
    return new UpstreamFailure(
      server,
      `The MCP server ${server} cannot be reached: ${error.message}`,
      'server_address_refused',
    );
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new UpstreamFailure(server, `The MCP server ${server} did not answer in time.`, 'server_timeout');
  }
  const why = error instanceof Error ? error.message : String(error);
  return new UpstreamFailure(server, `The MCP server ${server} could not be reached: ${why}`, 'server_unreachable');
}

/** A server that did not answer (as opposed to one that answered with an error). */
export class UpstreamFailure extends ToolCallError {
  constructor(
    readonly server: string,
    message: string,
    readonly reason: string,
  ) {
    super(SERVER_UNREACHABLE, message, { code: reason, server });
  }
}
