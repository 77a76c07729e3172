-- Migration 26: MCP servers and which keys may call their tools (docs/mcp.md, issue 41).
-- A server is the operator's (no team: offered to every team) or a team's. Its credential (a bearer token, or an
-- OAuth client's secret) is sealed like a provider credential (server/lib/secretBox.ts) and never shown again; the
-- hint is its last characters. `builtin` is the gateway's own demo server (server/mcp/demoServer.ts), which only the
-- demo's seed registers. A call's price is the tool's own (tool_prices) or the server's, set by the operator.
CREATE TABLE mcp_servers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[a-z][a-z0-9-]{0,31}$'),
  url text NOT NULL,
  transport text NOT NULL DEFAULT 'http' CHECK (transport IN ('http', 'sse', 'builtin')),
  auth text NOT NULL DEFAULT 'none' CHECK (auth IN ('none', 'bearer', 'oauth')),
  secret text,
  secret_hint text,
  oauth_client_id text,
  oauth_issuer text,
  oauth_scope text,
  price_cents bigint NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  tool_prices jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (auth = 'none' OR secret IS NOT NULL),
  CHECK (auth <> 'oauth' OR (oauth_client_id IS NOT NULL AND oauth_issuer IS NOT NULL))
);
-- A tool's name through the gateway is `<server>__<tool>`: a name is taken once among the operator's servers and a
-- team's (server/mcp/servers.ts refuses a team's name the operator uses, and the other way round).
CREATE UNIQUE INDEX mcp_servers_operator_name ON mcp_servers (name) WHERE team_id IS NULL;
CREATE UNIQUE INDEX mcp_servers_team_name ON mcp_servers (team_id, name) WHERE team_id IS NOT NULL;

-- What a key may call when its owner has not listed its servers: nothing (the default), or every tool of every server
-- the team is offered.
ALTER TABLE teams ADD COLUMN mcp_default_access text NOT NULL DEFAULT 'none'
  CHECK (mcp_default_access IN ('none', 'all'));
-- `team`: the team's default; `listed`: only the servers (and tools) in mcp_key_access.
ALTER TABLE api_keys ADD COLUMN mcp_access text NOT NULL DEFAULT 'team' CHECK (mcp_access IN ('team', 'listed'));
CREATE TABLE mcp_key_access (
  api_key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  server_id uuid NOT NULL REFERENCES mcp_servers (id) ON DELETE CASCADE,
  -- NULL: every tool of the server, as it lists them now and later.
  tools text[],
  PRIMARY KEY (api_key_id, server_id)
);
CREATE INDEX mcp_key_access_server ON mcp_key_access (server_id);
