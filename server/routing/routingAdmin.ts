import { recordAudit, type AuditContext } from '../audit/audit';
import type { Queryable } from '../db/types';
import { badRequest, conflict, isUniqueViolation, isUuid, notFound } from '../lib/errors';
import type { SecretBox } from '../lib/secretBox';
import { iso, isoOrNull } from '../lib/time';
import type {
  ModelRoute,
  ModelRouteCreateBody,
  ModelRouteUpdateBody,
  ProviderCredential,
  ProviderCredentialBody,
  RouteDeployment,
  RouteDeploymentBody,
  RouteDeploymentUpdateBody,
  UnsupportedParams,
} from '../../contract/schemas/routing';

// Administration of model routes, their deployments and provider credentials (docs/gateway.md#model-routes-and-
// credentials-admin). What the gateway reads of these tables is loadRoutingTable in ./routing.ts.

export const NO_CREDENTIALS_KEY = 'Set GATEWAY_CREDENTIALS_KEY to store provider credentials';

/** What admins see of a secret so they can tell keys apart: its last four characters. */
export const secretHint = (secret: string) => `…${secret.slice(-4)}`;

interface CredentialRow {
  id: string;
  provider: string;
  name: string;
  secret_hint: string;
  base_url: string | null;
  created_at: Date;
  used_by: number;
  usage_key_hint: string | null;
  reconciled_at: Date | null;
  reconcile_error: string | null;
}

const toCredential = (row: CredentialRow): ProviderCredential => ({
  id: row.id,
  provider: row.provider,
  name: row.name,
  secret_hint: row.secret_hint,
  base_url: row.base_url,
  created_at: iso(row.created_at),
  used_by: Number(row.used_by),
  usage_key_hint: row.usage_key_hint,
  reconciled_at: isoOrNull(row.reconciled_at),
  reconcile_error: row.reconcile_error,
});

// Never selects secret_ciphertext or usage_key_ciphertext: nothing an endpoint answers can carry them.
const CREDENTIAL_SELECT = `SELECT c.id, c.provider, c.name, c.secret_hint, c.base_url, c.created_at, c.usage_key_hint,
  c.reconciled_at, c.reconcile_error,
  (SELECT count(*) FROM route_deployments d WHERE d.credential_id = c.id)::int AS used_by
  FROM provider_credentials c`;

export async function listCredentials(q: Queryable) {
  const rows = await q.query<CredentialRow>(`${CREDENTIAL_SELECT} ORDER BY c.provider, c.name`);
  return { credentials: rows.map(toCredential) };
}

export async function createCredential(
  q: Queryable,
  who: AuditContext,
  box: SecretBox | null,
  input: ProviderCredentialBody,
) {
  if (!box) throw conflict(NO_CREDENTIALS_KEY);
  const name = input.name.trim();
  try {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO provider_credentials (provider, name, secret_ciphertext, secret_hint, base_url, created_by,
         usage_key_ciphertext, usage_key_hint)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        input.provider,
        name,
        box.seal(input.secret),
        secretHint(input.secret),
        input.base_url ?? null,
        who.userId,
        input.usage_key ? box.seal(input.usage_key) : null,
        input.usage_key ? secretHint(input.usage_key) : null,
      ],
    );
    const credential = await getCredential(q, row.id);
    // The secret is never written: its hint (the last characters) says which it is.
    await recordAudit(q, who, {
      teamId: null,
      action: 'credential.created',
      target: { id: credential.id, label: `${credential.provider}/${credential.name}` },
      after: credentialRecord(credential),
    });
    return credential;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A ${input.provider} credential named "${name}" already exists`);
    throw error;
  }
}

async function getCredential(q: Queryable, id: string) {
  const [row] = isUuid(id) ? await q.query<CredentialRow>(`${CREDENTIAL_SELECT} WHERE c.id = $1`, [id]) : [];
  if (!row) throw notFound('Credential not found');
  return toCredential(row);
}

const credentialRecord = (credential: ReturnType<typeof toCredential>) => ({
  provider: credential.provider,
  name: credential.name,
  hint: credential.secret_hint,
  base_url: credential.base_url,
  usage_key_hint: credential.usage_key_hint,
});

/** Stores (or with null removes) the provider admin key reconciliation reads the provider's report with. */
export async function setUsageKey(
  q: Queryable,
  box: SecretBox | null,
  who: AuditContext,
  id: string,
  usageKey: string | null,
) {
  if (!box) throw conflict(NO_CREDENTIALS_KEY);
  const before = await getCredential(q, id);
  await q.query(
    `UPDATE provider_credentials SET usage_key_ciphertext = $2, usage_key_hint = $3, reconcile_error = NULL
     WHERE id = $1`,
    [id, usageKey ? box.seal(usageKey) : null, usageKey ? secretHint(usageKey) : null],
  );
  const after = await getCredential(q, id);
  // Like the secret, the usage key is never written: its hint says which it is.
  await recordAudit(q, who, {
    teamId: null,
    action: 'credential.usage_key_set',
    target: { id, label: `${after.provider}/${after.name}` },
    before: credentialRecord(before),
    after: credentialRecord(after),
  });
  return after;
}

export async function deleteCredential(q: Queryable, who: AuditContext, id: string) {
  const credential = await getCredential(q, id);
  if (credential.used_by > 0) {
    throw conflict(
      `This credential is used by ${credential.used_by} deployment(s); remove it from them before deleting it`,
    );
  }
  try {
    await q.query('DELETE FROM provider_credentials WHERE id = $1', [id]);
  } catch (error) {
    // A deployment took it up meanwhile (the foreign key refuses).
    if ((error as { code?: string }).code === '23503') throw conflict('This credential is used by a deployment');
    throw error;
  }
  await recordAudit(q, who, {
    teamId: null,
    action: 'credential.deleted',
    target: { id, label: `${credential.provider}/${credential.name}` },
    before: credentialRecord(credential),
  });
  return { success: true as const };
}

/** A model_routes row, as the administration reads it; the gateway's route table reads its policy columns too. */
export interface RouteRow {
  id: string;
  name: string;
  description: string;
  max_retries: number;
  backoff_ms: number;
  cooldown_failures: number;
  cooldown_seconds: number;
  unsupported_params: UnsupportedParams;
  cache_enabled: boolean;
  cache_ttl_seconds: number | null;
  semantic_cache_model: string | null;
  semantic_cache_threshold: number;
  semantic_cache_conversations: boolean;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

interface DeploymentRow {
  id: string;
  route_id: string;
  rank: number;
  weight: number;
  provider: string;
  model: string;
  credential_id: string | null;
  credential_name: string | null;
  enabled: boolean;
  created_at: Date;
}

const toDeployment = (row: DeploymentRow): RouteDeployment => ({
  id: row.id,
  rank: row.rank,
  weight: row.weight,
  provider: row.provider,
  model: row.model,
  credential_id: row.credential_id,
  credential_name: row.credential_name,
  enabled: row.enabled,
  created_at: iso(row.created_at),
});

const DEPLOYMENT_SELECT = `SELECT d.id, d.route_id, d.rank, d.weight, d.provider, d.model, d.credential_id,
  c.name AS credential_name, d.enabled, d.created_at
  FROM route_deployments d LEFT JOIN provider_credentials c ON c.id = d.credential_id`;
// The order the runtime tries them in (loadRoutingTable).
const DEPLOYMENT_ORDER = 'ORDER BY d.rank, d.created_at, d.id';

async function routesWhere(q: Queryable, where: string, params: unknown[]): Promise<ModelRoute[]> {
  const rows = await q.query<RouteRow>(`SELECT * FROM model_routes ${where} ORDER BY name`, params);
  if (rows.length === 0) return [];
  const deployments = await q.query<DeploymentRow>(
    `${DEPLOYMENT_SELECT} WHERE d.route_id = ANY($1::uuid[]) ${DEPLOYMENT_ORDER}`,
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    max_retries: row.max_retries,
    backoff_ms: row.backoff_ms,
    cooldown_failures: row.cooldown_failures,
    cooldown_seconds: row.cooldown_seconds,
    unsupported_params: row.unsupported_params,
    cache_enabled: row.cache_enabled,
    cache_ttl_seconds: row.cache_ttl_seconds,
    semantic_cache_model: row.semantic_cache_model,
    semantic_cache_threshold: row.semantic_cache_threshold,
    semantic_cache_conversations: row.semantic_cache_conversations,
    enabled: row.enabled,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deployments: deployments.filter((d) => d.route_id === row.id).map(toDeployment),
  }));
}

export async function listRoutes(q: Queryable) {
  return { routes: await routesWhere(q, '', []) };
}

async function getRoute(q: Queryable, id: string) {
  const [route] = isUuid(id) ? await routesWhere(q, 'WHERE id = $1', [id]) : [];
  if (!route) throw notFound('Model route not found');
  return route;
}

const routeNameTaken = (name: string) => conflict(`A model route named "${name}" already exists`);

const ROUTE_COLUMNS = [
  'name',
  'description',
  'max_retries',
  'backoff_ms',
  'cooldown_failures',
  'cooldown_seconds',
  'unsupported_params',
  'cache_enabled',
  'cache_ttl_seconds',
  'semantic_cache_model',
  'semantic_cache_threshold',
  'semantic_cache_conversations',
  'enabled',
] as const;

/** Column names and values of the fields a body sets (undefined: left as it is, or the table's default). */
function setFields<K extends string>(columns: readonly K[], input: Partial<Record<K, unknown>>) {
  const set = columns.filter((column) => input[column] !== undefined);
  return { columns: set, values: set.map((column) => input[column]) };
}

/** What the audit log keeps of a route: its settings and its deployments, in the order they are tried. */
const routeRecord = ({ id: _id, created_at: _created, updated_at: _updated, ...route }: ModelRoute) => ({
  ...route,
  deployments: route.deployments.map(({ created_at: _at, ...deployment }) => deployment),
});

async function auditRoute(
  q: Queryable,
  who: AuditContext,
  action: 'route.created' | 'route.updated' | 'route.deleted' | `deployment.${'added' | 'updated' | 'removed'}`,
  before: ModelRoute | null,
  after: ModelRoute | null,
) {
  const route = (after ?? before)!;
  await recordAudit(q, who, {
    teamId: null,
    action,
    target: { id: route.id, label: route.name },
    before: before && routeRecord(before),
    after: after && routeRecord(after),
  });
}

export async function createRoute(q: Queryable, who: AuditContext, input: ModelRouteCreateBody) {
  const { columns, values } = setFields(ROUTE_COLUMNS, input);
  try {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO model_routes (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING id`,
      values,
    );
    const route = await getRoute(q, row.id);
    await auditRoute(q, who, 'route.created', null, route);
    return route;
  } catch (error) {
    if (isUniqueViolation(error)) throw routeNameTaken(input.name);
    throw error;
  }
}

export async function updateRoute(q: Queryable, who: AuditContext, id: string, input: ModelRouteUpdateBody) {
  const before = await getRoute(q, id);
  const { columns, values } = setFields(ROUTE_COLUMNS, input);
  try {
    await q.query(
      `UPDATE model_routes SET ${[...columns.map((column, i) => `${column} = $${i + 2}`), 'updated_at = now()'].join(', ')}
       WHERE id = $1`,
      [id, ...values],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw routeNameTaken(input.name ?? '');
    throw error;
  }
  const after = await getRoute(q, id);
  await auditRoute(q, who, 'route.updated', before, after);
  return after;
}

export async function deleteRoute(q: Queryable, who: AuditContext, id: string) {
  const before = await getRoute(q, id);
  await q.query('DELETE FROM model_routes WHERE id = $1', [id]);
  await auditRoute(q, who, 'route.deleted', before, null);
  return { success: true as const };
}

/** A deployment called with a stored credential must be of that credential's provider. */
async function checkCredential(q: Queryable, provider: string, credentialId: string | null) {
  if (credentialId === null) return;
  const [row] = await q.query<{ provider: string }>('SELECT provider FROM provider_credentials WHERE id = $1', [
    credentialId,
  ]);
  if (!row) throw badRequest('credential_id names no stored credential');
  if (row.provider !== provider) {
    throw badRequest(`The credential is for ${row.provider}; this deployment calls ${provider}`);
  }
}

const DEPLOYMENT_COLUMNS = ['rank', 'weight', 'provider', 'model', 'credential_id', 'enabled'] as const;

export async function addDeployment(q: Queryable, who: AuditContext, routeId: string, input: RouteDeploymentBody) {
  const before = await getRoute(q, routeId);
  const body = { ...input, model: input.model.trim() };
  await checkCredential(q, body.provider, body.credential_id ?? null);
  const { columns, values } = setFields(DEPLOYMENT_COLUMNS, body);
  await q.query(
    // clock_timestamp, not the transaction's now(): deployments added in one transaction (the demo seed) keep the
    // order they were added in among equal ranks.
    `INSERT INTO route_deployments (route_id, created_at, ${columns.join(', ')})
     VALUES ($1, clock_timestamp(), ${columns.map((_, i) => `$${i + 2}`).join(', ')})`,
    [routeId, ...values],
  );
  return touchRoute(q, who, 'deployment.added', before);
}

async function getDeployment(q: Queryable, routeId: string, deploymentId: string) {
  const [row] =
    isUuid(routeId) && isUuid(deploymentId)
      ? await q.query<DeploymentRow>(`${DEPLOYMENT_SELECT} WHERE d.id = $1 AND d.route_id = $2`, [
          deploymentId,
          routeId,
        ])
      : [];
  if (!row) throw notFound('Deployment not found');
  return row;
}

export async function updateDeployment(
  q: Queryable,
  who: AuditContext,
  routeId: string,
  deploymentId: string,
  input: RouteDeploymentUpdateBody,
) {
  const current = await getDeployment(q, routeId, deploymentId);
  const before = await getRoute(q, routeId);
  const body = { ...input, model: input.model?.trim() };
  await checkCredential(
    q,
    body.provider ?? current.provider,
    body.credential_id === undefined ? current.credential_id : body.credential_id,
  );
  const { columns, values } = setFields(DEPLOYMENT_COLUMNS, body);
  if (columns.length > 0) {
    await q.query(
      `UPDATE route_deployments SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [deploymentId, ...values],
    );
  }
  return touchRoute(q, who, 'deployment.updated', before);
}

export async function removeDeployment(q: Queryable, who: AuditContext, routeId: string, deploymentId: string) {
  await getDeployment(q, routeId, deploymentId);
  const before = await getRoute(q, routeId);
  await q.query('DELETE FROM route_deployments WHERE id = $1', [deploymentId]);
  return touchRoute(q, who, 'deployment.removed', before);
}

/** A deployment changed: the route's updated_at moves, and the audit log keeps the route before and after. */
async function touchRoute(
  q: Queryable,
  who: AuditContext,
  action: `deployment.${'added' | 'updated' | 'removed'}`,
  before: ModelRoute,
) {
  await q.query('UPDATE model_routes SET updated_at = now() WHERE id = $1', [before.id]);
  const after = await getRoute(q, before.id);
  await auditRoute(q, who, action, before, after);
  return after;
}
