import { activeTiers, type TierIndex } from '../credit/tiers';
import { microsToDollars, nullableMicrosToDollars } from '../lib/money';
import { GATEWAY_PROVIDERS, type GatewayProvider } from '../../contract/providers';
import { ENDPOINT_NAMES } from '../../contract/endpoints';
import type { CatalogModel } from '../../contract/schemas/models';
import { mediaDoorsOf, modelOffers } from '../providers/registry';

/** A key of the member's, as the models page needs it: its id and its allow-list (empty: every model). */
export interface KeyAllowList {
  id: string;
  allowed_models: string[];
}

const isProvider = (name: string): name is GatewayProvider => (GATEWAY_PROVIDERS as readonly string[]).includes(name);

/** Whether an allow-list lets a key call a model: it names the model, or the model without its provider. */
const mayCall = (key: KeyAllowList, id: string) =>
  key.allowed_models.length === 0 ||
  key.allowed_models.includes(id) ||
  key.allowed_models.includes(id.slice(id.indexOf('/') + 1));

/**
 * The members' models page (docs/gateway.md#the-models-page): every `provider/model` with an active tier (reachable
 * when its provider is configured now), then every route the gateway can reach, each with the doors that answer it
 * and the member's keys that may call it. Pure: the catalog's caches feed it.
 */
export function modelCatalog(
  index: TierIndex,
  reachable: ReadonlySet<GatewayProvider>,
  routes: readonly string[],
  keys: readonly KeyAllowList[],
  now: number,
): CatalogModel[] {
  const models: CatalogModel[] = [];
  for (const [id, all] of index) {
    const { provider, model } = all[0];
    if (!isProvider(provider) || (provider === 'echo' && !reachable.has(provider))) continue;
    const tiers = activeTiers(index, provider, model, now);
    if (tiers.length === 0) continue;
    models.push({
      id,
      kind: 'model',
      provider,
      tiers: tiers.map((tier) => ({
        min_tokens: tier.minTokens,
        max_tokens: tier.maxTokens,
        prompt_cost_per_1m: microsToDollars(tier.promptMicros),
        completion_cost_per_1m: microsToDollars(tier.completionMicros),
        cache_read_cost_per_1m: nullableMicrosToDollars(tier.cacheReadMicros),
        cache_create_cost_per_1m: nullableMicrosToDollars(tier.cacheCreateMicros),
        ...(Object.keys(tier.unitPrices ?? {}).length > 0 && {
          unit_prices: Object.fromEntries(
            Object.entries(tier.unitPrices ?? {}).map(([unit, micros]) => [unit, microsToDollars(micros)]),
          ),
        }),
      })),
      endpoints: [
        ...ENDPOINT_NAMES.filter((endpoint) => modelOffers(provider, model, endpoint)),
        ...mediaDoorsOf(provider, model),
      ],
      supports_caching: tiers.some((tier) => tier.cacheReadMicros !== null || tier.cacheCreateMicros !== null),
      reachable: reachable.has(provider),
      key_ids: keys.filter((key) => mayCall(key, id)).map((key) => key.id),
    });
  }
  models.sort((a, b) => a.id.localeCompare(b.id));
  for (const id of [...routes].sort()) {
    models.push({
      id,
      kind: 'route',
      provider: null,
      tiers: [],
      endpoints: ['chat.completions', 'messages', 'generateContent'],
      supports_caching: false,
      reachable: true,
      key_ids: keys.filter((key) => mayCall(key, id)).map((key) => key.id),
    });
  }
  return models;
}
