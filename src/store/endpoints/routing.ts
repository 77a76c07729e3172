import {
  ADMIN_CREDENTIALS_PATH,
  ADMIN_MODEL_ROUTES_PATH,
  ADMIN_PROVIDER_HEALTH_PATH,
  ADMIN_RECONCILIATION_PATH,
  ADMIN_RECONCILIATION_RUN_PATH,
  adminCredentialPath,
  adminCredentialUsageKeyPath,
  adminDeploymentPath,
  adminDeploymentsPath,
  adminModelRoutePath,
} from '../../../contract/apiPaths';
import type { Success } from '../../../contract/schemas/common';
import type {
  HealthWindow,
  ModelRoute,
  ModelRouteCreateBody,
  ModelRouteList,
  ModelRouteUpdateBody,
  ProviderCredential,
  ProviderCredentialBody,
  ProviderCredentialList,
  ProviderHealth,
  Reconciliation,
  ReconciliationRun,
  RouteDeploymentBody,
  RouteDeploymentUpdateBody,
} from '../../../contract/schemas/routing';
import { listTags, type Tag } from '../tags';
import type { Build } from '../tags';

/** A deployment change alters its route's row, the credentials' "used by" counts and the health rows' labels. */
const deploymentChanged = (routeId: string): Tag[] => [
  { type: 'ModelRoute', id: routeId },
  { type: 'ProviderCredential', id: 'LIST' },
  'ProviderHealth',
];

export const routingEndpoints = (build: Build) => ({
  getModelRoutes: build.query<ModelRoute[], void>({
    query: () => ADMIN_MODEL_ROUTES_PATH,
    transformResponse: (reply: ModelRouteList) => reply.routes,
    providesTags: (routes) => listTags('ModelRoute', routes, (route) => route.id),
  }),
  createModelRoute: build.mutation<ModelRoute, ModelRouteCreateBody>({
    query: (body) => ({ url: ADMIN_MODEL_ROUTES_PATH, method: 'POST', body }),
    invalidatesTags: [{ type: 'ModelRoute', id: 'LIST' }],
  }),
  updateModelRoute: build.mutation<ModelRoute, { id: string; changes: ModelRouteUpdateBody }>({
    query: ({ id, changes }) => ({ url: adminModelRoutePath(id), method: 'PUT', body: changes }),
    // A rename moves the row in the name-ordered list and relabels its health rows.
    invalidatesTags: (_route, _error, { id }) => [
      { type: 'ModelRoute', id },
      { type: 'ModelRoute', id: 'LIST' },
      'ProviderHealth',
    ],
  }),
  deleteModelRoute: build.mutation<Success, string>({
    query: (id) => ({ url: adminModelRoutePath(id), method: 'DELETE' }),
    // Its deployments go with it: credentials' counts and health labels change.
    invalidatesTags: (_reply, _error, id) => [...deploymentChanged(id), { type: 'ModelRoute', id: 'LIST' }],
  }),
  addDeployment: build.mutation<ModelRoute, { routeId: string; deployment: RouteDeploymentBody }>({
    query: ({ routeId, deployment }) => ({ url: adminDeploymentsPath(routeId), method: 'POST', body: deployment }),
    invalidatesTags: (_route, _error, { routeId }) => deploymentChanged(routeId),
  }),
  updateDeployment: build.mutation<
    ModelRoute,
    { routeId: string; deploymentId: string; changes: RouteDeploymentUpdateBody }
  >({
    query: ({ routeId, deploymentId, changes }) => ({
      url: adminDeploymentPath(routeId, deploymentId),
      method: 'PUT',
      body: changes,
    }),
    invalidatesTags: (_route, _error, { routeId }) => deploymentChanged(routeId),
  }),
  removeDeployment: build.mutation<ModelRoute, { routeId: string; deploymentId: string }>({
    query: ({ routeId, deploymentId }) => ({ url: adminDeploymentPath(routeId, deploymentId), method: 'DELETE' }),
    invalidatesTags: (_route, _error, { routeId }) => deploymentChanged(routeId),
  }),
  getProviderCredentials: build.query<ProviderCredential[], void>({
    query: () => ADMIN_CREDENTIALS_PATH,
    transformResponse: (reply: ProviderCredentialList) => reply.credentials,
    providesTags: (credentials) => listTags('ProviderCredential', credentials, (credential) => credential.id),
  }),
  createProviderCredential: build.mutation<ProviderCredential, ProviderCredentialBody>({
    query: (body) => ({ url: ADMIN_CREDENTIALS_PATH, method: 'POST', body }),
    invalidatesTags: [{ type: 'ProviderCredential', id: 'LIST' }],
  }),
  deleteProviderCredential: build.mutation<Success, string>({
    query: (id) => ({ url: adminCredentialPath(id), method: 'DELETE' }),
    invalidatesTags: (_reply, _error, id) => [
      { type: 'ProviderCredential', id },
      { type: 'ProviderCredential', id: 'LIST' },
    ],
  }),
  setUsageKey: build.mutation<ProviderCredential, { id: string; usageKey: string | null }>({
    query: ({ id, usageKey }) => ({
      url: adminCredentialUsageKeyPath(id),
      method: 'PUT',
      body: { usage_key: usageKey },
    }),
    invalidatesTags: (_reply, _error, { id }) => [{ type: 'ProviderCredential', id }],
  }),
  /** The last `days` days of every credential's reconciliation against its provider's report. */
  getReconciliation: build.query<Reconciliation, number>({
    query: (days) => ({ url: ADMIN_RECONCILIATION_PATH, params: { days } }),
    providesTags: ['Reconciliation'],
  }),
  runReconciliation: build.mutation<ReconciliationRun, void>({
    query: () => ({ url: ADMIN_RECONCILIATION_RUN_PATH, method: 'POST' }),
    invalidatesTags: ['Reconciliation', { type: 'ProviderCredential', id: 'LIST' }],
  }),
  getProviderHealth: build.query<ProviderHealth, HealthWindow>({
    query: (window) => ({ url: ADMIN_PROVIDER_HEALTH_PATH, params: { window } }),
    providesTags: ['ProviderHealth'],
  }),
});
