import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createTestContext, type TestContext, type TestUser } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

let admin: TestUser;
let member: TestUser;
beforeEach(async () => {
  await ctx.reset();
  admin = await ctx.user('admin');
  member = await ctx.user('member');
});

const ROUTES = '/v1/admin/routing/routes';
const CREDENTIALS = '/v1/admin/routing/credentials';
const SECRET = 'sk-ant-very-secret-value-1234';

const as = (user: () => TestUser) => ({
  get: (url: string) => ctx.request('GET', url, { as: user() }),
  post: (url: string, body: unknown) => ctx.request('POST', url, { as: user(), body }),
  put: (url: string, body: unknown) => ctx.request('PUT', url, { as: user(), body }),
  del: (url: string) => ctx.request('DELETE', url, { as: user() }),
});
const adminApi = as(() => admin);

async function createRoute(body: Record<string, unknown> = {}) {
  const res = await adminApi.post(ROUTES, { name: 'team/default-smart', ...body });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function createCredential(body: Record<string, unknown> = {}) {
  const res = await adminApi.post(CREDENTIALS, { provider: 'anthropic', name: 'main', secret: SECRET, ...body });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

describe('admin routing: access', () => {
  test('every endpoint is 403 for a non-admin and 401 without a session', async () => {
    const memberApi = as(() => member);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      memberApi.get(ROUTES),
      memberApi.post(ROUTES, { name: 'x' }),
      memberApi.put(`${ROUTES}/${id}`, {}),
      memberApi.del(`${ROUTES}/${id}`),
      memberApi.post(`${ROUTES}/${id}/deployments`, { provider: 'echo', model: 'echo-1' }),
      memberApi.put(`${ROUTES}/${id}/deployments/${id}`, {}),
      memberApi.del(`${ROUTES}/${id}/deployments/${id}`),
      memberApi.get(CREDENTIALS),
      memberApi.post(CREDENTIALS, { provider: 'openai', name: 'x', secret: SECRET }),
      memberApi.del(`${CREDENTIALS}/${id}`),
      memberApi.get('/v1/admin/routing/health'),
    ];
    for (const res of await Promise.all(calls)) assert.equal(res.status, 403, res.text);
    assert.equal((await ctx.request('GET', ROUTES)).status, 401);
  });
});

describe('admin routing: routes and deployments', () => {
  test('creates a route with table defaults, lists it, updates and deletes it', async () => {
    const route = await createRoute({ description: 'Smart default' });
    assert.equal(route.max_retries, 1);
    assert.equal(route.backoff_ms, 200);
    assert.equal(route.cooldown_failures, 3);
    assert.equal(route.cooldown_seconds, 30);
    assert.equal(route.unsupported_params, 'drop');
    assert.equal(route.enabled, true);
    assert.deepEqual(route.deployments, []);

    const updated = await adminApi.put(`${ROUTES}/${route.id}`, {
      max_retries: 3,
      enabled: false,
      unsupported_params: 'refuse',
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.max_retries, 3);
    assert.equal(updated.body.enabled, false);
    assert.equal(updated.body.unsupported_params, 'refuse');
    const strange = await adminApi.put(`${ROUTES}/${route.id}`, { unsupported_params: 'ignore' });
    assert.equal(strange.status, 400);
    assert.match(strange.body.message, /unsupported_params must be one of: drop, refuse\./);
    assert.equal(updated.body.description, 'Smart default');

    const list = await adminApi.get(ROUTES);
    assert.deepEqual(
      list.body.routes.map((r: { name: string }) => r.name),
      ['team/default-smart'],
    );
    assert.equal((await adminApi.del(`${ROUTES}/${route.id}`)).status, 200);
    assert.deepEqual((await adminApi.get(ROUTES)).body.routes, []);
    assert.equal((await adminApi.del(`${ROUTES}/${route.id}`)).status, 404);
    assert.equal((await adminApi.put(`${ROUTES}/not-a-uuid`, {})).status, 404);
  });

  test('a route name is unique (409), on create and on rename', async () => {
    await createRoute();
    const other = await createRoute({ name: 'echo/flaky' });
    const duplicate = await adminApi.post(ROUTES, { name: 'team/default-smart' });
    assert.equal(duplicate.status, 409);
    assert.match(duplicate.body.message, /already exists/);
    assert.equal((await adminApi.put(`${ROUTES}/${other.id}`, { name: 'team/default-smart' })).status, 409);
  });

  const invalidRoutes: [string, Record<string, unknown>, RegExp][] = [
    ['an empty name', { name: '' }, /The route name must be 1 to 128/],
    ['a name with a space', { name: 'team default' }, /The route name must be 1 to 128/],
    ['a name over 128 characters', { name: 'a'.repeat(129) }, /The route name must be 1 to 128/],
    ['max_retries 6', { name: 'r', max_retries: 6 }, /Retries must be a whole number from 0 to 5\./],
    ['backoff_ms -1', { name: 'r', backoff_ms: -1 }, /Backoff must be a whole number from 0 to 60,000\./],
    ['cooldown_failures 0', { name: 'r', cooldown_failures: 0 }, /Failures must be a whole number from 1 to 100\./],
    [
      'cooldown_seconds over a day',
      { name: 'r', cooldown_seconds: 86_401 },
      /Cooldown must be a whole number from 1 to 86,400\./,
    ],
    ['a string enabled', { name: 'r', enabled: 'yes' }, /Enabled must be true or false\./],
  ];
  for (const [label, body, message] of invalidRoutes) {
    test(`400 for a route with ${label}`, async () => {
      const res = await adminApi.post(ROUTES, body);
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'VALIDATION_ERROR');
      assert.match(res.body.message, message);
    });
  }

  test('deployments: add in rank order, update, remove; credential names shown', async () => {
    const route = await createRoute();
    const credential = await createCredential();
    const add = (body: Record<string, unknown>) => adminApi.post(`${ROUTES}/${route.id}/deployments`, body);
    assert.equal((await add({ provider: 'echo', model: 'echo-1', rank: 2 })).status, 201);
    const res = await add({ provider: 'anthropic', model: 'claude-sonnet-4', credential_id: credential.id });
    assert.equal(res.status, 201);
    assert.deepEqual(
      res.body.deployments.map((d: { provider: string; rank: number; weight: number; credential_name: string }) => [
        d.provider,
        d.rank,
        d.weight,
        d.credential_name,
      ]),
      [
        ['anthropic', 1, 1, 'main'],
        ['echo', 2, 1, null],
      ],
    );
    const [first, second] = res.body.deployments;
    const update = await adminApi.put(`${ROUTES}/${route.id}/deployments/${second.id}`, { rank: 1, weight: 3 });
    assert.equal(update.status, 200);
    assert.equal(update.body.deployments.find((d: { id: string }) => d.id === second.id).weight, 3);

    const used = await adminApi.get(CREDENTIALS);
    assert.equal(used.body.credentials[0].used_by, 1);

    const removed = await adminApi.del(`${ROUTES}/${route.id}/deployments/${first.id}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.deployments.length, 1);
    assert.equal((await adminApi.del(`${ROUTES}/${route.id}/deployments/${first.id}`)).status, 404);
  });

  test('400 for bad deployments: unknown provider, out-of-range rank and weight, a credential of another provider', async () => {
    const route = await createRoute();
    const credential = await createCredential();
    const add = (body: Record<string, unknown>) => adminApi.post(`${ROUTES}/${route.id}/deployments`, body);
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { provider: 'azure', model: 'gpt-4o' },
        /The provider must be one of: anthropic, openai, google, openrouter, echo\./,
      ],
      [{ provider: 'openai', model: '  ' }, /Enter a model name\./],
      [{ provider: 'openai', model: 'gpt-4o', rank: 0 }, /Rank must be a whole number from 1 to 100\./],
      [{ provider: 'openai', model: 'gpt-4o', weight: 1001 }, /Weight must be a whole number from 1 to 1,000\./],
      [{ provider: 'openai', model: 'gpt-4o', credential_id: 'nope' }, /Choose a stored credential, or none/],
      [{ provider: 'openai', model: 'gpt-4o', credential_id: credential.id }, /credential is for anthropic/],
      [
        { provider: 'openai', model: 'gpt-4o', credential_id: '00000000-0000-4000-8000-000000000000' },
        /names no stored credential/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message);
    }
    const ok = await add({ provider: 'anthropic', model: 'claude-sonnet-4', credential_id: credential.id });
    const deployment = ok.body.deployments[0];
    const switched = await adminApi.put(`${ROUTES}/${route.id}/deployments/${deployment.id}`, { provider: 'openai' });
    assert.equal(switched.status, 400);
    assert.match(switched.body.message, /credential is for anthropic/);
    const missing = await adminApi.post(`${ROUTES}/00000000-0000-4000-8000-000000000000/deployments`, {
      provider: 'echo',
      model: 'echo-1',
    });
    assert.equal(missing.status, 404);
  });
});

describe('admin routing: credentials', () => {
  test('the secret is sealed, shown only as a hint, and never in any response body', async () => {
    const created = await adminApi.post(CREDENTIALS, {
      provider: 'openai',
      name: 'Production',
      secret: SECRET,
      base_url: 'https://proxy.example.com/v1',
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.secret_hint, '…1234');
    assert.equal(created.body.base_url, 'https://proxy.example.com/v1');
    assert.equal(created.body.used_by, 0);
    assert.equal('secret' in created.body, false);

    const [row] = await ctx.db.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM provider_credentials',
    );
    assert.ok(row.secret_ciphertext.startsWith('v1:'));
    assert.ok(!row.secret_ciphertext.includes(SECRET));

    const route = await createRoute();
    const withDeployment = await adminApi.post(`${ROUTES}/${route.id}/deployments`, {
      provider: 'openai',
      model: 'gpt-4o',
      credential_id: created.body.id,
    });
    const bodies = [
      created.text,
      withDeployment.text,
      (await adminApi.get(CREDENTIALS)).text,
      (await adminApi.get(ROUTES)).text,
      (await adminApi.get('/v1/admin/routing/health?window=day')).text,
      (await adminApi.del(`${CREDENTIALS}/${created.body.id}`)).text,
    ];
    for (const body of bodies) {
      assert.ok(!body.includes(SECRET), body);
      assert.ok(!body.includes('very-secret'), body);
      assert.ok(!body.includes(row.secret_ciphertext), body);
    }
  });

  test('delete is 409 while a deployment uses the credential, then 200', async () => {
    const credential = await createCredential();
    const route = await createRoute();
    const added = await adminApi.post(`${ROUTES}/${route.id}/deployments`, {
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      credential_id: credential.id,
    });
    const busy = await adminApi.del(`${CREDENTIALS}/${credential.id}`);
    assert.equal(busy.status, 409);
    assert.match(busy.body.message, /used by 1 deployment/);
    await adminApi.put(`${ROUTES}/${route.id}/deployments/${added.body.deployments[0].id}`, { credential_id: null });
    assert.equal((await adminApi.del(`${CREDENTIALS}/${credential.id}`)).status, 200);
    assert.deepEqual((await adminApi.get(CREDENTIALS)).body.credentials, []);
    assert.equal((await adminApi.del(`${CREDENTIALS}/${credential.id}`)).status, 404);
  });

  test('400 for a bad credential; 409 for a duplicate name of the same provider', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { provider: 'echo', name: 'x', secret: SECRET },
        /The provider must be one of: anthropic, openai, google, openrouter/,
      ],
      [{ provider: 'openai', name: ' ', secret: SECRET }, /Enter a name of at most 100 characters\./],
      [{ provider: 'openai', name: 'x', secret: 'short' }, /The API key must be 8 to 1,000 characters\./],
      [
        { provider: 'openai', name: 'x', secret: SECRET, base_url: 'ftp://example.com' },
        /The base URL must be an http/,
      ],
      [{ provider: 'openai', name: 'x' }, /The API key must be 8 to 1,000 characters\./],
    ];
    for (const [body, message] of cases) {
      const res = await adminApi.post(CREDENTIALS, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message);
    }
    await createCredential();
    const duplicate = await adminApi.post(CREDENTIALS, { provider: 'anthropic', name: 'main', secret: SECRET });
    assert.equal(duplicate.status, 409);
    await createCredential({ provider: 'openai' });
  });
});

describe('admin routing: provider health', () => {
  test('per deployment and per direct provider/model, for the hour and the day', async () => {
    const owner = await ctx.user('owner');
    const teamId = await ctx.team(owner);
    const route = await createRoute();
    const added = await adminApi.post(`${ROUTES}/${route.id}/deployments`, { provider: 'echo', model: 'echo-1' });
    const deploymentId = added.body.deployments[0].id;
    const insert = (rows: [string | null, string, number, number | null, string | null, string][]) =>
      Promise.all(
        rows.map(([deployment, status, latency, ttft, errorCode, age]) =>
          ctx.db.query(
            `INSERT INTO usage_events (team_id, user_id, model, provider, latency_ms, ttft_ms, status, error_code,
                                       route_name, deployment_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - $11::interval)`,
            [
              teamId,
              owner.id,
              deployment ? 'echo-1' : 'gpt-4o',
              deployment ? 'echo' : 'openai',
              latency,
              ttft,
              status,
              errorCode,
              deployment ? 'team/default-smart' : null,
              deployment,
              age,
            ],
          ),
        ),
      );
    await insert([
      [deploymentId, 'success', 100, 10, null, '1 minute'],
      [deploymentId, 'success', 200, 20, null, '2 minutes'],
      [deploymentId, 'success', 300, null, null, '3 minutes'],
      [deploymentId, 'error', 400, null, 'upstream_error', '4 minutes'],
      [deploymentId, 'error', 1000, null, 'upstream_timeout', '5 hours'],
      [null, 'success', 50, null, null, '10 minutes'],
      [null, 'success', 150, null, null, '2 hours'],
      [null, 'success', 999, null, null, '2 days'],
    ]);

    const hour = await adminApi.get('/v1/admin/routing/health?window=hour');
    assert.equal(hour.status, 200);
    assert.equal(hour.body.window, 'hour');
    const [deployment, direct] = hour.body.deployments;
    assert.deepEqual(deployment, {
      deployment_id: deploymentId,
      route_name: 'team/default-smart',
      provider: 'echo',
      model: 'echo-1',
      requests: 4,
      errors: 1,
      error_rate: 0.25,
      p50_latency_ms: 250,
      p95_latency_ms: 385,
      p50_ttft_ms: 15,
      p95_ttft_ms: 19.5,
      last_error_code: 'upstream_error',
      last_seen: deployment.last_seen,
      // No failures on this instance's breaker (gatewayRouting.test.ts shows an open one).
      cooling_until: null,
    });
    assert.ok(Math.abs(Date.parse(deployment.last_seen) - (Date.now() - 60_000)) < 10_000);
    assert.deepEqual(
      [direct.deployment_id, direct.provider, direct.model, direct.requests, direct.errors, direct.p50_ttft_ms],
      [null, 'openai', 'gpt-4o', 1, 0, null],
    );
    assert.equal(direct.last_error_code, null);

    const day = await adminApi.get('/v1/admin/routing/health?window=day');
    const [dayDeployment, dayDirect] = day.body.deployments;
    assert.equal(dayDeployment.requests, 5);
    assert.equal(dayDeployment.errors, 2);
    assert.equal(dayDeployment.error_rate, 0.4);
    assert.equal(dayDeployment.last_error_code, 'upstream_error');
    assert.equal(dayDirect.requests, 2);
    assert.equal(dayDirect.p50_latency_ms, 100);

    assert.equal((await adminApi.get('/v1/admin/routing/health')).body.window, 'hour');
    const bad = await adminApi.get('/v1/admin/routing/health?window=week');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /window must be one of: hour, day\./);
  });
});

describe('admin routing: without a credentials key', () => {
  let production: TestContext;
  before(async () => {
    production = await createTestContext(
      { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', ADMIN_LOGINS: 'root', GATEWAY_CREDENTIALS_KEY: '' },
      [],
    );
  });
  after(() => production.close());

  test('storing a credential is 409 with what to set; routes still work', async () => {
    const root = await production.user('root');
    const res = await production.request('POST', CREDENTIALS, {
      as: root,
      body: { provider: 'openai', name: 'x', secret: SECRET },
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, 'Set GATEWAY_CREDENTIALS_KEY to store provider credentials');
    assert.ok(!res.text.includes(SECRET));
    const route = await production.request('POST', ROUTES, { as: root, body: { name: 'gpt-4o' } });
    assert.equal(route.status, 201);
  });
});
