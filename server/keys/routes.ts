import type { FastifyInstance } from 'fastify';
import { CHANGES_SPENDING } from '../plugins/spendingChanges';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { auditContext } from '../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey, updateApiKey } from './apiKeys';
import { requireTeam } from '../teams/teams';
import {
  ApiKey,
  ApiKeyCreateBody,
  ApiKeyRotateBody,
  ApiKeyUpdateBody,
  CreatedApiKey,
} from '../../contract/schemas/apiKeys';
import { IdParams, Success, errors } from '../../contract/schemas/common';

export function apiKeyRoutes(app: FastifyInstance, deps: Deps) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };

  api.get(
    '/v1/api-keys/',
    { ...auth, schema: { response: { 200: Type.Array(ApiKey), ...errors(401, 404) } } },
    async (request) => {
      return listApiKeys(db, requireTeam(request.membership).teamId);
    },
  );

  api.post(
    '/v1/api-keys/',
    {
      ...auth,
      config: deps.rateLimit ? { rateLimit: deps.rateLimit } : undefined,
      schema: {
        body: ApiKeyCreateBody,
        response: { 201: CreatedApiKey, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(db, request.membership, auditContext(request), request.body);
      // This instance reads the new key's setting at once, the others at the notice (gateway/keyCaching.ts).
      if (created.cache_enabled) await request.server.gateway.changed('caching');
      return reply.code(201).send(created);
    },
  );

  api.patch(
    '/v1/api-keys/:id',
    {
      ...auth,
      config: CHANGES_SPENDING,
      schema: { params: IdParams, body: ApiKeyUpdateBody, response: { 200: ApiKey, ...errors(400, 401, 403, 404) } },
    },
    async (request) => updateApiKey(db, request.membership, auditContext(request), request.params.id, request.body),
  );

  api.post(
    '/v1/api-keys/:id/rotate',
    {
      ...auth,
      config: CHANGES_SPENDING,
      schema: {
        params: IdParams,
        body: ApiKeyRotateBody,
        response: { 200: CreatedApiKey, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      rotateApiKey(db, request.membership, auditContext(request), request.params.id, request.body.grace_seconds),
  );

  api.delete(
    '/v1/api-keys/:id',
    {
      ...auth,
      config: CHANGES_SPENDING,
      schema: {
        params: IdParams,
        response: { 200: Success, ...errors(401, 403, 404) },
      },
    },
    async (request) => revokeApiKey(db, request.membership, auditContext(request), request.params.id),
  );
}
