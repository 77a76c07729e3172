import type { GatewayProvider } from '../../contract/providers';
import type { ModelLimits } from '../credit/holds';
import type { Tier } from '../credit/tiers';

const UNKNOWN: ModelLimits = { contextWindow: null, maxOutputTokens: null };

const limits = (contextWindow: number, maxOutputTokens: number): ModelLimits => ({ contextWindow, maxOutputTokens });

/** By provider, then the provider's own model name (the names of the pricing tiers). */
const DOCUMENTED: Record<GatewayProvider, Record<string, ModelLimits>> = {
  anthropic: {
    'claude-opus-4': limits(200_000, 32_000),
    'claude-opus-4-1': limits(200_000, 32_000),
    'claude-sonnet-4': limits(200_000, 64_000),
    'claude-sonnet-4-5': limits(200_000, 64_000),
    'claude-haiku-4-5': limits(200_000, 64_000),
    'claude-3-7-sonnet': limits(200_000, 64_000),
    'claude-haiku-3.5': limits(200_000, 8_192),
    'claude-3-5-haiku': limits(200_000, 8_192),
  },
  openai: {
    'gpt-4o': limits(128_000, 16_384),
    'gpt-4o-mini': limits(128_000, 16_384),
    'gpt-4.1': limits(1_047_576, 32_768),
    'gpt-4.1-mini': limits(1_047_576, 32_768),
    'gpt-5': limits(400_000, 128_000),
    'gpt-5-mini': limits(400_000, 128_000),
    o3: limits(200_000, 100_000),
    'o4-mini': limits(200_000, 100_000),
  },
  google: {
    'gemini-2.5-pro': limits(1_048_576, 65_536),
    'gemini-2.5-flash': limits(1_048_576, 65_536),
    'gemini-2.0-flash': limits(1_048_576, 8_192),
  },
  openrouter: {},
  // The demo's echo models: a window and an output limit like a real chat model's, so the demo shows both rules.
  echo: {
    'echo-1': limits(200_000, 4_096),
    'unavailable-1': limits(200_000, 4_096),
    'embed-1': limits(8_192, 0),
  },
};

/** A Map, so that no model name (`constructor`, say) can reach an object's prototype. */
const KNOWN = new Map(
  Object.entries(DOCUMENTED).flatMap(([provider, models]) =>
    Object.entries(models).map(([model, known]) => [`${provider}/${model}`, known] as const),
  ),
);

/**
 * A model's limits: its documented ones, widened by its pricing tiers, which are the operator's word on what it takes.
 * A tier priced for prompts beyond the documented window (a long-context tier, `claude-sonnet-4`'s 1M-token beta)
 * moves the window to the tier's max_tokens, or makes it unknown when that tier has no upper bound.
 */
export function modelLimits(provider: GatewayProvider, model: string, tiers: readonly Tier[]): ModelLimits {
  const known = KNOWN.get(`${provider}/${model}`) ?? UNKNOWN;
  let window = known.contextWindow;
  for (const tier of tiers) {
    if (window === null) break;
    if (tier.maxTokens !== null) window = Math.max(window, tier.maxTokens);
    else if (tier.minTokens >= window) window = null;
  }
  return { contextWindow: window, maxOutputTokens: known.maxOutputTokens };
}
