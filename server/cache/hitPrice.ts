/**
 * What a cache hit costs (docs/gateway.md#caching): the percent the operator set on the pricing tier (migration 23)
 * of what the stored answer cost, in whole cents, rounded half up; 0 (the default, and for a model no tier prices
 * now) makes it free. The tier is the one the answering model's prompt size falls in now, by the request's fair
 * estimate of its prompt (an identical body: the same prompt the answer was billed for).
 */
import { activeTiers, tierFor, type TierIndex } from '../credit/tiers';

export function hitPercent(
  index: TierIndex,
  answer: { provider: string; model: string },
  promptEstimate: number,
  now: number,
): number {
  const tiers = activeTiers(index, answer.provider, answer.model, now);
  return tiers.length === 0 ? 0 : tierFor(tiers, promptEstimate).cacheHitPercent;
}

/** `percent` of `costCents`, in whole cents: never more than the answer cost, never less than nothing. */
export function hitPriceCents(costCents: number, percent: number): number {
  const bounded = Math.min(Math.max(percent, 0), 100);
  return Math.floor((costCents * bounded + 50) / 100);
}
