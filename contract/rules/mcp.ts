/**
 * The MCP gateway's transports, auth kinds and limits: plain values beside the schemas of contract/schemas/mcp.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

/**
 * The MCP gateway's settings (docs/mcp.md): the MCP servers a team is offered (the operator's and its own), what a
 * key may call, and the operator's prices. A server's credential goes in and never comes out: only its hint (last
 * characters) is shown.
 */
export const MCP_TRANSPORTS = ['http', 'sse'] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];

export const MCP_AUTHS = ['none', 'bearer', 'oauth'] as const;
export type McpAuth = (typeof MCP_AUTHS)[number];

export const MCP_SERVER_NAME_RULE =
  'A server name is 1 to 32 lowercase letters, digits or hyphens, starting with a letter (its tools are named <server>__<tool>)';

/** The most cents a call may be priced at: $100.00. */
export const MAX_TOOL_PRICE_CENTS = 10_000;
