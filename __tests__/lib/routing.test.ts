import {
  EMPTY_CREDENTIAL_FORM,
  EMPTY_DEPLOYMENT_FORM,
  EMPTY_ROUTE_FORM,
  credentialFormErrors,
  credentialPayload,
  credentialsFor,
  deploymentFormErrors,
  deploymentPayload,
  deploymentsSummary,
  formatMs,
  formatRate,
  healthLabel,
  healthStatus,
  policySummary,
  routeFormErrors,
  routeFormValues,
  routePayload,
} from '../../src/features/routing/routing';
import type { ModelRoute, ProviderCredential } from '../../contract/schemas/routing';

const fakeRoute = (): ModelRoute => ({
  id: 'route-1',
  name: 'team/x',
  description: '',
  max_retries: 1,
  backoff_ms: 200,
  cooldown_failures: 3,
  cooldown_seconds: 30,
  unsupported_params: 'refuse',
  cache_enabled: true,
  cache_ttl_seconds: 60,
  semantic_cache_model: null,
  semantic_cache_threshold: 0.95,
  semantic_cache_conversations: false,
  enabled: true,
  created_at: '2026-11-28T00:00:00.000Z',
  updated_at: '2026-11-28T00:00:00.000Z',
  deployments: [],
});

describe('a deployment’s health over the window', () => {
  it.each([
    ['no row', undefined, 'No traffic'],
    ['no requests', { requests: 0, error_rate: 0 }, 'No traffic'],
    ['no errors', { requests: 10, error_rate: 0 }, 'Healthy'],
    ['under 5% errors', { requests: 100, error_rate: 0.049 }, 'Healthy'],
    ['5% errors', { requests: 100, error_rate: 0.05 }, 'Degraded'],
    ['half failing', { requests: 10, error_rate: 0.5 }, 'Failing'],
    ['all failing', { requests: 3, error_rate: 1 }, 'Failing'],
    ['breaker open', { requests: 10, error_rate: 0, cooling_until: '2026-11-24T10:00:30.000Z' }, 'Cooling down'],
    ['breaker closed', { requests: 10, error_rate: 0, cooling_until: null }, 'Healthy'],
  ])('%s -> %s', (_case, health, status) => {
    expect(healthStatus(health)).toBe(status);
  });
});

describe('display', () => {
  it.each([
    [[], 'No deployments'],
    [[{ provider: 'echo', model: 'echo-1' }], '1 deployment: echo/echo-1'],
    [
      [
        { provider: 'openai', model: 'gpt-4o' },
        { provider: 'echo', model: 'echo-1' },
      ],
      '2 deployments: openai/gpt-4o, echo/echo-1',
    ],
  ])('deployments %j -> %s', (deployments, summary) => {
    expect(deploymentsSummary(deployments)).toBe(summary);
  });

  it.each([
    [
      { max_retries: 0, backoff_ms: 0, cooldown_failures: 1, cooldown_seconds: 86_400 },
      'No retries, 0 ms backoff; cool down 86,400 s after 1 failure',
    ],
    [
      { max_retries: 1, backoff_ms: 200, cooldown_failures: 3, cooldown_seconds: 30 },
      '1 retry, 200 ms backoff; cool down 30 s after 3 failures',
    ],
    [
      { max_retries: 5, backoff_ms: 60_000, cooldown_failures: 100, cooldown_seconds: 1 },
      '5 retries, 60,000 ms backoff; cool down 1 s after 100 failures',
    ],
    [
      { max_retries: 1, backoff_ms: 200, cooldown_failures: 3, cooldown_seconds: 30, unsupported_params: 'drop' },
      '1 retry, 200 ms backoff; cool down 30 s after 3 failures',
    ],
    [
      { max_retries: 1, backoff_ms: 200, cooldown_failures: 3, cooldown_seconds: 30, unsupported_params: 'refuse' },
      '1 retry, 200 ms backoff; cool down 30 s after 3 failures; refuses fields it cannot translate',
    ],
    [
      { max_retries: 0, backoff_ms: 0, cooldown_failures: 1, cooldown_seconds: 5, cache_enabled: true },
      'No retries, 0 ms backoff; cool down 5 s after 1 failure; answers identical requests from the cache',
    ],
  ] as const)('policy %j -> %s', (route, summary) => {
    expect(policySummary(route)).toBe(summary);
  });

  it.each([
    [0, '0%'],
    [0.25, '25%'],
    [0.1234, '12.3%'],
    [1, '100%'],
  ])('error rate %p -> %s', (rate, text) => expect(formatRate(rate)).toBe(text));

  it.each([
    [null, '—'],
    [12.4, '12 ms'],
    [2450, '2,450 ms'],
  ])('milliseconds %p -> %s', (ms, text) => expect(formatMs(ms)).toBe(text));

  it('names a health row by route and deployment, or as a direct call', () => {
    expect(healthLabel({ route_name: 'echo/flaky', provider: 'echo', model: 'echo-1' })).toBe(
      'echo/flaky → echo/echo-1',
    );
    expect(healthLabel({ route_name: null, provider: 'openai', model: 'gpt-4o' })).toBe('openai/gpt-4o (direct)');
  });
});

describe('the route form', () => {
  it('starts from the table defaults and sends them parsed', () => {
    expect(routeFormErrors({ ...EMPTY_ROUTE_FORM, name: 'team/default-smart' })).toEqual({});
    expect(routePayload({ ...EMPTY_ROUTE_FORM, name: ' team/x ', description: ' d ' })).toEqual({
      name: 'team/x',
      description: 'd',
      max_retries: 1,
      backoff_ms: 200,
      cooldown_failures: 3,
      cooldown_seconds: 30,
      unsupported_params: 'drop',
      cache_enabled: false,
      cache_ttl_seconds: null,
      enabled: true,
    });
    expect(routePayload({ ...EMPTY_ROUTE_FORM, name: 'x', unsupported_params: 'refuse' }).unsupported_params).toBe(
      'refuse',
    );
  });

  it("sends the route's cache setting; a TTL left behind while it is off is neither judged nor sent", () => {
    const on = { ...EMPTY_ROUTE_FORM, name: 'x', cache_enabled: true, cache_ttl_seconds: '900' };
    expect(routePayload(on)).toMatchObject({ cache_enabled: true, cache_ttl_seconds: 900 });
    expect(routePayload({ ...on, cache_ttl_seconds: '' })).toMatchObject({ cache_ttl_seconds: null });
    expect(routeFormErrors({ ...on, cache_ttl_seconds: '0' }).cache_ttl_seconds).toBe(
      "Keep answers for must be a whole number from 1 to 2,592,000, or empty for the gateway's default",
    );
    const off = { ...on, cache_enabled: false, cache_ttl_seconds: 'x' };
    expect(routeFormErrors(off)).toEqual({});
    expect(routePayload(off)).toMatchObject({ cache_enabled: false, cache_ttl_seconds: null });
  });

  it('sends the semantic setting when it is on, only null to turn it off, and nothing to a server that lacks it', () => {
    const known = routeFormValues(fakeRoute());
    expect(known).toMatchObject({ semantic_enabled: false, semantic_cache_threshold: '0.95', semantic_known: true });
    const on = {
      ...known,
      semantic_enabled: true,
      semantic_cache_model: ' openai/embed ',
      semantic_cache_threshold: '0.9',
    };
    expect(routeFormErrors(on)).toEqual({});
    expect(routePayload(on)).toMatchObject({
      semantic_cache_model: 'openai/embed',
      semantic_cache_threshold: 0.9,
      semantic_cache_conversations: false,
    });
    expect(routePayload({ ...on, semantic_conversations: true }).semantic_cache_conversations).toBe(true);
    expect(routeFormErrors({ ...on, semantic_cache_model: ' ', semantic_cache_threshold: '0.2' })).toEqual({
      semantic_cache_model: 'Enter the embedding model, or turn the semantic cache off',
      semantic_cache_threshold: 'The similarity must be a number from 0.5 to 1',
    });
    expect(routeFormErrors({ ...on, semantic_cache_threshold: '' }).semantic_cache_threshold).toBeDefined();
    // Off: what was typed is neither judged nor sent, but the server is told to turn it off.
    const off = { ...on, semantic_enabled: false, semantic_cache_threshold: 'x' };
    expect(routeFormErrors(off)).toEqual({});
    const sent = routePayload(off);
    expect(sent.semantic_cache_model).toBeNull();
    expect('semantic_cache_threshold' in sent || 'semantic_cache_conversations' in sent).toBe(false);
    // A server from before the semantic cache: neither field, so its schema takes the body as it always did.
    const {
      semantic_cache_model: _model,
      semantic_cache_threshold: _threshold,
      semantic_cache_conversations: _conversations,
      ...older
    } = fakeRoute();
    const olderPayload = routePayload(routeFormValues(older));
    expect('semantic_cache_model' in olderPayload || 'semantic_cache_threshold' in olderPayload).toBe(false);
    expect(routePayload({ ...EMPTY_ROUTE_FORM, name: 'x' })).not.toHaveProperty('semantic_cache_model');
    expect(policySummary({ ...fakeRoute(), semantic_cache_model: 'openai/embed' })).toMatch(
      /; finds answers to prompts that mean the same$/,
    );
  });

  it('reads a route from a server that does not send its cache setting as one that caches nothing', () => {
    const { cache_enabled: _on, cache_ttl_seconds: _ttl, ...older } = fakeRoute();
    expect(routeFormValues(older)).toMatchObject({ cache_enabled: false, cache_ttl_seconds: '' });
  });

  it('reads a route from a server that does not send unsupported_params as one that drops', () => {
    const { unsupported_params: _left, ...older } = fakeRoute();
    expect(routeFormValues(older).unsupported_params).toBe('drop');
    expect(routeFormValues(fakeRoute()).unsupported_params).toBe('refuse');
  });

  it.each([
    ['name', '', 'Use 1-128 letters, digits, . _ : / or -'],
    ['name', 'has space', 'Use 1-128 letters, digits, . _ : / or -'],
    ['name', 'a'.repeat(129), 'Use 1-128 letters, digits, . _ : / or -'],
    ['max_retries', '6', 'Retries must be a whole number from 0 to 5'],
    ['max_retries', '1.5', 'Retries must be a whole number from 0 to 5'],
    ['backoff_ms', '60001', 'Backoff must be a whole number from 0 to 60,000'],
    ['cooldown_failures', '0', 'Failures must be a whole number from 1 to 100'],
    ['cooldown_seconds', '', 'Cooldown must be a whole number from 1 to 86,400'],
  ] as const)('%s = %j -> %s', (field, value, message) => {
    expect(routeFormErrors({ ...EMPTY_ROUTE_FORM, name: 'ok', [field]: value })[field]).toBe(message);
  });
});

describe('the deployment form', () => {
  const valid = { ...EMPTY_DEPLOYMENT_FORM, provider: 'openai', model: 'gpt-4o' };

  it('sends the environment key as a null credential', () => {
    expect(deploymentFormErrors(valid)).toEqual({});
    expect(deploymentPayload(valid)).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      rank: 1,
      weight: 1,
      credential_id: null,
      enabled: true,
    });
  });

  it.each([
    ['provider', 'azure', 'Provider is required'],
    ['model', '  ', 'Model is required'],
    ['rank', '101', 'Rank must be a whole number from 1 to 100'],
    ['weight', '0', 'Weight must be a whole number from 1 to 1,000'],
  ] as const)('%s = %j -> %s', (field, value, message) => {
    expect(deploymentFormErrors({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('offers only the credentials of the deployment’s provider', () => {
    const credential = (id: string, provider: string) => ({ id, provider }) as ProviderCredential;
    const all = [credential('a', 'anthropic'), credential('o', 'openai'), credential('a2', 'anthropic')];
    expect(credentialsFor('anthropic', all).map((c) => c.id)).toEqual(['a', 'a2']);
    expect(credentialsFor('echo', all)).toEqual([]);
  });
});

describe('the credential form', () => {
  const valid = { ...EMPTY_CREDENTIAL_FORM, provider: 'openai', name: 'Prod', secret: 'sk-12345678' };

  it('sends an empty base URL as null, the secret untouched', () => {
    expect(credentialFormErrors(valid)).toEqual({});
    expect(credentialPayload({ ...valid, secret: ' sk-12345678 ' })).toEqual({
      provider: 'openai',
      name: 'Prod',
      secret: ' sk-12345678 ',
      base_url: null,
    });
  });

  it.each([
    ['provider', 'echo', 'Provider is required'],
    ['name', ' ', 'Name is required'],
    ['secret', 'short', 'The API key must be at least 8 characters'],
    ['base_url', 'proxy.example.com', 'Base URL must start with http:// or https://'],
  ] as const)('%s = %j -> %s', (field, value, message) => {
    expect(credentialFormErrors({ ...valid, [field]: value })[field]).toBe(message);
  });
});
