import type { Deployment, ModelRoute, RoutePolicy } from './types';

/**
 * The rules of a route's policy (docs/gateway.md#model-routes), pure: which deployment to try first, how long to
 * wait before a retry, which failures are worth a retry, and which deployments rest after failing in a row.
 */

/**
 * The order to try a route's deployments: lower ranks first; within a rank, a weighted random order, so the load is
 * shared by weight; deployments cooling down last (in the order they had), never dropped, so that a request still has
 * somewhere to go when every deployment is cooling down.
 */
export function attemptPlan(
  route: ModelRoute,
  isCooling: (deploymentId: string) => boolean,
  random: () => number,
): Deployment[] {
  // One deployment (a model called by its own name, or a route of one): nothing to order, and nothing to allocate.
  if (route.deployments.length === 1) return route.deployments;
  const ranks = [...new Set(route.deployments.map((deployment) => deployment.rank))].sort((a, b) => a - b);
  const ordered = ranks.flatMap((rank) =>
    weightedShuffle(
      route.deployments.filter((deployment) => deployment.rank === rank),
      random,
    ),
  );
  const cooling = ordered.filter((deployment) => isCooling(deployment.id));
  return [...ordered.filter((deployment) => !cooling.includes(deployment)), ...cooling];
}

/**
 * Picks by weight without replacement: each place goes to one of the deployments left, with a chance proportional to
 * its weight. Deployments of weight 0 (or less) come after the others, in their given order.
 */
function weightedShuffle(deployments: Deployment[], random: () => number): Deployment[] {
  const left = deployments.filter((deployment) => deployment.weight > 0);
  const order: Deployment[] = [];
  while (left.length > 0) {
    const total = left.reduce((sum, deployment) => sum + deployment.weight, 0);
    let ticket = random() * total;
    // The last one takes what rounding leaves over, so a ticket just under the total still picks someone.
    let index = left.length - 1;
    for (let i = 0; i < left.length; i++) {
      ticket -= left[i].weight;
      if (ticket < 0) {
        index = i;
        break;
      }
    }
    order.push(...left.splice(index, 1));
  }
  return [...order, ...deployments.filter((deployment) => deployment.weight <= 0)];
}

/** The longest wait between two tries, whatever the policy says. */
export const MAX_BACKOFF_MS = 10_000;

/**
 * The wait before retry number `retry` (counting from 1): exponential with full jitter, a random time between 0 and
 * `backoffMs * 2^(retry - 1)` (at most MAX_BACKOFF_MS), so that clients failing together do not retry together.
 */
export function backoffMs(policy: RoutePolicy, retry: number, random: () => number): number {
  if (policy.backoffMs <= 0) return 0;
  const ceiling = Math.min(MAX_BACKOFF_MS, policy.backoffMs * 2 ** (Math.max(1, retry) - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Provider statuses that may go away on another try: timeouts (408), too early (425), rate limits (429), server
 * errors and overloads (500, 502, 503, 504, Anthropic's 529). The others (400, 401, 403, 404, 413, 422, …) are the
 * request's or the credential's fault and would fail again.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504, 529]);

export type AttemptOutcome = { kind: 'status'; status: number } | { kind: 'timeout' } | { kind: 'network' };

export function isRetryable(outcome: AttemptOutcome): boolean {
  return outcome.kind !== 'status' || RETRYABLE_STATUSES.has(outcome.status);
}

export interface DeploymentHealth {
  id: string;
  consecutiveFailures: number;
  /** Epoch milliseconds; null when the deployment is not cooling down. */
  coolingUntil: number | null;
}

interface Health {
  consecutiveFailures: number;
  coolingUntil: number | null;
}

/**
 * A circuit breaker per deployment. `policy.cooldownFailures` failures in a row and the deployment cools down for
 * `policy.cooldownSeconds` (attemptPlan puts it last). When the cooldown ends it is tried again, half-open: one more
 * failure and it cools down again at once; a success closes the circuit. A policy with `cooldownFailures` below 1
 * never cools a deployment down.
 */
export class Cooldowns {
  private readonly health = new Map<string, Health>();

  constructor(private readonly now: () => number = Date.now) {}

  failed(deploymentId: string, policy: RoutePolicy): void {
    const health = this.health.get(deploymentId) ?? { consecutiveFailures: 0, coolingUntil: null };
    health.consecutiveFailures++;
    // A deployment that has cooled down once (coolingUntil set) is half-open or still cooling: one failure re-arms.
    const trips = health.coolingUntil !== null || health.consecutiveFailures >= policy.cooldownFailures;
    if (policy.cooldownFailures >= 1 && trips) health.coolingUntil = this.now() + policy.cooldownSeconds * 1000;
    this.health.set(deploymentId, health);
  }

  succeeded(deploymentId: string): void {
    this.health.delete(deploymentId);
  }

  isCooling(deploymentId: string): boolean {
    const coolingUntil = this.health.get(deploymentId)?.coolingUntil ?? null;
    return coolingUntil !== null && this.now() < coolingUntil;
  }

  /** Every deployment that has failed since its last success, by id (the admin health view). */
  snapshot(): DeploymentHealth[] {
    return [...this.health.entries()]
      .map(([id, health]) => ({
        id,
        consecutiveFailures: health.consecutiveFailures,
        coolingUntil: this.isCooling(id) ? health.coolingUntil : null,
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }
}
