import type { Queryable } from '../db/types';
import type { KeyAccessMode, KeyToolAccess, TeamDefault } from './access';

/**
 * The registered MCP servers as the gateway reads them (migration 26, docs/mcp.md#servers): the operator's, offered to
 * every team, and each team's own. Read per MCP request, with the calling key's access: tool calls are rarer than
 * model calls and far slower at their servers, and reading them fresh means an edit holds on every instance at once.
 */
export type McpTransport = 'http' | 'sse' | 'builtin';
export type McpAuth = 'none' | 'bearer' | 'oauth';

export interface McpServerRecord {
  id: string;
  /** Null: the operator's, offered to every team. */
  teamId: string | null;
  name: string;
  url: string;
  transport: McpTransport;
  auth: McpAuth;
  /** The sealed credential (server/lib/secretBox.ts): a bearer token or an OAuth client's secret. */
  secret: string | null;
  oauthClientId: string | null;
  oauthIssuer: string | null;
  oauthScope: string | null;
  priceCents: number;
  toolPrices: Record<string, number>;
  /** A change gives the server a new connection (upstreams.ts). */
  updatedAt: Date;
}

interface ServerRow {
  id: string;
  team_id: string | null;
  name: string;
  url: string;
  transport: McpTransport;
  auth: McpAuth;
  secret: string | null;
  oauth_client_id: string | null;
  oauth_issuer: string | null;
  oauth_scope: string | null;
  price_cents: string | number;
  tool_prices: Record<string, number> | null;
  updated_at: Date;
}

export const SERVER_COLUMNS = `s.id, s.team_id, s.name, s.url, s.transport, s.auth, s.secret, s.oauth_client_id,
  s.oauth_issuer, s.oauth_scope, s.price_cents, s.tool_prices, s.updated_at`;

export const serverRecord = (row: ServerRow): McpServerRecord => ({
  id: row.id,
  teamId: row.team_id,
  name: row.name,
  url: row.url,
  transport: row.transport,
  auth: row.auth,
  secret: row.secret,
  oauthClientId: row.oauth_client_id,
  oauthIssuer: row.oauth_issuer,
  oauthScope: row.oauth_scope,
  priceCents: Number(row.price_cents),
  toolPrices: row.tool_prices ?? {},
  updatedAt: row.updated_at,
});

/** The servers a team is offered (the operator's and its own), by name. */
export async function serversOfTeam(q: Queryable, teamId: string): Promise<McpServerRecord[]> {
  const rows = await q.query<ServerRow>(
    `SELECT ${SERVER_COLUMNS} FROM mcp_servers s WHERE s.team_id IS NULL OR s.team_id = $1 ORDER BY s.name`,
    [teamId],
    { name: 'mcp_servers_of_team' },
  );
  return rows.map(serverRecord);
}

/**
 * What a key may call (access.ts): its team's default, its own mode, and the servers (and tools) listed for it; and
 * whether its team keeps its calls' content (capture.ts), read in the same statement.
 */
export async function keyToolSettings(
  q: Queryable,
  keyId: string,
): Promise<{ access: KeyToolAccess; captureContent: boolean }> {
  const rows = await q.query<{
    team_default: TeamDefault;
    capture: boolean;
    mode: KeyAccessMode;
    server_id: string | null;
    tools: string[] | null;
  }>(
    `SELECT t.mcp_default_access AS team_default, t.mcp_capture_content AS capture, k.mcp_access AS mode, a.server_id,
            a.tools
     FROM api_keys k JOIN teams t ON t.id = k.team_id
     LEFT JOIN mcp_key_access a ON a.api_key_id = k.id
     WHERE k.id = $1`,
    [keyId],
    { name: 'mcp_key_access' },
  );
  const listed = new Map<string, string[] | null>();
  for (const row of rows) if (row.server_id) listed.set(row.server_id, row.tools);
  return {
    access: { teamDefault: rows[0]?.team_default ?? 'none', mode: rows[0]?.mode ?? 'listed', listed },
    captureContent: rows[0]?.capture ?? false,
  };
}
