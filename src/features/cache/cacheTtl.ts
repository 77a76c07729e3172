// How long a key's or a route's cached answers are kept, as typed in their forms (docs/gateway.md#caching): the
// contract's range, the same one the server validates with.
import { MAX_KEY_CACHE_TTL_SECONDS } from '../../../contract/rules/cacheTtl';
import { formatCount } from '../../lib/numbers';

export const CACHE_TTL_LABEL = 'Keep answers for (seconds)';
export const CACHE_TTL_HINT = "Empty for the gateway's default.";
export const CACHE_SWITCH_LABEL = 'Answer identical requests from the cache';
export const SEMANTIC_SWITCH_LABEL = 'Also answer prompts that mean the same (semantic cache)';
/** Off by default: single-turn prompts only (docs/gateway.md#semantic-cache). */
export const SEMANTIC_CONVERSATIONS_LABEL =
  'Also compare the last message of conversations whose earlier turns are identical';

/** Seconds from 1 to 30 days, null when empty (the gateway's default), or the message. */
export function parseCacheTtl(text: string): number | null | string {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_KEY_CACHE_TTL_SECONDS
    ? value
    : `Keep answers for must be a whole number from 1 to ${formatCount(MAX_KEY_CACHE_TTL_SECONDS)}, or empty for the gateway's default`;
}
