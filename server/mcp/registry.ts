import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, isUniqueViolation, isUuid, notFound } from '../lib/errors';
import { DestinationError, checkedAddress, type PublicDestinationOptions } from '../lib/publicDestination';
import type { SecretBox } from '../lib/secretBox';
import { secretHint } from '../routing/routingAdmin';
import { requireOwner, requireTeam, type Membership } from '../teams/teams';
import type {
  KeyMcpAccess,
  McpDefaultAccess,
  McpServerInput,
  McpServerPatch,
  McpServerPrices,
  McpServerTools,
  McpServerView,
  TeamKeysMcpAccess,
  TeamMcpSettings,
} from '../../contract/schemas/mcp';
import { toolPriceCents } from './access';
import { ONLY_PUBLIC } from './publicFetch';
import { SERVER_COLUMNS, serverRecord, type McpServerRecord } from './servers';
import { gatewayToolName } from './toolNames';
import type { McpUpstreams } from './upstreams';

/**
 * Registering MCP servers and deciding who calls what (docs/mcp.md#servers): the operator's servers (administrators)
 * and a team's own (its owner), their credentials sealed on the way in and never shown again, their URLs checked
 * against the same guard as the webhooks' (public addresses only, unless MCP_ALLOW_PRIVATE), and checked again at every
 * call (publicFetch.ts). Each change is one transaction with its audit entry.
 */
export interface RegistryDeps {
  box: SecretBox | null;
  destination: PublicDestinationOptions;
}

type Owner = { kind: 'operator' } | { kind: 'team'; teamId: string };

const NO_CREDENTIALS_KEY =
  'Storing an MCP server’s credential needs GATEWAY_CREDENTIALS_KEY on the server (docs/deploy.md): ask the operator.';

interface ViewRow {
  id: string;
  team_id: string | null;
  team_name?: string | null;
  name: string;
  url: string;
  transport: McpServerView['transport'];
  auth: McpServerView['auth'];
  secret_hint: string | null;
  oauth_client_id: string | null;
  oauth_issuer: string | null;
  oauth_scope: string | null;
  price_cents: string | number;
  tool_prices: Record<string, number> | null;
  created_at: Date;
  updated_at: Date;
}

const VIEW_COLUMNS = `s.id, s.team_id, s.name, s.url, s.transport, s.auth, s.secret_hint, s.oauth_client_id,
  s.oauth_issuer, s.oauth_scope, s.price_cents, s.tool_prices, s.created_at, s.updated_at`;

const viewOf = (row: ViewRow, withTeam = false): McpServerView => ({
  id: row.id,
  scope: row.team_id === null ? 'operator' : 'team',
  ...(withTeam && { team_id: row.team_id, team_name: row.team_name ?? null }),
  name: row.name,
  url: row.url,
  transport: row.transport,
  auth: row.auth,
  secret_hint: row.secret_hint,
  oauth_client_id: row.oauth_client_id,
  oauth_issuer: row.oauth_issuer,
  oauth_scope: row.oauth_scope,
  price_cents: Number(row.price_cents),
  tool_prices: row.tool_prices ?? {},
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** An http(s) URL without a user name or password, whose host resolves to public addresses only. */
async function checkedUrl(raw: string, deps: RegistryDeps, what: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest(`Enter ${what} as a full URL, starting with https:// or http://.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest(`${what[0].toUpperCase()}${what.slice(1)} must start with https:// or http://.`);
  }
  if (url.username || url.password) {
    throw badRequest(`${what[0].toUpperCase()}${what.slice(1)} must not carry a user name or password.`);
  }
  try {
    await checkedAddress(url, deps.destination, ONLY_PUBLIC);
  } catch (error) {
    if (error instanceof DestinationError) throw badRequest(error.message);
    throw error;
  }
  return url.toString();
}

/** The credential columns for an auth choice, sealed; a 400 for what the choice lacks. */
async function credentialOf(input: McpServerPatch & { auth: McpServerInput['auth'] }, deps: RegistryDeps) {
  const none = { secret: null, secret_hint: null, oauth_client_id: null, oauth_issuer: null, oauth_scope: null };
  if (input.auth === 'none') return none;
  if (!deps.box) throw conflict(NO_CREDENTIALS_KEY);
  if (input.auth === 'bearer') {
    if (!input.token) throw badRequest('A server with bearer auth needs its token.');
    return { ...none, secret: deps.box.seal(input.token), secret_hint: secretHint(input.token) };
  }
  if (!input.client_id || !input.client_secret || !input.issuer) {
    throw badRequest(
      'A server with OAuth needs a client ID, a client secret and the authorization server’s issuer URL.',
    );
  }
  return {
    secret: deps.box.seal(input.client_secret),
    secret_hint: secretHint(input.client_secret),
    oauth_client_id: input.client_id,
    oauth_issuer: await checkedUrl(input.issuer, deps, 'the issuer URL'),
    oauth_scope: input.scope ?? null,
  };
}

async function serverRow(
  q: Queryable,
  owner: Owner,
  id: string,
  lock = false,
): Promise<ViewRow & { secret: string | null }> {
  const [row] = isUuid(id)
    ? await q.query<ViewRow & { secret: string | null }>(
        `SELECT ${VIEW_COLUMNS}, s.secret FROM mcp_servers s
         WHERE s.id = $1 AND ${owner.kind === 'operator' ? 'TRUE' : 's.team_id = $2'}${lock ? ' FOR UPDATE' : ''}`,
        owner.kind === 'operator' ? [id] : [id, owner.teamId],
      )
    : [];
  if (!row) throw notFound('MCP server not found');
  return row;
}

/** A name is taken once among the operator's servers and a team's: its tools' names would collide. */
async function refuseTakenName(q: Queryable, owner: Owner, name: string) {
  const [taken] = await q.query<{ team_id: string | null }>(
    owner.kind === 'operator'
      ? 'SELECT team_id FROM mcp_servers WHERE name = $1 LIMIT 1'
      : 'SELECT team_id FROM mcp_servers WHERE name = $1 AND (team_id IS NULL OR team_id = $2) LIMIT 1',
    owner.kind === 'operator' ? [name] : [name, owner.teamId],
  );
  if (!taken) return;
  throw conflict(
    taken.team_id === null
      ? `The operator already offers a server named ${name}: choose another name.`
      : owner.kind === 'operator'
        ? `A team already has a server named ${name}: choose another name.`
        : `Your team already has a server named ${name}.`,
  );
}

const teamOf = (membership: Membership | null): Owner => ({ kind: 'team', teamId: requireOwner(membership).teamId });
export const OPERATOR: Owner = { kind: 'operator' };
export const teamOwner = teamOf;

export async function registerMcpServer(
  db: Db,
  deps: RegistryDeps,
  who: AuditContext,
  owner: Owner,
  input: McpServerInput,
) {
  const url = await checkedUrl(input.url, deps, 'the server’s URL');
  const credential = await credentialOf(input, deps);
  try {
    return await db.tx(async (q) => {
      await refuseTakenName(q, owner, input.name);
      const [row] = await q.query<ViewRow>(
        `INSERT INTO mcp_servers (team_id, name, url, transport, auth, secret, secret_hint, oauth_client_id,
           oauth_issuer, oauth_scope, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         RETURNING ${VIEW_COLUMNS.replaceAll('s.', '')}`,
        [
          owner.kind === 'team' ? owner.teamId : null,
          input.name,
          url,
          input.transport ?? 'http',
          input.auth,
          credential.secret,
          credential.secret_hint,
          credential.oauth_client_id,
          credential.oauth_issuer,
          credential.oauth_scope,
          who.userId,
        ],
      );
      const view = viewOf(row);
      await recordAudit(q, who, {
        teamId: row.team_id,
        action: 'mcp_server.created',
        target: { id: row.id, label: row.name },
        after: view,
      });
      return view;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A server named ${input.name} was just added: choose another name.`);
    throw error;
  }
}

export async function updateMcpServer(
  db: Db,
  deps: RegistryDeps,
  who: AuditContext,
  owner: Owner,
  id: string,
  patch: McpServerPatch,
) {
  const url = patch.url === undefined ? undefined : await checkedUrl(patch.url, deps, 'the server’s URL');
  return db.tx(async (q) => {
    const before = await serverRow(q, owner, id, true);
    if (before.transport === 'builtin') throw badRequest('The gateway’s own demo server cannot be changed.');
    const auth = patch.auth ?? before.auth;
    // A new credential when one is given or the auth changes; else the stored one stays.
    const givesCredential =
      patch.auth !== undefined || patch.token || patch.client_secret || patch.client_id || patch.issuer;
    const credential = givesCredential ? await credentialOf({ ...patch, auth }, deps) : null;
    const [row] = await q.query<ViewRow>(
      `UPDATE mcp_servers SET url = $2, transport = $3, auth = $4,
         secret = CASE WHEN $5 THEN $6 ELSE secret END, secret_hint = CASE WHEN $5 THEN $7 ELSE secret_hint END,
         oauth_client_id = CASE WHEN $5 THEN $8 ELSE oauth_client_id END,
         oauth_issuer = CASE WHEN $5 THEN $9 ELSE oauth_issuer END,
         oauth_scope = CASE WHEN $5 THEN $10 ELSE oauth_scope END, updated_at = clock_timestamp()
       WHERE id = $1
       RETURNING ${VIEW_COLUMNS.replaceAll('s.', '')}`,
      [
        before.id,
        url ?? before.url,
        patch.transport ?? before.transport,
        auth,
        credential !== null,
        credential?.secret ?? null,
        credential?.secret_hint ?? null,
        credential?.oauth_client_id ?? null,
        credential?.oauth_issuer ?? null,
        credential?.oauth_scope ?? null,
      ],
    );
    const view = viewOf(row);
    await recordAudit(q, who, {
      teamId: row.team_id,
      action: 'mcp_server.updated',
      target: { id: row.id, label: row.name },
      before: viewOf(before),
      after: view,
    });
    return view;
  });
}

export async function deleteMcpServer(db: Db, who: AuditContext, owner: Owner, id: string) {
  await db.tx(async (q) => {
    const before = await serverRow(q, owner, id, true);
    await q.query('DELETE FROM mcp_servers WHERE id = $1', [before.id]);
    await recordAudit(q, who, {
      teamId: before.team_id,
      action: 'mcp_server.deleted',
      target: { id: before.id, label: before.name },
      before: viewOf(before),
    });
  });
}

/** The operator's prices for a server's calls (its own and per tool). */
export async function setMcpServerPrices(db: Db, who: AuditContext, id: string, prices: McpServerPrices) {
  return db.tx(async (q) => {
    const before = await serverRow(q, OPERATOR, id, true);
    const [row] = await q.query<ViewRow>(
      `UPDATE mcp_servers SET price_cents = $2, tool_prices = $3::jsonb WHERE id = $1
       RETURNING ${VIEW_COLUMNS.replaceAll('s.', '')}`,
      [before.id, prices.price_cents, JSON.stringify(prices.tool_prices)],
    );
    await recordAudit(q, who, {
      teamId: row.team_id,
      action: 'mcp_server.prices_changed',
      target: { id: row.id, label: row.name },
      before: { price_cents: Number(before.price_cents), tool_prices: before.tool_prices ?? {} },
      after: prices,
    });
    return viewOf(row);
  });
}

/** Every server: the operator's and every team's, with the team's name (Admin → Tools). */
export async function allMcpServers(db: Db): Promise<McpServerView[]> {
  const rows = await db.query<ViewRow>(
    `SELECT ${VIEW_COLUMNS}, t.name AS team_name FROM mcp_servers s LEFT JOIN teams t ON t.id = s.team_id
     ORDER BY s.team_id IS NOT NULL, t.name, s.name`,
  );
  return rows.map((row) => viewOf(row, true));
}

/** Team Settings → Tools: what a key follows by default, and the servers the team is offered. */
export async function teamMcpSettings(q: Queryable, membership: Membership | null): Promise<TeamMcpSettings> {
  const { teamId } = requireTeam(membership);
  const [[team], rows] = await Promise.all([
    q.query<{ mcp_default_access: McpDefaultAccess; mcp_capture_content: boolean }>(
      'SELECT mcp_default_access, mcp_capture_content FROM teams WHERE id = $1',
      [teamId],
    ),
    q.query<ViewRow>(
      `SELECT ${VIEW_COLUMNS} FROM mcp_servers s WHERE s.team_id IS NULL OR s.team_id = $1 ORDER BY s.name`,
      [teamId],
    ),
  ]);
  return {
    default_access: team?.mcp_default_access ?? 'none',
    capture_content: team?.mcp_capture_content ?? false,
    servers: rows.map((row) => viewOf(row)),
  };
}

/** The owner's choice to keep (or not) the team's tool calls' arguments and results (docs/mcp.md#content-capture). */
export async function setTeamMcpCapture(db: Db, membership: Membership | null, who: AuditContext, value: boolean) {
  const { teamId } = requireOwner(membership);
  return db.tx(async (q) => {
    const [before] = await q.query<{ name: string; mcp_capture_content: boolean }>(
      'SELECT name, mcp_capture_content FROM teams WHERE id = $1 FOR UPDATE',
      [teamId],
    );
    await q.query('UPDATE teams SET mcp_capture_content = $2 WHERE id = $1', [teamId, value]);
    await recordAudit(q, who, {
      teamId,
      action: 'team.tool_capture_changed',
      target: { id: teamId, label: before?.name ?? teamId },
      before: { capture_content: before?.mcp_capture_content ?? false },
      after: { capture_content: value },
    });
    return teamMcpSettings(q, membership);
  });
}

export async function setTeamMcpDefault(
  db: Db,
  membership: Membership | null,
  who: AuditContext,
  value: McpDefaultAccess,
) {
  const { teamId } = requireOwner(membership);
  return db.tx(async (q) => {
    const [before] = await q.query<{ name: string; mcp_default_access: McpDefaultAccess }>(
      'SELECT name, mcp_default_access FROM teams WHERE id = $1 FOR UPDATE',
      [teamId],
    );
    await q.query('UPDATE teams SET mcp_default_access = $2 WHERE id = $1', [teamId, value]);
    await recordAudit(q, who, {
      teamId,
      action: 'team.tool_access_changed',
      target: { id: teamId, label: before?.name ?? teamId },
      before: { default_access: before?.mcp_default_access ?? 'none' },
      after: { default_access: value },
    });
    return teamMcpSettings(q, membership);
  });
}

async function teamKey(q: Queryable, teamId: string, keyId: string, lock = false) {
  const [key] = isUuid(keyId)
    ? await q.query<{ name: string; mcp_access: KeyMcpAccess['mode'] }>(
        `SELECT name, mcp_access FROM api_keys WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
        [keyId, teamId],
      )
    : [];
  if (!key) throw notFound('API key not found');
  return key;
}

async function accessOf(q: Queryable, keyId: string, mode: KeyMcpAccess['mode']): Promise<KeyMcpAccess> {
  const rows = await q.query<{ server_id: string; tools: string[] | null }>(
    'SELECT server_id, tools FROM mcp_key_access WHERE api_key_id = $1 ORDER BY server_id',
    [keyId],
  );
  return { mode, servers: rows };
}

/** Every working key of the team with what it may call (Team Settings → Tools): one query, however many keys. */
export async function teamKeysMcpAccess(db: Db, membership: Membership | null): Promise<TeamKeysMcpAccess> {
  const { teamId } = requireTeam(membership);
  const rows = await db.query<{
    id: string;
    name: string;
    mode: KeyMcpAccess['mode'];
    servers: { server_id: string; tools: string[] | null }[];
  }>(
    `SELECT k.id, k.name, k.mcp_access AS mode,
            COALESCE(json_agg(json_build_object('server_id', a.server_id, 'tools', a.tools) ORDER BY a.server_id)
                       FILTER (WHERE a.server_id IS NOT NULL), '[]') AS servers
     FROM api_keys k LEFT JOIN mcp_key_access a ON a.api_key_id = k.id
     WHERE k.team_id = $1 AND k.is_active AND k.deleted_at IS NULL
     GROUP BY k.id ORDER BY k.created_at, k.id`,
    [teamId],
  );
  return { keys: rows.map((row) => ({ api_key_id: row.id, name: row.name, mode: row.mode, servers: row.servers })) };
}

/** What a key may call: every member reads it (it is what their requests may do); the owner sets it. */
export async function keyMcpAccess(db: Db, membership: Membership | null, keyId: string) {
  const { teamId } = requireTeam(membership);
  const key = await teamKey(db, teamId, keyId);
  return accessOf(db, keyId, key.mcp_access);
}

export async function setKeyMcpAccess(
  db: Db,
  membership: Membership | null,
  who: AuditContext,
  keyId: string,
  access: KeyMcpAccess,
) {
  const { teamId } = requireOwner(membership);
  const ids = access.servers.map((server) => server.server_id);
  if (new Set(ids).size !== ids.length) throw badRequest('Each server is listed once.');
  return db.tx(async (q) => {
    const key = await teamKey(q, teamId, keyId, true);
    const offered = await q.query<{ id: string }>(
      'SELECT id FROM mcp_servers WHERE id = ANY($1::uuid[]) AND (team_id IS NULL OR team_id = $2)',
      [ids.filter(isUuid), teamId],
    );
    const unknown = ids.find((id) => !offered.some((server) => server.id === id));
    if (unknown) throw badRequest(`No MCP server ${unknown} is offered to this team.`);
    const before = await accessOf(q, keyId, key.mcp_access);
    await q.query('UPDATE api_keys SET mcp_access = $2 WHERE id = $1', [keyId, access.mode]);
    await q.query('DELETE FROM mcp_key_access WHERE api_key_id = $1', [keyId]);
    for (const server of access.servers) {
      await q.query('INSERT INTO mcp_key_access (api_key_id, server_id, tools) VALUES ($1, $2, $3)', [
        keyId,
        server.server_id,
        server.tools === null ? null : [...new Set(server.tools)],
      ]);
    }
    const after = await accessOf(q, keyId, access.mode);
    await recordAudit(q, who, {
      teamId,
      action: 'api_key.tool_access_changed',
      target: { id: keyId, label: key.name },
      before,
      after,
    });
    return after;
  });
}

/** A server's tools as it lists them now, each with its price; a server that cannot be asked says why. */
export async function serverTools(
  db: Db,
  upstreams: Pick<McpUpstreams, 'tools'>,
  owner: Owner | { kind: 'member'; teamId: string },
  id: string,
): Promise<McpServerTools> {
  const [row] = isUuid(id)
    ? await db.query<Parameters<typeof serverRecord>[0]>(
        `SELECT ${SERVER_COLUMNS} FROM mcp_servers s WHERE s.id = $1
         AND ${owner.kind === 'operator' ? 'TRUE' : '(s.team_id IS NULL OR s.team_id = $2)'}`,
        owner.kind === 'operator' ? [id] : [id, owner.teamId],
      )
    : [];
  if (!row) throw notFound('MCP server not found');
  const server: McpServerRecord = serverRecord(row);
  let tools: Tool[];
  try {
    tools = await upstreams.tools(server);
  } catch (error) {
    return { server_id: server.id, tools: [], error: error instanceof Error ? error.message : String(error) };
  }
  return {
    server_id: server.id,
    tools: tools.map((tool) => ({
      name: tool.name,
      gateway_name: gatewayToolName(server.name, tool.name),
      title: tool.title ?? tool.annotations?.title ?? null,
      description: tool.description ?? null,
      price_cents: toolPriceCents(server, tool.name),
    })),
    error: null,
  };
}
