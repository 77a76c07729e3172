import type { TokenUsage } from '../../lib/cost';
import { mergeCounts } from '../mergeCounts';
import { parseUsage } from '../replies';
import type { GeminiUsageMetadata } from './geminiTypes';
import type { OpenAiUsage } from './openaiTypes';

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

const COUNTS = [
  'promptTokenCount',
  'candidatesTokenCount',
  'thoughtsTokenCount',
  'cachedContentTokenCount',
  'toolUsePromptTokenCount',
  'totalTokenCount',
] as const;

/**
 * Gemini's counts as OpenAI's usage, the form the gateway bills (replies.ts parseUsage): the input is the prompt and
 * what Google's tools fed back (`toolUsePromptTokenCount`, counted apart from the prompt and billed as input), the
 * cached part of it is `cachedContentTokenCount`, and the output is the answer and the thinking
 * (`thoughtsTokenCount`: Google charges thinking as output). Null when no count was reported at all.
 */
export function openAiUsageOfGemini(metadata: GeminiUsageMetadata | null | undefined): OpenAiUsage | null {
  if (!metadata || !COUNTS.some((field) => typeof metadata[field] === 'number')) return null;
  const prompt = count(metadata.promptTokenCount) + count(metadata.toolUsePromptTokenCount);
  const completion = count(metadata.candidatesTokenCount) + count(metadata.thoughtsTokenCount);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: Math.max(count(metadata.totalTokenCount), prompt + completion),
    prompt_tokens_details: { cached_tokens: count(metadata.cachedContentTokenCount) },
  };
}

/** Gemini's counts as the gateway bills them; null when none was reported. */
export const geminiTokenUsage = (metadata: GeminiUsageMetadata | null | undefined): TokenUsage | null =>
  parseUsage(openAiUsageOfGemini(metadata));

/** Every usageMetadata of a stream so far, merged: a later count replaces an earlier one, a later null never does. */
export const usageMetadataAfter = (earlier: GeminiUsageMetadata | null, later: unknown): GeminiUsageMetadata | null =>
  typeof later === 'object' && later !== null ? mergeCounts(earlier, later as GeminiUsageMetadata) : earlier;

/** What the gateway bills, as Gemini reports it to a client of the Gemini door (the output as candidates). */
export function geminiUsageOf(usage: TokenUsage): GeminiUsageMetadata {
  return {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: usage.completionTokens,
    totalTokenCount: usage.promptTokens + usage.completionTokens,
    ...(usage.cachedTokens > 0 && { cachedContentTokenCount: usage.cachedTokens }),
  };
}
