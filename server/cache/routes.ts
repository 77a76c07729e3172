import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { auditContext } from '../plugins/auth';
import { purgeKeyCache, purgeTeamCache } from './purge';
import { CachePurged } from '../../contract/schemas/apiKeys';
import { IdParams, errors } from '../../contract/schemas/common';

/**
 * The response cache's purges (docs/gateway.md#caching): a key's answers, by its creator or the team owner; the
 * team's, by the owner. The gateway's next identical request is then a miss.
 */
export function cacheRoutes(app: FastifyInstance, deps: Deps) {
  const { db, guards, gateway } = deps;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };

  api.delete(
    '/v1/api-keys/:id/cache',
    { ...auth, schema: { params: IdParams, response: { 200: CachePurged, ...errors(401, 403, 404, 503) } } },
    async (request) => purgeKeyCache(db, gateway.cache, request.membership, auditContext(request), request.params.id),
  );

  api.delete(
    '/v1/teams/cache',
    { ...auth, schema: { response: { 200: CachePurged, ...errors(401, 403, 404, 503) } } },
    async (request) => purgeTeamCache(db, gateway.cache, request.membership, auditContext(request)),
  );
}
