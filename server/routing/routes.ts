import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditContext } from '../audit/audit';
import type { Queryable } from '../db/types';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { createSecretBox } from '../lib/secretBox';
import { auditContext } from '../plugins/auth';
import { providerHealth } from './providerHealth';
import {
  addDeployment,
  createCredential,
  createRoute,
  deleteCredential,
  deleteRoute,
  listCredentials,
  listRoutes,
  removeDeployment,
  setUsageKey,
  updateDeployment,
  updateRoute,
} from './routingAdmin';
import { IdParams, Success, errors } from '../../contract/schemas/common';
import {
  ADMIN_CREDENTIALS_PATH,
  ADMIN_MODEL_ROUTES_PATH,
  ADMIN_PROVIDER_HEALTH_PATH,
  ADMIN_RECONCILIATION_PATH,
  ADMIN_RECONCILIATION_RUN_PATH,
} from '../../contract/apiPaths';
import { DAYS_READ_NOW, reconcileNow } from '../reconciliation/job';
import { listReconciliation } from '../reconciliation/report';
import { conflict } from '../lib/errors';
import {
  DeploymentParams,
  ModelRoute,
  ModelRouteCreateBody,
  ModelRouteList,
  ModelRouteUpdateBody,
  ProviderCredential,
  ProviderCredentialBody,
  ProviderCredentialList,
  ProviderHealth,
  ProviderHealthQuery,
  Reconciliation,
  ReconciliationQuery,
  ReconciliationRun,
  UsageKeyBody,
  RouteDeploymentBody,
  RouteDeploymentUpdateBody,
} from '../../contract/schemas/routing';

/**
 * Model routes, deployments, provider credentials and provider health; every route requires is_admin. Each change
 * makes every instance's gateway drop its cached routing table (docs/gateway.md#model-routes-and-credentials-admin).
 */
export function adminRoutingRoutes(app: FastifyInstance, { db, guards, gateway, config }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const admin = { onRequest: guards.requireAdmin };
  const box = config.gateway.credentialsKey ? createSecretBox(config.gateway.credentialsKey) : null;
  /** An administrator's change, in one transaction with its audit entry; then every instance reloads routing. */
  const changed = async <T>(request: FastifyRequest, work: (q: Queryable, who: AuditContext) => Promise<T>) => {
    const who = auditContext(request, { admin: true });
    const result = await db.tx((q) => work(q, who));
    await gateway.changed('routing');
    return result;
  };
  const routePath = `${ADMIN_MODEL_ROUTES_PATH}/:id`;
  const deploymentPath = `${routePath}/deployments/:deploymentId`;

  api.get(
    ADMIN_CREDENTIALS_PATH,
    { ...admin, schema: { response: { 200: ProviderCredentialList, ...errors(401, 403) } } },
    async () => listCredentials(db),
  );

  api.post(
    ADMIN_CREDENTIALS_PATH,
    {
      ...admin,
      schema: { body: ProviderCredentialBody, response: { 201: ProviderCredential, ...errors(400, 401, 403, 409) } },
    },
    async (request, reply) =>
      reply.code(201).send(await changed(request, (q, who) => createCredential(q, who, box, request.body))),
  );

  api.put(
    `${ADMIN_CREDENTIALS_PATH}/:id/usage-key`,
    {
      ...admin,
      schema: {
        params: IdParams,
        body: UsageKeyBody,
        response: { 200: ProviderCredential, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      changed(request, (q, who) => setUsageKey(q, box, who, request.params.id, request.body.usage_key)),
  );

  api.get(
    ADMIN_RECONCILIATION_PATH,
    {
      ...admin,
      schema: { querystring: ReconciliationQuery, response: { 200: Reconciliation, ...errors(400, 401, 403) } },
    },
    async (request) => listReconciliation(db, request.query.days ?? 14, config.reconciliation.tolerancePercent),
  );

  api.post(
    ADMIN_RECONCILIATION_RUN_PATH,
    { ...admin, schema: { response: { 200: ReconciliationRun, ...errors(401, 403, 409) } } },
    async () => {
      if (!box) throw conflict('Set GATEWAY_CREDENTIALS_KEY to store provider credentials and their usage keys');
      const outcome = await reconcileNow(db, box, config, DAYS_READ_NOW);
      if (!outcome) throw conflict('A reconciliation is already running; its results show here when it ends');
      return outcome;
    },
  );

  api.delete(
    `${ADMIN_CREDENTIALS_PATH}/:id`,
    { ...admin, schema: { params: IdParams, response: { 200: Success, ...errors(401, 403, 404, 409) } } },
    async (request) => changed(request, (q, who) => deleteCredential(q, who, request.params.id)),
  );

  api.get(
    ADMIN_MODEL_ROUTES_PATH,
    { ...admin, schema: { response: { 200: ModelRouteList, ...errors(401, 403) } } },
    async () => listRoutes(db),
  );

  api.post(
    ADMIN_MODEL_ROUTES_PATH,
    {
      ...admin,
      schema: { body: ModelRouteCreateBody, response: { 201: ModelRoute, ...errors(400, 401, 403, 409) } },
    },
    async (request, reply) =>
      reply.code(201).send(await changed(request, (q, who) => createRoute(q, who, request.body))),
  );

  api.put(
    routePath,
    {
      ...admin,
      schema: {
        params: IdParams,
        body: ModelRouteUpdateBody,
        response: { 200: ModelRoute, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changed(request, (q, who) => updateRoute(q, who, request.params.id, request.body)),
  );

  api.delete(
    routePath,
    { ...admin, schema: { params: IdParams, response: { 200: Success, ...errors(401, 403, 404) } } },
    async (request) => changed(request, (q, who) => deleteRoute(q, who, request.params.id)),
  );

  api.post(
    `${routePath}/deployments`,
    {
      ...admin,
      schema: {
        params: IdParams,
        body: RouteDeploymentBody,
        response: { 201: ModelRoute, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await changed(request, (q, who) => addDeployment(q, who, request.params.id, request.body))),
  );

  api.put(
    deploymentPath,
    {
      ...admin,
      schema: {
        params: DeploymentParams,
        body: RouteDeploymentUpdateBody,
        response: { 200: ModelRoute, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changed(request, (q, who) =>
        updateDeployment(q, who, request.params.id, request.params.deploymentId, request.body),
      ),
  );

  api.delete(
    deploymentPath,
    { ...admin, schema: { params: DeploymentParams, response: { 200: ModelRoute, ...errors(401, 403, 404) } } },
    async (request) =>
      changed(request, (q, who) => removeDeployment(q, who, request.params.id, request.params.deploymentId)),
  );

  api.get(
    ADMIN_PROVIDER_HEALTH_PATH,
    {
      ...admin,
      schema: { querystring: ProviderHealthQuery, response: { 200: ProviderHealth, ...errors(400, 401, 403) } },
    },
    async (request) => {
      const window = request.query.window ?? 'hour';
      const cooling = new Map(gateway.cooldowns.snapshot().map((health) => [health.id, health.coolingUntil]));
      return { window, deployments: await providerHealth(db, window, (id) => cooling.get(id) ?? null) };
    },
  );
}
