import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { modelCatalog, type KeyAllowList } from '../gateway/modelCatalog';
import { currentUser } from '../plugins/auth';
import { errors } from '../../contract/schemas/common';
import { ModelCatalog } from '../../contract/schemas/models';
import { DASHBOARD_MODELS_PATH } from '../../contract/apiPaths';

/**
 * The models page (docs/gateway.md#the-models-page): what the gateway offers and what it costs, with the signed-in
 * member's keys that may call each. Someone without a team (an administrator, a new user) sees the same list, with no
 * keys: the prices are not a team's secret, and the page must not answer them with "create a team".
 */
export function dashboardModelRoutes(app: FastifyInstance, { db, guards, gateway }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    DASHBOARD_MODELS_PATH,
    { onRequest: guards.authenticate, schema: { response: { 200: ModelCatalog, ...errors(401) } } },
    async (request) => {
      const teamId = request.membership?.teamId ?? null;
      const [listing, keys] = await Promise.all([
        gateway.catalog.listing(),
        teamId === null
          ? Promise.resolve([])
          : db.query<KeyAllowList>(
              `SELECT id, allowed_models FROM api_keys
               WHERE team_id = $1 AND user_id = $2 AND is_active AND deleted_at IS NULL ORDER BY created_at`,
              [teamId, currentUser(request).id],
            ),
      ]);
      return { models: modelCatalog(listing.index, listing.providers, listing.routes, keys, Date.now()) };
    },
  );
}
