import { batchTiers } from '../credit/tiers';
import type { ResolvedRoute } from '../gateway/routing/resolve';

/**
 * A route as a batch's lines see it: every deployment at its tiers' batch price (docs/batches.md#price), so a line is
 * held, capped and billed by the one pipeline a request takes, only cheaper.
 */
export function atBatchPrices<Route extends ResolvedRoute>(resolved: Route): Route {
  const candidates = new Map(
    [...resolved.candidates].map(([id, candidate]) => [id, { ...candidate, tiers: batchTiers(candidate.tiers) }]),
  );
  return { ...resolved, candidates };
}
