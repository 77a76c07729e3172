// The request log's seed: 60 gateway requests of Acme AI, one every 37 minutes back from now (so about 39 in the last
// 24 hours), cycling through keys, members, models, a model route, failures, streaming and caching.
import type { FakeRequest } from './state';

const MINUTE = 60_000;
export const SEED_REQUEST_COUNT = 60;
export const SEED_REQUEST_SPACING_MS = 37 * MINUTE;

const KEYS = [
  { api_key_id: 'key-production', key_name: 'Production', key_prefix: 'sk-prod1a2b', user_id: 'user-alice' },
  { api_key_id: 'key-staging', key_name: 'Staging', key_prefix: 'sk-stag3c4d', user_id: 'user-bob' },
  { api_key_id: 'key-production', key_name: 'Production', key_prefix: 'sk-prod1a2b', user_id: 'user-alice' },
  { api_key_id: 'key-staging', key_name: 'Staging', key_prefix: 'sk-stag3c4d', user_id: 'user-bob' },
  { api_key_id: 'key-old-laptop', key_name: 'Old laptop', key_prefix: 'sk-oldl5e6f', user_id: 'user-alice' },
] as const;

const USERS = {
  'user-alice': { user_name: 'Alice Anderson', user_email: 'alice@example.com' },
  'user-bob': { user_name: 'Bob Brown', user_email: 'bob@example.com' },
} as const;

const MODELS = [
  { provider: 'anthropic', model: 'claude-sonnet-4', route_name: null, deployment_id: null },
  { provider: 'openai', model: 'gpt-4o', route_name: null, deployment_id: null },
  { provider: 'google', model: 'gemini-2.5-pro', route_name: null, deployment_id: null },
  {
    provider: 'echo',
    model: 'echo-1',
    route_name: 'echo/flaky',
    deployment_id: '7d0c1f3e-5b2a-4c8e-9f61-0a2b3c4d5e6f',
  },
] as const;

/** Request i (0 = the newest) of the seed. */
function seedRequest(now: Date, teamId: string, index: number): FakeRequest {
  const key = KEYS[index % KEYS.length];
  const failed = index % 7 === 3;
  return {
    team_id: teamId,
    id: `req-${String(index + 1).padStart(3, '0')}`,
    created_at: new Date(now.getTime() - 3 * MINUTE - index * SEED_REQUEST_SPACING_MS).toISOString(),
    ...key,
    ...USERS[key.user_id],
    endpoint: index % 2 === 0 ? 'chat/completions' : 'messages',
    ...MODELS[index % MODELS.length],
    status: failed ? 'error' : 'success',
    error_code: failed ? 'upstream_timeout' : null,
    error_message: failed ? 'The provider did not answer in time' : null,
    prompt_tokens: 100 + ((index * 53) % 900),
    completion_tokens: failed ? 0 : 20 + ((index * 31) % 400),
    cached_tokens: index % 3 === 0 ? 64 : 0,
    cost_cents: failed ? 0 : 1 + ((index * 17) % 250),
    latency_ms: 200 + ((index * 97) % 2000),
    ttft_ms: index % 2 === 0 ? 80 + ((index * 13) % 300) : null,
    // The x-request-id its caller saw; the oldest rows predate migration 18 and have none.
    request_id:
      index < SEED_REQUEST_COUNT - 5 ? `5f0c2a9e-0000-4000-8000-${String(index + 1).padStart(12, '0')}` : null,
    // The second newest was answered from the response cache, with the answer of the request before it.
    ...(index === 1 && { cached_from: '5f0c2a9e-0000-4000-8000-000000000003', cache_saved_cents: 42 }),
  };
}

export function seedRequests(now: Date, teamId: string): FakeRequest[] {
  return Array.from({ length: SEED_REQUEST_COUNT }, (_, index) => seedRequest(now, teamId, index));
}
