// GET /v1/dashboard/models: the models the signed-in member's team can call (docs/gateway.md#the-models-page), from
// the fake's active pricing tiers and model routes, with the member's keys whose allow-list lets them call each.
import { DASHBOARD_MODELS_PATH } from '../../../contract/apiPaths';
import { ENDPOINT_NAMES } from '../../../contract/endpoints';
import type { CatalogModel } from '../../../contract/schemas/models';
import { fakeDb } from '../fakeBackend';
import { isTierActive } from '../fakeBackend/views';
import { json, ownTeam, route } from './http';

/** Providers the fake's gateway has a key for; the others' models are listed as not reachable. */
const CONFIGURED = new Set(['openai', 'anthropic', 'echo']);
const EVERY_DOOR = ['chat.completions', 'messages', 'generateContent'];

export const modelRoutes = [
  route('get', DASHBOARD_MODELS_PATH, () => {
    const { user, team } = ownTeam();
    const now = fakeDb.now();
    const keys = fakeDb.state.apiKeys.filter((k) => k.team_id === team.id && k.user_id === user.id && k.is_active);
    const mayCall = (id: string) =>
      keys
        .filter((k) => k.allowed_models.length === 0 || k.allowed_models.some((m) => m === id || id.endsWith(`/${m}`)))
        .map((k) => k.id);
    const byModel = new Map<string, CatalogModel>();
    for (const tier of fakeDb.state.pricing.filter((t) => isTierActive(t, now))) {
      const id = `${tier.provider}/${tier.model}`;
      const model = byModel.get(id) ?? {
        id,
        kind: 'model' as const,
        provider: tier.provider,
        tiers: [],
        endpoints: tier.provider === 'openai' ? [...ENDPOINT_NAMES] : EVERY_DOOR,
        supports_caching: false,
        reachable: CONFIGURED.has(tier.provider),
        key_ids: mayCall(id),
      };
      model.tiers.push({
        min_tokens: tier.min_tokens,
        max_tokens: tier.max_tokens,
        prompt_cost_per_1m: tier.prompt_cost_per_1m,
        completion_cost_per_1m: tier.completion_cost_per_1m,
        cache_read_cost_per_1m: tier.cache_read_cost_per_1m,
        cache_create_cost_per_1m: tier.cache_create_cost_per_1m,
      });
      model.supports_caching ||= tier.supports_caching;
      byModel.set(id, model);
    }
    const routes: CatalogModel[] = fakeDb.state.modelRoutes
      .filter((r) => r.enabled)
      .map((r) => ({
        id: r.name,
        kind: 'route',
        provider: null,
        tiers: [],
        endpoints: EVERY_DOOR,
        supports_caching: false,
        reachable: true,
        key_ids: mayCall(r.name),
      }));
    const models = [...byModel.values()].sort((a, b) => a.id.localeCompare(b.id));
    for (const model of models) model.tiers.sort((a, b) => a.min_tokens - b.min_tokens);
    return json({ models: [...models, ...routes] });
  }),
];
