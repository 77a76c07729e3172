// /v1/admin/routing/… routes: model routes, deployments, provider credentials and health, admins only
// (docs/gateway.md#model-routes-and-credentials-admin). Bodies are checked with the contract's own schemas.
import type { TSchema, Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  ADMIN_CREDENTIALS_PATH,
  ADMIN_MODEL_ROUTES_PATH,
  ADMIN_PROVIDER_HEALTH_PATH,
  ADMIN_RECONCILIATION_PATH,
  ADMIN_RECONCILIATION_RUN_PATH,
} from '../../../contract/apiPaths';
import {
  HEALTH_WINDOWS,
  ModelRouteCreateBody,
  ModelRouteUpdateBody,
  ProviderCredentialBody,
  RouteDeploymentBody,
  RouteDeploymentUpdateBody,
  type ModelRoute,
  type ProviderCredential,
  type RouteDeployment,
} from '../../../contract/schemas/routing';
import { firstError } from '../../../server/lib/firstError';
import { fakeDb } from '../fakeBackend';
import type { FakeCredential } from '../fakeBackend/state';
import { adminUser, conflict, json, notFound, route, validationError, type RouteContext } from './http';

/** The body as the server's schema accepts it, or the 400 the server would send (the schema's own message). */
function checked<T extends TSchema>(schema: T, body: unknown): Static<T> {
  const first = firstError(schema, Value.Errors(schema, body));
  if (first) {
    const custom = (first.schema as { errorMessage?: string }).errorMessage;
    throw validationError(custom ?? `${first.path.slice(1) || 'body'} is invalid: ${first.message}`);
  }
  return body as Static<T>;
}

const state = () => fakeDb.state;

/** A UUID, as the server's ids are (a deployment's credential_id must look like one). */
const credentialId = () =>
  `00000000-0000-4000-8000-${fakeDb.nextId('credential').replace(/\D/g, '').padStart(12, '0')}`;
const now = () => fakeDb.now().toISOString();

function findRoute({ params }: RouteContext): ModelRoute {
  adminUser();
  const found = state().modelRoutes.find((candidate) => candidate.id === params.id);
  if (!found) throw notFound('Model route not found');
  return found;
}

function findDeployment(context: RouteContext): [ModelRoute, RouteDeployment] {
  const owner = findRoute(context);
  const found = owner.deployments.find((candidate) => candidate.id === context.params.deploymentId);
  if (!found) throw notFound('Deployment not found');
  return [owner, found];
}

function uniqueName(name: string, exceptId?: string) {
  if (state().modelRoutes.some((other) => other.name === name && other.id !== exceptId)) {
    throw conflict(`A model route named "${name}" already exists`);
  }
}

const publicCredential = ({ secret: _secret, ...credential }: FakeCredential): ProviderCredential => ({
  ...credential,
  used_by: state()
    .modelRoutes.flatMap((r) => r.deployments)
    .filter((d) => d.credential_id === credential.id).length,
});

/** The credential's name for a deployment, after checking it is of the deployment's provider. */
function credentialName(provider: string, credentialId: string | null): string | null {
  if (credentialId === null) return null;
  const credential = state().credentials.find((candidate) => candidate.id === credentialId);
  if (!credential) throw validationError('credential_id names no stored credential');
  if (credential.provider !== provider) {
    throw validationError(`The credential is for ${credential.provider}; this deployment calls ${provider}`);
  }
  return credential.name;
}

/** The runtime's order: rank, then creation. */
function sortDeployments(owner: ModelRoute) {
  owner.deployments.sort((a, b) => a.rank - b.rank || a.created_at.localeCompare(b.created_at));
  owner.updated_at = now();
}

const listRoutes = route('get', ADMIN_MODEL_ROUTES_PATH, () => {
  adminUser();
  return json({ routes: [...state().modelRoutes].sort((a, b) => a.name.localeCompare(b.name)) });
});

const createRoute = route('post', ADMIN_MODEL_ROUTES_PATH, ({ body }) => {
  adminUser();
  const input = checked(ModelRouteCreateBody, body);
  uniqueName(input.name);
  const created: ModelRoute = {
    id: fakeDb.nextId('route'),
    description: '',
    max_retries: 1,
    backoff_ms: 200,
    cooldown_failures: 3,
    cooldown_seconds: 30,
    unsupported_params: 'drop',
    cache_enabled: false,
    cache_ttl_seconds: null,
    semantic_cache_model: null,
    semantic_cache_threshold: 0.95,
    semantic_cache_conversations: false,
    enabled: true,
    ...input,
    created_at: now(),
    updated_at: now(),
    deployments: [],
  };
  state().modelRoutes.push(created);
  return json(created, 201);
});

const updateRoute = route('put', `${ADMIN_MODEL_ROUTES_PATH}/:id`, (context) => {
  const found = findRoute(context);
  const input = checked(ModelRouteUpdateBody, context.body);
  if (input.name !== undefined) uniqueName(input.name, found.id);
  return json(Object.assign(found, input, { updated_at: now() }));
});

const deleteRoute = route('delete', `${ADMIN_MODEL_ROUTES_PATH}/:id`, (context) => {
  const found = findRoute(context);
  state().modelRoutes = state().modelRoutes.filter((candidate) => candidate !== found);
  return json({ success: true });
});

const addDeployment = route('post', `${ADMIN_MODEL_ROUTES_PATH}/:id/deployments`, (context) => {
  const owner = findRoute(context);
  const input = checked(RouteDeploymentBody, context.body);
  const credentialId = input.credential_id ?? null;
  owner.deployments.push({
    id: fakeDb.nextId('deployment'),
    rank: input.rank ?? 1,
    weight: input.weight ?? 1,
    provider: input.provider,
    model: input.model.trim(),
    credential_id: credentialId,
    credential_name: credentialName(input.provider, credentialId),
    enabled: input.enabled ?? true,
    created_at: now(),
  });
  sortDeployments(owner);
  return json(owner, 201);
});

const updateDeployment = route('put', `${ADMIN_MODEL_ROUTES_PATH}/:id/deployments/:deploymentId`, (context) => {
  const [owner, found] = findDeployment(context);
  const input = checked(RouteDeploymentUpdateBody, context.body);
  const next = { ...found, ...input };
  next.credential_name = credentialName(next.provider, next.credential_id);
  Object.assign(found, next);
  sortDeployments(owner);
  return json(owner);
});

const removeDeployment = route('delete', `${ADMIN_MODEL_ROUTES_PATH}/:id/deployments/:deploymentId`, (context) => {
  const [owner, found] = findDeployment(context);
  owner.deployments = owner.deployments.filter((candidate) => candidate !== found);
  sortDeployments(owner);
  return json(owner);
});

const listCredentials = route('get', ADMIN_CREDENTIALS_PATH, () => {
  adminUser();
  return json({ credentials: state().credentials.map(publicCredential) });
});

const createCredential = route('post', ADMIN_CREDENTIALS_PATH, ({ body }) => {
  adminUser();
  const input = checked(ProviderCredentialBody, body);
  const name = input.name.trim();
  if (state().credentials.some((other) => other.provider === input.provider && other.name === name)) {
    throw conflict(`A ${input.provider} credential named "${name}" already exists`);
  }
  const stored: FakeCredential = {
    id: credentialId(),
    provider: input.provider,
    name,
    secret: input.secret,
    secret_hint: `…${input.secret.slice(-4)}`,
    base_url: input.base_url ?? null,
    created_at: now(),
    used_by: 0,
    usage_key_hint: input.usage_key ? `…${input.usage_key.slice(-4)}` : null,
    reconciled_at: null,
    reconcile_error: null,
  };
  state().credentials.push(stored);
  return json(publicCredential(stored), 201);
});

const deleteCredential = route('delete', `${ADMIN_CREDENTIALS_PATH}/:id`, ({ params }) => {
  adminUser();
  const found = state().credentials.find((candidate) => candidate.id === params.id);
  if (!found) throw notFound('Credential not found');
  const usedBy = publicCredential(found).used_by;
  if (usedBy > 0) {
    throw conflict(`This credential is used by ${usedBy} deployment(s); remove it from them before deleting it`);
  }
  state().credentials = state().credentials.filter((candidate) => candidate !== found);
  return json({ success: true });
});

const providerHealth = route('get', ADMIN_PROVIDER_HEALTH_PATH, ({ query }) => {
  adminUser();
  const period = query.get('window') ?? 'hour';
  const known = HEALTH_WINDOWS.find((candidate) => candidate === period);
  if (!known) throw validationError(`window must be one of ${HEALTH_WINDOWS.join(', ')}`);
  return json({ window: known, deployments: state().providerHealth[known] });
});

const reconciliation = route('get', ADMIN_RECONCILIATION_PATH, ({ query }) => {
  adminUser();
  const days = Number(query.get('days') ?? 14);
  if (!Number.isInteger(days) || days < 1 || days > 90) {
    throw validationError('days must be a whole number of days from 1 to 90.');
  }
  return json({ tolerance_percent: 2, rows: state().reconciliation });
});

const runReconciliation = route('post', ADMIN_RECONCILIATION_RUN_PATH, () => {
  adminUser();
  const withKey = state().credentials.filter((credential) => credential.usage_key_hint);
  for (const credential of withKey) credential.reconciled_at = now();
  return json({ credentials: withKey.length, failed: 0, rows: state().reconciliation.length, from: '', to: '' });
});

export const routingRoutes = [
  reconciliation,
  runReconciliation,
  listRoutes,
  createRoute,
  updateRoute,
  deleteRoute,
  addDeployment,
  updateDeployment,
  removeDeployment,
  listCredentials,
  createCredential,
  deleteCredential,
  providerHealth,
];
