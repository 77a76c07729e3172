import { centsToDollars, dollarsToCents, formatCents } from '../../../contract/money';
import { MAX_TOOL_PRICE_CENTS, MCP_SERVER_NAME_RULE } from '../../../contract/rules/mcp';
import type {
  KeyMcpAccess,
  McpAuth,
  McpServerInput,
  McpServerPatch,
  McpServerView,
  McpTransport,
} from '../../../contract/schemas/mcp';

/**
 * The MCP gateway's rules as the dashboard applies them (docs/mcp.md), pure and table-tested
 * (__tests__/lib/tools.test.ts): what a server's form sends, what a key's access says, what a call costs.
 */
export const SERVER_NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

export const AUTH_LABELS: Record<McpAuth, string> = {
  none: 'None',
  bearer: 'Bearer token',
  oauth: 'OAuth client credentials',
};
export const TRANSPORT_LABELS: Record<McpTransport | 'builtin', string> = {
  http: 'Streamable HTTP',
  sse: 'HTTP with SSE (older servers)',
  builtin: 'Built in (the demo server)',
};

/** '1¢ a call' style, in dollars as every price on the dashboard: 'Free', '$0.01 a call'. */
export const callPriceText = (cents: number) => (cents === 0 ? 'Free' : `${formatCents(cents)} a call`);

/** The gateway's name of a server's tool: `<server>__<tool>`. */
export const gatewayToolName = (server: string, tool: string) => `${server}__${tool}`;

export interface ServerForm {
  name: string;
  url: string;
  transport: McpTransport;
  auth: McpAuth;
  token: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  scope: string;
}

export const EMPTY_SERVER_FORM: ServerForm = {
  name: '',
  url: '',
  transport: 'http',
  auth: 'none',
  token: '',
  clientId: '',
  clientSecret: '',
  issuer: '',
  scope: '',
};

/** A server's form as an edit starts: its fields, never its credential (which is not shown again). */
export const formOf = (server: McpServerView): ServerForm => ({
  ...EMPTY_SERVER_FORM,
  name: server.name,
  url: server.url,
  transport: server.transport === 'sse' ? 'sse' : 'http',
  auth: server.auth,
  clientId: server.oauth_client_id ?? '',
  issuer: server.oauth_issuer ?? '',
  scope: server.oauth_scope ?? '',
});

export type ServerFormErrors = Partial<Record<keyof ServerForm, string>>;

const isHttpUrl = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

/**
 * What is wrong with the form, by field, as the server would say it (contract/schemas/mcp.ts, server/mcp/registry.ts).
 * Editing (`editing`: the server's current auth), a credential may be left empty to keep the stored one.
 */
export function serverFormErrors(form: ServerForm, editing: McpAuth | null = null): ServerFormErrors {
  const errors: ServerFormErrors = {};
  if (editing === null && !SERVER_NAME_PATTERN.test(form.name)) errors.name = `${MCP_SERVER_NAME_RULE}.`;
  if (!isHttpUrl(form.url)) errors.url = 'Enter the server’s URL, starting with https:// or http://.';
  const keeps = editing !== null && editing === form.auth;
  if (form.auth === 'bearer' && !form.token.trim() && !keeps) errors.token = 'Enter the token the server expects.';
  if (form.auth === 'oauth') {
    if (!form.clientId.trim()) errors.clientId = 'Enter the client ID.';
    if (!form.clientSecret.trim() && !keeps) errors.clientSecret = 'Enter the client secret.';
    if (!isHttpUrl(form.issuer)) errors.issuer = 'Enter the authorization server’s issuer URL.';
  }
  return errors;
}

const text = (value: string) => value.trim() || undefined;

/** The form as a new server's body: the credential fields of its auth only. */
export function serverInput(form: ServerForm): McpServerInput {
  return {
    name: form.name,
    url: form.url.trim(),
    transport: form.transport,
    auth: form.auth,
    ...(form.auth === 'bearer' && { token: form.token.trim() }),
    ...(form.auth === 'oauth' && {
      client_id: form.clientId.trim(),
      client_secret: form.clientSecret.trim(),
      issuer: form.issuer.trim(),
      scope: text(form.scope),
    }),
  };
}

/**
 * The form as an edit: what changed. A credential left empty keeps the stored one when the auth is unchanged; a new
 * auth sends its credential (none: nothing to send).
 */
export function serverPatch(form: ServerForm, server: McpServerView): McpServerPatch {
  const patch: McpServerPatch = {};
  if (form.url.trim() !== server.url) patch.url = form.url.trim();
  if (form.transport !== server.transport) patch.transport = form.transport;
  const authChanged = form.auth !== server.auth;
  if (authChanged) patch.auth = form.auth;
  if (form.auth === 'bearer' && (authChanged || form.token.trim())) patch.token = form.token.trim();
  if (form.auth === 'oauth') {
    const oauthChanged =
      authChanged ||
      form.clientSecret.trim() !== '' ||
      form.clientId.trim() !== (server.oauth_client_id ?? '') ||
      form.issuer.trim() !== (server.oauth_issuer ?? '') ||
      form.scope.trim() !== (server.oauth_scope ?? '');
    if (oauthChanged) {
      patch.auth = 'oauth';
      patch.client_id = form.clientId.trim();
      if (form.clientSecret.trim()) patch.client_secret = form.clientSecret.trim();
      patch.issuer = form.issuer.trim();
      patch.scope = text(form.scope);
    }
  }
  return patch;
}

/** In words, what a key may call: its team's default, or its listed servers. */
export function accessSummary(
  access: KeyMcpAccess | undefined,
  teamDefault: 'none' | 'all' | undefined,
  servers: readonly McpServerView[],
): string {
  if (!access) return '';
  if (access.mode === 'team') {
    return teamDefault === 'all' ? "Team's default: every tool" : "Team's default: no tools";
  }
  if (access.servers.length === 0) return 'No tools';
  const nameOf = (id: string) => servers.find((server) => server.id === id)?.name ?? 'a removed server';
  return access.servers
    .map((listed) =>
      listed.tools === null
        ? `${nameOf(listed.server_id)} (every tool)`
        : `${nameOf(listed.server_id)} (${listed.tools.length === 1 ? '1 tool' : `${listed.tools.length} tools`})`,
    )
    .join(', ');
}

/** Whether the listed access lets the key call the server's tool. */
export function allows(access: KeyMcpAccess, serverId: string, tool: string): boolean {
  const listed = access.servers.find((server) => server.server_id === serverId);
  return listed !== undefined && (listed.tools === null || listed.tools.includes(tool));
}

/** The access with a server's every tool allowed (`true`) or none of them (`false`). */
export function withServer(access: KeyMcpAccess, serverId: string, on: boolean): KeyMcpAccess {
  const others = access.servers.filter((server) => server.server_id !== serverId);
  return { ...access, servers: on ? [...others, { server_id: serverId, tools: null }] : others };
}

/**
 * The access with one tool of a server switched. A server with every tool allowed lists all of its other tools when
 * one is switched off (`known`: the tools it lists now); a server left with no tool is not listed.
 */
export function withTool(
  access: KeyMcpAccess,
  serverId: string,
  tool: string,
  on: boolean,
  known: readonly string[],
): KeyMcpAccess {
  const listed = access.servers.find((server) => server.server_id === serverId);
  const current = listed ? (listed.tools ?? [...known]) : [];
  const tools = on ? [...new Set([...current, tool])] : current.filter((name) => name !== tool);
  const others = access.servers.filter((server) => server.server_id !== serverId);
  if (tools.length === 0) return { ...access, servers: others };
  const every = known.length > 0 && known.every((name) => tools.includes(name));
  return { ...access, servers: [...others, { server_id: serverId, tools: every ? null : tools }] };
}

/** The Claude Code command a member pastes, for the gateway at `origin`. */
export const claudeMcpCommand = (origin: string) =>
  `claude mcp add --transport http gateway ${origin}/mcp --header "Authorization: Bearer <your API key>"`;

/** A price in cents as its field shows it, in dollars: '0.01'. */
export const priceField = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * A price field's dollars as whole cents from 0 to MAX_TOOL_PRICE_CENTS, or null when it is not one ('$0.015', '-1',
 * 'abc'). A leading '$' is taken.
 */
export function parsePrice(text: string): number | null {
  const match = /^\$?\s*(\d+(?:\.\d{1,2})?)$/.exec(text.trim());
  if (!match) return null;
  const cents = dollarsToCents(Number(match[1]));
  return cents <= MAX_TOOL_PRICE_CENTS ? cents : null;
}
