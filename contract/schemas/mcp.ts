import { Type, type Static } from 'typebox';
import { Composite, LiteralUnion, Nullable } from './common';
import { MCP_TRANSPORTS, MCP_AUTHS, MCP_SERVER_NAME_RULE, MAX_TOOL_PRICE_CENTS } from '../rules/mcp';
export * from '../rules/mcp';

export const MCP_DEFAULT_ACCESS = ['none', 'all'] as const;
export type McpDefaultAccess = (typeof MCP_DEFAULT_ACCESS)[number];
export const MCP_KEY_MODES = ['team', 'listed'] as const;
export type McpKeyMode = (typeof MCP_KEY_MODES)[number];

const oneOf = <T extends string>(values: readonly T[], message: string) =>
  LiteralUnion(values, { errorMessage: message });

const Cents = Type.Integer({
  minimum: 0,
  maximum: MAX_TOOL_PRICE_CENTS,
  errorMessage: `A price is a whole number of cents from 0 to ${MAX_TOOL_PRICE_CENTS}.`,
});

/** A registered server as the dashboard shows it. `builtin` is the gateway's own demo server. */
export const McpServerView = Type.Object({
  id: Type.String(),
  /** The operator's (offered to every team) or the team's own. */
  scope: oneOf(['operator', 'team'] as const, 'scope'),
  /** Which team's, for the operator's list of every server (null: the operator's). */
  team_id: Type.Optional(Nullable(Type.String())),
  team_name: Type.Optional(Nullable(Type.String())),
  name: Type.String(),
  url: Type.String(),
  transport: oneOf(['http', 'sse', 'builtin'] as const, 'transport'),
  auth: oneOf(MCP_AUTHS, 'auth'),
  /** The last characters of the stored credential; null without one. */
  secret_hint: Nullable(Type.String()),
  oauth_client_id: Nullable(Type.String()),
  oauth_issuer: Nullable(Type.String()),
  oauth_scope: Nullable(Type.String()),
  price_cents: Type.Integer(),
  /** A tool's own price, by the tool's own name, over the server's. */
  tool_prices: Type.Record(Type.String(), Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type McpServerView = Static<typeof McpServerView>;

const Url = Type.String({
  minLength: 1,
  maxLength: 2_000,
  errorMessage: 'Enter the server’s URL, starting with https:// or http://.',
});
const Secret = Type.String({ minLength: 1, maxLength: 4_000, errorMessage: 'A credential is 1 to 4,000 characters.' });
const Short = (what: string) =>
  Type.String({ minLength: 1, maxLength: 500, errorMessage: `${what} is 1 to 500 characters.` });

/**
 * A server to register: its name, URL and transport, and how the gateway authenticates to it: nothing, a bearer token
 * (`token`), or OAuth client credentials (`client_id`, `client_secret`, the authorization server's `issuer`, and an
 * optional `scope`).
 */
export const McpServerInput = Type.Object({
  name: Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$', errorMessage: `${MCP_SERVER_NAME_RULE}.` }),
  url: Url,
  transport: Type.Optional(oneOf(MCP_TRANSPORTS, `transport must be one of ${MCP_TRANSPORTS.join(', ')}`)),
  auth: oneOf(MCP_AUTHS, `auth must be one of ${MCP_AUTHS.join(', ')}`),
  token: Type.Optional(Secret),
  client_id: Type.Optional(Short('A client ID')),
  client_secret: Type.Optional(Secret),
  issuer: Type.Optional(Short('An issuer URL')),
  scope: Type.Optional(Short('A scope')),
});
export type McpServerInput = Static<typeof McpServerInput>;

/** An edit: the URL, the transport, or a new credential (the old one is replaced, never shown). */
export const McpServerPatch = Type.Partial(Type.Omit(McpServerInput, ['name']));
export type McpServerPatch = Static<typeof McpServerPatch>;

/** The operator's prices for a server's calls (Admin → Tools). */
export const McpServerPrices = Type.Object({
  price_cents: Cents,
  tool_prices: Type.Record(Type.String({ minLength: 1, maxLength: 128 }), Cents),
});
export type McpServerPrices = Static<typeof McpServerPrices>;

/** A server's tools as it lists them now, with each call's price; `error` says why it could not be asked. */
export const McpToolView = Type.Object({
  name: Type.String(),
  /** Its name through the gateway: `<server>__<tool>`. */
  gateway_name: Type.String(),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  price_cents: Type.Integer(),
});
export type McpToolView = Static<typeof McpToolView>;

export const McpServerTools = Type.Object({
  server_id: Type.String(),
  tools: Type.Array(McpToolView),
  error: Nullable(Type.String()),
});
export type McpServerTools = Static<typeof McpServerTools>;

/** Team Settings → Tools: what a key follows by default, and every server the team is offered. */
export const TeamMcpSettings = Type.Object({
  default_access: oneOf(MCP_DEFAULT_ACCESS, 'default_access'),
  /**
   * Whether the request log keeps each tool call's arguments and result, through the key's guardrails
   * (docs/mcp.md#content-capture). Absent from a server older than migration 27: read as off.
   */
  capture_content: Type.Optional(Type.Boolean()),
  servers: Type.Array(McpServerView),
});
export type TeamMcpSettings = Static<typeof TeamMcpSettings>;

export const TeamMcpDefault = Type.Object({
  default_access: oneOf(MCP_DEFAULT_ACCESS, `default_access must be one of ${MCP_DEFAULT_ACCESS.join(', ')}`),
});
export type TeamMcpDefault = Static<typeof TeamMcpDefault>;

export const TeamMcpCapture = Type.Object({
  capture_content: Type.Boolean({ errorMessage: 'capture_content must be true or false' }),
});
export type TeamMcpCapture = Static<typeof TeamMcpCapture>;

/** What one key may call: its team's default, or the servers listed (each with every tool, or the ones named). */
export const KeyMcpAccess = Type.Object({
  mode: oneOf(MCP_KEY_MODES, `mode must be one of ${MCP_KEY_MODES.join(', ')}`),
  servers: Type.Array(
    Type.Object({
      server_id: Type.String({ minLength: 1, maxLength: 100 }),
      /** Null: every tool of the server, now and later. */
      tools: Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 500 })),
    }),
    { maxItems: 200 },
  ),
});
export type KeyMcpAccess = Static<typeof KeyMcpAccess>;

/** Every working key of the team and what it may call (Team Settings → Tools), in one answer. */
export const TeamKeysMcpAccess = Type.Object({
  keys: Type.Array(Composite([Type.Object({ api_key_id: Type.String(), name: Type.String() }), KeyMcpAccess])),
});
export type TeamKeysMcpAccess = Static<typeof TeamKeysMcpAccess>;
