import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { Extension } from './extension';

/**
 * What the signed-in member's team can call (GET /v1/dashboard/models, docs/gateway.md#the-models-page): every model
 * with an active price and every model route the gateway can reach now, their prices per 1M tokens in dollars (as the
 * pricing tiers' fields), the doors that answer them, and which of the member's own keys may call each.
 */
export const ModelPriceTier = Type.Object({
  min_tokens: Type.Integer(),
  max_tokens: Nullable(Type.Integer()),
  prompt_cost_per_1m: Type.Number(),
  completion_cost_per_1m: Type.Number(),
  /** Null when the model has no cache price. */
  cache_read_cost_per_1m: Nullable(Type.Number()),
  cache_create_cost_per_1m: Nullable(Type.Number()),
  /** A media model's dollars per unit by unit key (contract/mediaUnits.ts, docs/media.md); absent for a text model. */
  unit_prices: Extension(Type.Record(Type.String(), Type.Number())),
});
export type ModelPriceTier = Static<typeof ModelPriceTier>;

export const CatalogModel = Type.Object({
  /** The name a client sends as `model`: `provider/model`, or a route's name. */
  id: Type.String(),
  kind: Type.Union([Type.Literal('model'), Type.Literal('route')]),
  /** The provider; null for a route (its deployments may be several). */
  provider: Nullable(Type.String()),
  /** A model's tiers by prompt size; a route's are its deployments' and are not listed. */
  tiers: Type.Array(ModelPriceTier),
  /** The doors (contract/endpoints.ts, and a media model's: contract/mediaUnits.ts) that answer it. */
  endpoints: Type.Array(Type.String()),
  supports_caching: Type.Boolean(),
  /** Whether the gateway can reach it now: its provider configured (a route: a deployment not cooling down). */
  reachable: Type.Boolean(),
  /** Ids of the member's own keys whose allow-list lets them call it (a key without one calls every model). */
  key_ids: Type.Array(Type.String()),
});
export type CatalogModel = Static<typeof CatalogModel>;

export const ModelCatalog = Type.Object({ models: Type.Array(CatalogModel) });
export type ModelCatalog = Static<typeof ModelCatalog>;
