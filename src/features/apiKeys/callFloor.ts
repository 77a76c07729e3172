// Whether a key's limit can pay for the calls it will be sent (issue 38, trap 1): a call without max_tokens holds at
// least MIN_OUTPUT_TOKENS of output at its model's price (docs/gateway.md#holding-credits), so a key with less than
// that left refuses every such call while it still reads "Active".
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import type { CatalogModel } from '../../../contract/schemas/models';
import { MIN_OUTPUT_TOKENS } from '../../../contract/outputCap';
import { formatCents } from '../../../contract/money';

/** The doors whose answers are output tokens (embeddings answer none, and hold only their prompt). */
const ANSWERING_DOORS = new Set(['chat.completions', 'messages', 'responses', 'generateContent']);

/**
 * The least a call without an output cap holds on the cheapest model the key may call: MIN_OUTPUT_TOKENS at the
 * completion price of its first tier, in whole cents rounded up (its prompt comes on top). Null when the key may call
 * no priced model that answers (routes are priced by their deployments, which the catalog does not list).
 */
export function leastUncappedCallCents(models: readonly CatalogModel[], keyId: string): number | null {
  let least: number | null = null;
  for (const model of models) {
    const [tier] = model.tiers;
    if (model.kind !== 'model' || !model.reachable || !tier || !model.key_ids.includes(keyId)) continue;
    if (!model.endpoints.some((door) => ANSWERING_DOORS.has(door))) continue;
    // Dollars per 1M tokens to cents: × 100 / 1,000,000; fixed to 6 places first so float noise never rounds up.
    const cents = Math.ceil(Number(((MIN_OUTPUT_TOKENS * tier.completion_cost_per_1m) / 10_000).toFixed(6)));
    least = least === null ? cents : Math.min(least, cents);
  }
  return least;
}

export interface LimitTooLow {
  /** What is left of the key's limit this period. */
  leftCents: number;
  floorCents: number;
}

/**
 * A key whose limit has something left, but less than a call without max_tokens holds; null otherwise (no limit, a
 * limit already reached, which the status says, or no floor known).
 */
export function limitTooLow(
  key: Pick<ApiKey, 'spend_limit_cents' | 'period_spend_cents'>,
  floorCents: number | null,
): LimitTooLow | null {
  if (key.spend_limit_cents == null || floorCents === null) return null;
  const leftCents = key.spend_limit_cents - (key.period_spend_cents ?? 0);
  return leftCents > 0 && leftCents < floorCents ? { leftCents, floorCents } : null;
}

/** 'Calls without max_tokens hold at least $0.26; $0.04 is left. Set max_tokens, or raise the limit.' */
export const limitTooLowText = ({ leftCents, floorCents }: LimitTooLow) =>
  `Calls without max_tokens hold at least ${formatCents(floorCents)}; ${formatCents(leftCents)} is left. ` +
  'Set max_tokens, or raise the limit.';
