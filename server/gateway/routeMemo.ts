import type { TierIndex } from '../credit/tiers';

/**
 * Where each model name resolved, kept while the pricing index and the routing table it was resolved from are the
 * ones in memory and no tier has turned on or off since: resolving is the same work for every request of a model
 * (a lookup per provider, a filter of its tiers, a map of candidates), and a request then makes none of it.
 * docs/gateway.md › Performance, "What a request no longer repeats".
 */

/** Model names kept at most: names are those of routes and priced models, so this bound is only a backstop. */
const MAX_NAMES = 1_000;

/**
 * The span around `now` in which no tier of the index turns on or off: every tier is active (effective at or before,
 * not expired at or before) for all of it or for none, so activeTiers answers the same anywhere in it.
 */
export function steadySpan(index: TierIndex, now: number): { since: number; until: number } {
  let since = -Infinity;
  let until = Infinity;
  const edge = (at: number | null) => {
    if (at === null) return;
    if (at <= now) since = Math.max(since, at);
    else until = Math.min(until, at);
  };
  for (const tiers of index.values()) {
    for (const tier of tiers) {
      edge(tier.effectiveMs);
      edge(tier.expiryMs);
    }
  }
  return { since, until };
}

export function createRouteMemo<Routed>() {
  let index: TierIndex | null = null;
  let table: object | null = null;
  let span = { since: 0, until: 0 };
  const routes = new Map<string, Routed>();

  return {
    /** The memo's answer for `model` under these tables at `now`, else `resolve()`'s, kept when it found a route. */
    resolve(model: string, tiers: TierIndex, routing: object, now: number, resolve: () => Routed | null) {
      if (tiers !== index || routing !== table || now < span.since || now >= span.until) {
        routes.clear();
        index = tiers;
        table = routing;
        span = steadySpan(tiers, now);
      }
      const kept = routes.get(model);
      if (kept !== undefined) return kept;
      const resolved = resolve();
      // An unknown name is not kept: any client can send any number of them.
      if (resolved === null) return null;
      if (routes.size >= MAX_NAMES) routes.clear();
      routes.set(model, resolved);
      return resolved;
    },
  };
}

/**
 * A value computed once per route object and key (the deployments that offer an endpoint, and how each is priced):
 * the memo above hands every request of a model the same route object, so it is computed once per model and endpoint
 * until the tables change. Kept beside the object, and dropped with it.
 */
export function perRoute<Route extends object, Key, Value>(compute: (route: Route, key: Key) => Value) {
  const computed = new WeakMap<Route, Map<Key, Value>>();
  return (route: Route, key: Key): Value => {
    let byKey = computed.get(route);
    if (!byKey) computed.set(route, (byKey = new Map()));
    if (byKey.has(key)) return byKey.get(key) as Value;
    const value = compute(route, key);
    byKey.set(key, value);
    return value;
  };
}
