import { SYSTEM_ACTOR } from '../audit/audit';
import type { Queryable } from '../db/types';
import { addDeployment, createRoute } from '../routing/routingAdmin';
import type { ModelRouteCreateBody, RouteDeploymentBody } from '../../contract/schemas/routing';

/**
 * Demo model routes (docs/gateway.md#model-routes-and-credentials-admin). Both answer in the demo through their echo
 * deployment: the runtime skips deployments of providers without a key.
 */
export const SEED_ROUTES: (ModelRouteCreateBody & { deployments: RouteDeploymentBody[] })[] = [
  {
    name: 'echo/flaky',
    description: 'Demo: the first deployment always answers 503; the second, the echo model, answers',
    max_retries: 1,
    backoff_ms: 100,
    deployments: [
      { rank: 1, provider: 'echo', model: 'unavailable-1' },
      { rank: 2, provider: 'echo', model: 'echo-1' },
    ],
  },
  {
    name: 'echo/cached',
    description:
      'Demo: the echo model, answering identical requests and prompts that mean the same (embed-1) from the cache',
    cache_enabled: true,
    semantic_cache_model: 'echo/embed-1',
    semantic_cache_threshold: 0.95,
    deployments: [{ rank: 1, provider: 'echo', model: 'echo-1' }],
  },
  {
    name: 'team/default-smart',
    description: 'Claude Sonnet 4 and GPT-4o sharing the load, then the echo model',
    deployments: [
      { rank: 1, weight: 1, provider: 'anthropic', model: 'claude-sonnet-4' },
      { rank: 1, weight: 1, provider: 'openai', model: 'gpt-4o' },
      { rank: 2, provider: 'echo', model: 'echo-1' },
    ],
  },
];

export async function seedRoutes(q: Queryable) {
  for (const { deployments, ...route } of SEED_ROUTES) {
    const { id } = await createRoute(q, SYSTEM_ACTOR, route);
    for (const deployment of deployments) await addDeployment(q, SYSTEM_ACTOR, id, deployment);
  }
}
