/**
 * Which tools a key may call (docs/mcp.md#access): a pure rule over what the database says, table-tested
 * (server/test/mcpAccess.test.ts). A key follows its team's default (nothing, or every tool of every server the team
 * is offered) until its owner lists its servers; a listed server gives every tool, or the ones named.
 */
export type TeamDefault = 'none' | 'all';
export type KeyAccessMode = 'team' | 'listed';

export interface KeyToolAccess {
  teamDefault: TeamDefault;
  mode: KeyAccessMode;
  /** The key's listed servers (by id): null, every tool; else the tools by their own names. */
  listed: ReadonlyMap<string, readonly string[] | null>;
}

/** Whether the key may reach the server at all (before its tools are known). */
export function mayUseServer(access: KeyToolAccess, serverId: string): boolean {
  if (access.mode === 'team') return access.teamDefault === 'all';
  return access.listed.has(serverId);
}

/** Whether the key may call the server's tool (by the tool's own name). */
export function mayCallTool(access: KeyToolAccess, serverId: string, tool: string): boolean {
  if (!mayUseServer(access, serverId)) return false;
  if (access.mode === 'team') return true;
  const tools = access.listed.get(serverId);
  return tools === null || tools === undefined || tools.includes(tool);
}

/** A call's price in cents: the tool's own when the operator set one, else its server's. */
export const toolPriceCents = (
  server: { priceCents: number; toolPrices: Readonly<Record<string, number>> },
  tool: string,
) => (Object.hasOwn(server.toolPrices, tool) ? server.toolPrices[tool] : server.priceCents);
