import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { currentUser } from '../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/apiKeys';
import { requireTeam } from '../services/teams';
import { ApiKey, ApiKeyCreateBody, CreatedApiKey } from '../../contract/schemas/apiKeys';
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
      const name = request.body.name.trim();
      if (!name) throw badRequest('name must be 1-100 characters');
      return reply.code(201).send(await createApiKey(db, request.membership, currentUser(request).id, name));
    },
  );

  api.delete(
    '/v1/api-keys/:id',
    {
      ...auth,
      schema: {
        params: IdParams,
        response: { 200: Success, ...errors(401, 404) },
      },
    },
    async (request) => {
      return revokeApiKey(db, requireTeam(request.membership).teamId, currentUser(request).id, request.params.id);
    },
  );
}
