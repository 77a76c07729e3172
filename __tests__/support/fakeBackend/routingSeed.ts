// The fake backend's model routes, credentials and provider health, like the demo seed's (server/seed/demoRoutes.ts).
import type { DeploymentHealth, ModelRoute, RouteDeployment } from '../../../contract/schemas/routing';
import type { FakeCredential, FakeState } from './state';

const at = (now: Date, minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();

export const SEEDED_SECRET = 'sk-ant-seeded-secret-9f3c';
/** Credential ids are UUIDs on the wire: a deployment's credential_id is checked as one. */
export const SEEDED_CREDENTIAL_ID = '0c7f5a52-3d1e-4f6a-9b1c-5e2d8a4f0001';

function deployment(
  now: Date,
  id: string,
  fields: Pick<RouteDeployment, 'rank' | 'provider' | 'model'> & Partial<RouteDeployment>,
): RouteDeployment {
  return {
    id,
    weight: 1,
    credential_id: null,
    credential_name: null,
    enabled: true,
    created_at: at(now, 600),
    ...fields,
  };
}

function route(
  now: Date,
  fields: Pick<ModelRoute, 'id' | 'name' | 'description' | 'deployments'> & Partial<ModelRoute>,
): ModelRoute {
  return {
    max_retries: 1,
    backoff_ms: 200,
    cooldown_failures: 3,
    cooldown_seconds: 30,
    unsupported_params: 'drop',
    cache_enabled: false,
    cache_ttl_seconds: null,
    semantic_cache_model: null,
    semantic_cache_threshold: 0.95,
    semantic_cache_conversations: false,
    enabled: true,
    created_at: at(now, 700),
    updated_at: at(now, 700),
    ...fields,
  };
}

function health(
  now: Date,
  fields: Pick<DeploymentHealth, 'deployment_id' | 'route_name' | 'provider' | 'model' | 'requests' | 'errors'> &
    Partial<DeploymentHealth>,
): DeploymentHealth {
  return {
    error_rate: fields.requests === 0 ? 0 : fields.errors / fields.requests,
    p50_latency_ms: 120,
    p95_latency_ms: 480,
    p50_ttft_ms: null,
    p95_ttft_ms: null,
    last_error_code: null,
    last_seen: at(now, 2),
    cooling_until: null,
    ...fields,
  };
}

export function seedRouting(
  now: Date,
): Pick<FakeState, 'modelRoutes' | 'credentials' | 'providerHealth' | 'reconciliation'> {
  const credential: FakeCredential = {
    id: SEEDED_CREDENTIAL_ID,
    provider: 'anthropic',
    name: 'Anthropic main',
    secret: SEEDED_SECRET,
    secret_hint: `…${SEEDED_SECRET.slice(-4)}`,
    base_url: null,
    created_at: at(now, 800),
    used_by: 1,
    usage_key_hint: '…ad01',
    reconciled_at: at(now, 60),
    reconcile_error: null,
  };
  const dayAgo = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const reconciled = (daysAgo: number, theirsOutput: number, theirsCost: number, differences: string[]) => ({
    credential_id: SEEDED_CREDENTIAL_ID,
    day: dayAgo(daysAgo),
    model: 'claude-sonnet-4',
    ours: { requests: 120, input_tokens: 48_000, output_tokens: 9_600, cached_tokens: 0, cost_cents: 2_880 },
    theirs: { input_tokens: 48_000, output_tokens: theirsOutput, cached_tokens: 0, cost_cents: theirsCost },
    differences,
    checked_at: at(now, 60),
  });
  const flaky = route(now, {
    id: 'route-flaky',
    name: 'echo/flaky',
    description: 'Demo: the first deployment always answers 503; the second, the echo model, answers',
    backoff_ms: 100,
    deployments: [
      deployment(now, 'deployment-flaky-1', { rank: 1, provider: 'echo', model: 'unavailable-1' }),
      deployment(now, 'deployment-flaky-2', { rank: 2, provider: 'echo', model: 'echo-1' }),
    ],
  });
  const smart = route(now, {
    id: 'route-smart',
    name: 'team/default-smart',
    description: 'Claude Sonnet 4 and GPT-4o sharing the load, then the echo model',
    deployments: [
      deployment(now, 'deployment-smart-1', {
        rank: 1,
        provider: 'anthropic',
        model: 'claude-sonnet-4',
        credential_id: credential.id,
        credential_name: credential.name,
      }),
      deployment(now, 'deployment-smart-2', { rank: 1, provider: 'openai', model: 'gpt-4o' }),
      deployment(now, 'deployment-smart-3', { rank: 2, provider: 'echo', model: 'echo-1' }),
    ],
  });
  const hour = [
    health(now, {
      deployment_id: 'deployment-flaky-1',
      route_name: 'echo/flaky',
      provider: 'echo',
      model: 'unavailable-1',
      requests: 8,
      errors: 8,
      last_error_code: 'upstream_error',
      // The gateway's breaker: three failures in a row, 30 seconds of rest.
      cooling_until: new Date(now.getTime() + 20_000).toISOString(),
    }),
    health(now, {
      deployment_id: 'deployment-flaky-2',
      route_name: 'echo/flaky',
      provider: 'echo',
      model: 'echo-1',
      requests: 8,
      errors: 0,
      p50_ttft_ms: 12,
      p95_ttft_ms: 30,
    }),
  ];
  const day = [
    ...hour.map((row) => ({ ...row, requests: row.requests * 10, errors: row.errors * 10 })),
    health(now, {
      deployment_id: null,
      route_name: null,
      provider: 'openai',
      model: 'gpt-4o',
      requests: 40,
      errors: 2,
      p95_latency_ms: 2450,
      last_error_code: 'upstream_timeout',
    }),
  ];
  const reconciliation = [
    reconciled(1, 9_600, 2_160, []),
    reconciled(2, 10_300, 2_265, ['output tokens: ours 9,600, theirs 10,300']),
  ];
  return { modelRoutes: [flaky, smart], credentials: [credential], providerHealth: { hour, day }, reconciliation };
}
