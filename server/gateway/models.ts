import { GATEWAY_PROVIDERS, type GatewayProvider } from '../../contract/providers';
import { activeTiers, type Tier, type TierIndex } from '../credit/tiers';

/** The order in which a bare model name offered by several providers is resolved. */
export const PROVIDER_ORDER = GATEWAY_PROVIDERS;
export type { GatewayProvider };

export interface Route {
  provider: GatewayProvider;
  /** The provider's own model name, as sent upstream and recorded in usage. */
  model: string;
  /** The model's active tiers when the request arrived. */
  tiers: Tier[];
}

const isProvider = (name: string): name is GatewayProvider => (PROVIDER_ORDER as readonly string[]).includes(name);

/**
 * `provider/model` (the first segment names a provider: `openrouter/meta-llama/llama-3.3-70b-instruct`) or a bare
 * model name, resolved to the first reachable provider, in PROVIDER_ORDER, with an active tier for it. A model is
 * offered only by a reachable provider (key configured, or echo enabled) and only while it has an active tier.
 */
export function resolveModel(
  name: string,
  index: TierIndex,
  reachable: ReadonlySet<GatewayProvider>,
  now: number,
): Route | null {
  const slash = name.indexOf('/');
  const prefix = slash > 0 ? name.slice(0, slash) : '';
  const candidates: [GatewayProvider, string][] = isProvider(prefix)
    ? [[prefix, name.slice(slash + 1)]]
    : PROVIDER_ORDER.map((provider) => [provider, name]);
  for (const [provider, model] of candidates) {
    if (!reachable.has(provider)) continue;
    const tiers = activeTiers(index, provider, model, now);
    if (tiers.length > 0) return { provider, model, tiers };
  }
  return null;
}

/** OpenAI's model list: every `provider/model` that resolveModel would accept right now. */
export function listModels(index: TierIndex, reachable: ReadonlySet<GatewayProvider>, now: number) {
  const data: { id: string; object: 'model'; created: number; owned_by: string }[] = [];
  for (const [id, tiers] of index) {
    const provider = tiers[0].provider;
    if (!isProvider(provider) || !reachable.has(provider)) continue;
    const active = activeTiers(index, provider, tiers[0].model, now);
    if (active.length === 0) continue;
    const created = Math.min(...active.map((tier) => tier.effectiveMs));
    data.push({ id, object: 'model', created: Math.floor(created / 1000), owned_by: provider });
  }
  data.sort((a, b) => a.id.localeCompare(b.id));
  return { object: 'list' as const, data };
}
