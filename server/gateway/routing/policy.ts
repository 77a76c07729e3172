// Placeholder until the policy module lands (same signatures): rank order, no cooldown, fixed backoff.
import type { Deployment, ModelRoute, RoutePolicy } from './types';

export type AttemptOutcome = { kind: 'status'; status: number } | { kind: 'timeout' } | { kind: 'network' };
export const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504, 529]);

export function attemptPlan(
  route: ModelRoute,
  isCooling: (id: string) => boolean,
  _random: () => number,
): Deployment[] {
  const sorted = [...route.deployments].sort((a, b) => a.rank - b.rank);
  return [...sorted.filter((d) => !isCooling(d.id)), ...sorted.filter((d) => isCooling(d.id))];
}

export const backoffMs = (policy: RoutePolicy, retry: number, random: () => number) =>
  policy.backoffMs === 0 ? 0 : Math.min(10_000, random() * policy.backoffMs * 2 ** (retry - 1));

export const isRetryable = (outcome: AttemptOutcome) =>
  outcome.kind !== 'status' || RETRYABLE_STATUSES.has(outcome.status);

export class Cooldowns {
  constructor(private readonly now: () => number = Date.now) {}
  failed(_id: string, _policy: RoutePolicy) {}
  succeeded(_id: string) {}
  isCooling(_id: string) {
    return this.now() < 0;
  }
  snapshot(): { id: string; consecutiveFailures: number; coolingUntil: number | null }[] {
    return [];
  }
}
