import type { TokenUsage } from '../../lib/cost';
import { parseUsage } from '../replies';
import type { AnthropicUsage } from './anthropicTypes';
import type { OpenAiUsage } from './openaiTypes';

const count = (value: number | null | undefined) => (value && value > 0 ? Math.floor(value) : 0);

/**
 * Either provider's usage as the gateway bills it (`TokenUsage`, server/lib/cost.ts). The difference that matters:
 * Anthropic's `input_tokens` leaves out the cache reads and writes, OpenAI's `prompt_tokens` includes them.
 */
export function normaliseUsage(usage: OpenAiUsage | Partial<AnthropicUsage>): TokenUsage {
  if ('prompt_tokens' in usage) {
    return parseUsage(usage) ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 };
  }
  const cachedTokens = count(usage.cache_read_input_tokens);
  const cacheCreationTokens = count(usage.cache_creation_input_tokens);
  return {
    promptTokens: count(usage.input_tokens) + cachedTokens + cacheCreationTokens,
    completionTokens: count(usage.output_tokens),
    cachedTokens,
    cacheCreationTokens,
  };
}

/** Cache writes travel as `cache_write_tokens`, the field the gateway's billing already reads (server/formats/replies.ts). */
export function openAiUsageOf(usage: Partial<AnthropicUsage>): OpenAiUsage {
  const tokens = normaliseUsage(usage);
  return {
    prompt_tokens: tokens.promptTokens,
    completion_tokens: tokens.completionTokens,
    total_tokens: tokens.promptTokens + tokens.completionTokens,
    prompt_tokens_details: { cached_tokens: tokens.cachedTokens, cache_write_tokens: tokens.cacheCreationTokens },
  };
}

export function anthropicUsageOf(usage: OpenAiUsage): AnthropicUsage {
  const tokens = normaliseUsage(usage);
  return {
    input_tokens: Math.max(0, tokens.promptTokens - tokens.cachedTokens - tokens.cacheCreationTokens),
    output_tokens: tokens.completionTokens,
    cache_creation_input_tokens: tokens.cacheCreationTokens,
    cache_read_input_tokens: tokens.cachedTokens,
  };
}
