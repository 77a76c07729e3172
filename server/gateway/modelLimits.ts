import type { GatewayProvider } from '../../contract/providers';
import type { ModelLimits } from '../credit/holds';
import type { Tier } from '../credit/tiers';
import { PROVIDERS } from '../providers/registry';

const UNKNOWN: ModelLimits = { contextWindow: null, maxOutputTokens: null };

/**
 * A model's limits: the ones its provider documents (the `models` of its descriptor, server/providers/<name>/),
 * widened by its pricing tiers, which are the operator's word on what it takes. A tier priced for prompts beyond the
 * documented window (a long-context tier, `claude-sonnet-4`'s 1M-token beta) moves the window to the tier's
 * max_tokens, or makes it unknown when that tier has no upper bound. A model not listed has unknown limits, and the
 * gateway falls back on GATEWAY_DEFAULT_MAX_TOKENS for its output (docs/gateway.md#holding-credits).
 */
export function modelLimits(provider: GatewayProvider, model: string, tiers: readonly Tier[]): ModelLimits {
  const documented = PROVIDERS[provider].models;
  // Object.hasOwn: no model name (`constructor`, say) reaches an object's prototype.
  const known = Object.hasOwn(documented, model) ? documented[model] : UNKNOWN;
  let window = known.contextWindow;
  for (const tier of tiers) {
    if (window === null) break;
    if (tier.maxTokens !== null) window = Math.max(window, tier.maxTokens);
    else if (tier.minTokens >= window) window = null;
  }
  return { contextWindow: window, maxOutputTokens: known.maxOutputTokens };
}
