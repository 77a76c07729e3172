import { randomUUID } from 'node:crypto';
import type { UpstreamReply } from '../../upstream';
import { type EchoCall, jsonReply, modelOf, openAiError } from './common';

export const ECHO_MODERATION_MODEL = 'moderation-1';

/** OpenAI's moderation categories (omni-moderation), each scored for every input. */
const CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/**
 * What the demo flags, by category: a few plain words, so a newcomer can see a moderation check act on the echo
 * provider (docs/guardrails.md#moderation) without a model. A real moderation model reads meaning, not words.
 */
const FLAGGED_WORDS: Partial<Record<(typeof CATEGORIES)[number], RegExp>> = {
  violence: /\b(kill|murder|attack)\b/i,
  hate: /\bhate\b/i,
  'illicit/violent': /\b(bomb|explosive)\b/i,
};

function result(text: string) {
  const categories = Object.fromEntries(CATEGORIES.map((name) => [name, FLAGGED_WORDS[name]?.test(text) ?? false]));
  const scores = Object.fromEntries(CATEGORIES.map((name) => [name, categories[name] ? 0.97 : 0.0001]));
  return {
    flagged: Object.values(categories).some(Boolean),
    categories,
    category_scores: scores,
    category_applied_input_types: Object.fromEntries(CATEGORIES.map((name) => [name, ['text']])),
  };
}

/** OpenAI's `input`: a string, strings, or parts (`{ type: 'text', text }`, images); the texts, or null. */
function textsOf(input: unknown): string[] | null {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input) || input.length === 0) return null;
  if (input.every((item) => typeof item === 'string')) return input;
  // Parts are one input together (OpenAI answers one result for them).
  const texts = input.map((part) => (typeof part?.text === 'string' ? part.text : ''));
  return [texts.join('\n')];
}

/** POST /moderations: a result per input, in OpenAI's shape. */
export function moderationsReply({ payload, signal }: EchoCall): UpstreamReply {
  const texts = textsOf(payload.input);
  if (!texts) {
    const message = 'input must be a string, an array of strings, or an array of content parts';
    return jsonReply(400, openAiError(message, 'invalid_request_error', null, 'input'), signal);
  }
  return jsonReply(
    200,
    { id: `modr-${randomUUID()}`, model: modelOf(payload, ECHO_MODERATION_MODEL), results: texts.map(result) },
    signal,
  );
}
