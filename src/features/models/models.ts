import { formatUsd } from '../../../contract/decimal';
import { GATEWAY_ENDPOINTS, type EndpointName } from '../../../contract/endpoints';
import { MEDIA_ENDPOINTS, type MediaEndpoint } from '../../../contract/mediaUnits';
import type { CatalogModel, ModelPriceTier } from '../../../contract/schemas/models';

/** A price per 1M tokens as the pricing pages show it: up to four decimals ($0.075), or a dash without one. */
export const pricePer1M = (dollars: number | null) => (dollars === null ? '-' : formatUsd(dollars, 4));

/** A tier's prompt-size range: 'Any prompt', 'Up to 200,000 tokens', 'From 200,001 tokens'. */
export function tierRange(tier: ModelPriceTier, only: boolean): string {
  const count = (n: number) => n.toLocaleString('en-US');
  if (only && tier.min_tokens === 0 && tier.max_tokens === null) return 'Any prompt';
  if (tier.max_tokens === null) return `From ${count(tier.min_tokens)} tokens`;
  if (tier.min_tokens === 0) return `Up to ${count(tier.max_tokens)} tokens`;
  return `${count(tier.min_tokens)} to ${count(tier.max_tokens)} tokens`;
}

/** A door as people read it ('Chat Completions (OpenAI)', 'Images (OpenAI)'); a name it does not know, as it is. */
export const endpointLabel = (endpoint: string) =>
  endpoint in GATEWAY_ENDPOINTS
    ? GATEWAY_ENDPOINTS[endpoint as EndpointName].label
    : endpoint in MEDIA_ENDPOINTS
      ? MEDIA_ENDPOINTS[endpoint as MediaEndpoint].label
      : endpoint;

/** The models whose id or provider holds the search, case aside. */
export function searchModels(models: readonly CatalogModel[], search: string): CatalogModel[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...models];
  return models.filter((model) => `${model.id} ${model.provider ?? ''}`.toLowerCase().includes(text));
}

/**
 * Which of the user's keys may call a model. A model whose provider is not set up is refused for every key, so the
 * card says that instead of naming keys that would only get a 404 (docs/gateway.md#refusals).
 */
export function keysText(reachable: boolean, keys: readonly string[]): string {
  if (!reachable) {
    return 'No key can call it yet: its provider is not set up on this gateway (an administrator adds its key).';
  }
  return keys.length > 0 ? `Your keys that may call it: ${keys.join(', ')}` : 'None of your keys may call it.';
}
