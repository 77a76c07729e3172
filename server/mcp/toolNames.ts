/**
 * A tool's name through the gateway (docs/mcp.md#tool-names): its server's name, two underscores, its own name, so
 * two servers' `search` never collide. A server's name is lower-case letters, digits and hyphens (migration 26), so
 * the first `__` always ends it; the whole stays within the characters every model API takes in a tool's name
 * (Anthropic's `^[a-zA-Z0-9_-]{1,64}$` is the narrowest) when the tool's own name does.
 */
export const SERVER_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const SEPARATOR = '__';

export const gatewayToolName = (server: string, tool: string) => `${server}${SEPARATOR}${tool}`;

/** The server and the tool a gateway tool name names; null when it names none (no separator, a bad server name). */
export function splitToolName(name: string): { server: string; tool: string } | null {
  const at = name.indexOf(SEPARATOR);
  if (at <= 0) return null;
  const server = name.slice(0, at);
  const tool = name.slice(at + SEPARATOR.length);
  return SERVER_NAME.test(server) && tool.length > 0 ? { server, tool } : null;
}
