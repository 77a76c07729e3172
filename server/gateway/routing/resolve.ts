import type { GatewayProvider } from '../../../contract/providers';
import { resolveModel } from '../models';
import { activeTiers, type Tier, type TierIndex } from '../../credit/tiers';
import { DIRECT_POLICY, type Deployment, type ModelRoute, type RoutePolicy, type RoutingTable } from './types';

/** A deployment that can answer now, with the pricing tiers it is billed at. */
export interface Candidate {
  deployment: Deployment;
  tiers: Tier[];
}

/** Where a request for a model name can go. */
export interface ResolvedRoute {
  /** The route's name, or null for a model called by its own name. */
  routeName: string | null;
  policy: RoutePolicy;
  /** The usable deployments, in rank order (the attempt plan orders them per request). */
  route: ModelRoute;
  candidates: Map<string, Candidate>;
}

export interface Reachability {
  /** Providers with a key from the environment (or echo, when on). */
  providers: ReadonlySet<GatewayProvider>;
  routing: RoutingTable;
}

/** A deployment can be called when its credential is known (or its provider's environment key is configured). */
export function reachable(deployment: Deployment, reach: Reachability): boolean {
  if (deployment.credentialId === null) return reach.providers.has(deployment.provider);
  return reach.routing.credentials.get(deployment.credentialId)?.provider === deployment.provider;
}

/**
 * A model route by its name first (an alias, or a real model name an admin took over), else the model itself
 * (`provider/model` or a bare name, models.ts) as one deployment with the environment key. A deployment counts only
 * while it is reachable and its model has an active pricing tier: a request is never sent where it cannot be billed.
 * Null when nothing can answer.
 */
export function resolveRoute(name: string, index: TierIndex, reach: Reachability, now: number): ResolvedRoute | null {
  const configured = reach.routing.routes.get(name);
  if (configured) {
    const candidates = new Map<string, Candidate>();
    for (const deployment of configured.deployments) {
      if (!reachable(deployment, reach)) continue;
      const tiers = activeTiers(index, deployment.provider, deployment.model, now);
      if (tiers.length > 0) candidates.set(deployment.id, { deployment, tiers });
    }
    if (candidates.size === 0) return null;
    const route = { ...configured, deployments: configured.deployments.filter((d) => candidates.has(d.id)) };
    return { routeName: configured.name, policy: configured.policy, route, candidates };
  }
  const direct = resolveModel(name, index, reach.providers, now);
  if (!direct) return null;
  const deployment: Deployment = {
    id: `direct:${direct.provider}/${direct.model}`,
    provider: direct.provider,
    model: direct.model,
    credentialId: null,
    rank: 1,
    weight: 1,
  };
  return {
    routeName: null,
    policy: DIRECT_POLICY,
    route: { id: deployment.id, name, policy: DIRECT_POLICY, cache: null, semantic: null, deployments: [deployment] },
    candidates: new Map([[deployment.id, { deployment, tiers: direct.tiers }]]),
  };
}

/** Route names that can answer now, for the model list. */
export function routeNames(index: TierIndex, reach: Reachability, now: number): string[] {
  return [...reach.routing.routes.keys()].filter((name) => resolveRoute(name, index, reach, now) !== null);
}
