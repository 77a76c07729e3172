import type { ModelCatalog } from '../../../contract/schemas/models';
import { DASHBOARD_MODELS_PATH } from '../../../contract/apiPaths';
import type { Build } from '../tags';

/**
 * The models the member's team can call (docs/gateway.md#the-models-page). Prices and routes are an administrator's,
 * and which keys may call a model changes with the keys: a key created, edited or revoked here, or a price changed,
 * makes it stale (the API Keys page's "Limit too low" reads each key's cheapest model from it).
 */
export const modelEndpoints = (build: Build) => ({
  getModelCatalog: build.query<ModelCatalog, void>({
    query: () => DASHBOARD_MODELS_PATH,
    providesTags: ['ModelCatalog'],
  }),
});
