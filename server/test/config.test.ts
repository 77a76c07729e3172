import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../config';

const secret = 'x'.repeat(32);
const production = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret', JWT_SECRET: secret };

function problems(env: Record<string, string>, argv: string[] = []): string[] {
  try {
    loadConfig(env, argv);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
}

describe('config', () => {
  test('the Redux DevTools: on in demo mode, off in production unless REDUX_DEVTOOLS=true', () => {
    assert.equal(loadConfig({}, ['--demo']).reduxDevtools, true);
    assert.equal(loadConfig({ REDUX_DEVTOOLS: 'false' }, ['--demo']).reduxDevtools, false);
    assert.equal(loadConfig(production).reduxDevtools, false);
    assert.equal(loadConfig({ ...production, REDUX_DEVTOOLS: 'true' }).reduxDevtools, true);
  });

  test('production mode requires GitHub credentials and a long JWT secret', () => {
    const found = problems({});
    assert.equal(found.length, 3);
    assert.match(found.join('\n'), /GITHUB_CLIENT_ID/);
    assert.match(found.join('\n'), /GITHUB_CLIENT_SECRET/);
    assert.match(found.join('\n'), /JWT_SECRET/);
    assert.deepEqual(problems({ ...production, JWT_SECRET: 'short' }), [
      'JWT_SECRET must be at least 32 characters long',
    ]);
  });

  test('metrics, traces and single sign-on are off by default, in demo mode too', () => {
    for (const config of [loadConfig(production), loadConfig({}, ['--demo'])]) {
      assert.equal(config.metrics, null);
      assert.equal(config.tracing, null);
      assert.deepEqual(config.sso, []);
    }
  });

  test('METRICS_TOKEN and the OTLP endpoint (the traces path appended, or the traces endpoint as given)', () => {
    assert.deepEqual(loadConfig({ ...production, METRICS_TOKEN: 't'.repeat(16) }).metrics, { token: 't'.repeat(16) });
    assert.deepEqual(problems({ ...production, METRICS_TOKEN: 'short' }), [
      'METRICS_TOKEN must be at least 16 characters',
    ]);
    assert.deepEqual(loadConfig({ ...production, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing, {
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'ai-model-gateway',
      captureContent: false,
    });
    const traces = loadConfig({
      ...production,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp/traces',
      OTEL_SERVICE_NAME: 'gateway-eu',
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
    }).tracing;
    assert.deepEqual(traces, {
      tracesUrl: 'https://traces.example.com/otlp/traces',
      serviceName: 'gateway-eu',
      captureContent: true,
    });
  });

  test('OpenID providers: each needs an issuer, a client id and secret; one of them stands in for GitHub in production', () => {
    const team = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const okta = {
      OIDC_PROVIDERS: 'okta',
      OIDC_OKTA_ISSUER: 'https://example.okta.com/oauth2/default',
      OIDC_OKTA_CLIENT_ID: 'client',
      OIDC_OKTA_CLIENT_SECRET: 'secret',
    };
    const config = loadConfig({
      JWT_SECRET: secret,
      ...okta,
      OIDC_OKTA_ADMIN_CLAIM: 'groups=gateway-admins',
      OIDC_OKTA_TEAM_DOMAINS: `Example.com=${team}`,
    });
    assert.equal(config.github, null);
    assert.deepEqual(config.sso, [
      {
        id: 'okta',
        name: 'okta',
        issuer: 'https://example.okta.com/oauth2/default',
        clientId: 'client',
        clientSecret: 'secret',
        scopes: 'openid email profile',
        adminClaim: { claim: 'groups', value: 'gateway-admins' },
        teamDomains: [{ domain: 'example.com', teamId: team }],
      },
    ]);
    assert.deepEqual(problems({ JWT_SECRET: secret, OIDC_PROVIDERS: 'Okta!' }), [
      'OIDC_PROVIDERS entries must be 1-32 lowercase letters, digits or dashes (got "Okta!")',
      'OIDC_OKTA!_ISSUER is required for the OpenID provider "Okta!"',
      'OIDC_OKTA!_CLIENT_ID is required for the OpenID provider "Okta!"',
      'OIDC_OKTA!_CLIENT_SECRET is required for the OpenID provider "Okta!"',
    ]);
    assert.deepEqual(
      problems({
        JWT_SECRET: secret,
        ...okta,
        OIDC_OKTA_ADMIN_CLAIM: 'groups',
        OIDC_OKTA_TEAM_DOMAINS: 'example.com=acme',
      }),
      [
        'OIDC_OKTA_ADMIN_CLAIM must be claim=value (got "groups")',
        'OIDC_OKTA_TEAM_DOMAINS entries must be domain=<team id> (got "example.com=acme")',
      ],
    );
  });

  test('production defaults: no dev sign-in, no admins, strict rate limit', () => {
    const config = loadConfig(production);
    assert.equal(config.mode, 'production');
    assert.equal(config.devLogin, false);
    assert.deepEqual(config.adminLogins, []);
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.github?.oauthUrl, 'https://github.com');
    assert.equal(config.github?.apiUrl, 'https://api.github.com');
    assert.equal(config.autoBuild, false);
    assert.equal(config.logFormat, 'json');
  });

  test('demo defaults: dev sign-in, admin login, generous limits, auto build', () => {
    const config = loadConfig({}, ['--demo']);
    assert.equal(config.mode, 'demo');
    assert.equal(config.devLogin, true);
    assert.deepEqual(config.adminLogins, ['admin']);
    assert.equal(config.jwtSecret, null);
    assert.equal(config.autoBuild, true);
    assert.equal(config.rateLimit.max, 300);
    assert.equal(config.logFormat, 'pretty');
    assert.equal(loadConfig({ LOG_FORMAT: 'json' }, ['--demo']).logFormat, 'json');
    assert.equal(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat, 'pretty');
  });

  test('mail, webhooks and the audit log: defaults, ranges, and a sender required with SMTP in production', () => {
    const demo = loadConfig({}, ['--demo']);
    assert.deepEqual(demo.mail, { smtpUrl: null, from: 'AI Model Gateway <alerts@example.com>' });
    assert.deepEqual(demo.webhooks, { allowPrivate: false, timeoutMs: 5_000 });
    assert.deepEqual(demo.auditLog, { retentionDays: 365 });
    const set = loadConfig(
      {
        SMTP_URL: 'smtps://user:pw@mail.example.com:465',
        ALERTS_FROM: 'Alerts <alerts@example.com>',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOK_TIMEOUT_MS: '2000',
        AUDIT_LOG_RETENTION_DAYS: '30',
      },
      ['--demo'],
    );
    assert.equal(set.mail.smtpUrl, 'smtps://user:pw@mail.example.com:465');
    assert.deepEqual([set.webhooks, set.auditLog.retentionDays], [{ allowPrivate: true, timeoutMs: 2_000 }, 30]);
    assert.deepEqual(problems({ ...production, SMTP_URL: 'smtp://mail.example.com' }), [
      'ALERTS_FROM is required in production when SMTP_URL is set',
    ]);
    assert.deepEqual(
      problems({ SMTP_URL: 'http://user:secret@x', ALERTS_FROM: 'nobody', AUDIT_LOG_RETENTION_DAYS: '0' }, ['--demo']),
      [
        'SMTP_URL must be an smtp:// or smtps:// URL with a host',
        'ALERTS_FROM must be an email address, or a name and <address> (got "nobody")',
        'AUDIT_LOG_RETENTION_DAYS must be an integer between 1 and 3650 (got "0")',
      ],
    );
  });

  test('demo mode with GitHub configured uses GitHub, not dev sign-in', () => {
    assert.equal(loadConfig({ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b' }, ['--demo']).devLogin, false);
  });

  test('invalid values are reported by name', () => {
    const found = problems(
      {
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'not a url',
        CORS_ORIGINS: 'https://ok.example,https://bad.example/path',
        LOG_LEVEL: 'loud',
        LOG_FORMAT: 'xml',
        COOKIE_SECURE: 'maybe',
        GITHUB_CLIENT_ID: 'only-id',
      },
      ['--demo'],
    ).join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'PUBLIC_URL',
      'CORS_ORIGINS',
      'LOG_LEVEL',
      'LOG_FORMAT',
      'COOKIE_SECURE',
      'GITHUB_CLIENT_SECRET',
    ]) {
      assert.match(found, new RegExp(name));
    }
  });

  test('gateway: echo in demo mode only, providers offered only with a key, each API`s default base URL', () => {
    const demo = loadConfig({}, ['--demo']).gateway;
    assert.equal(demo.echo, true);
    assert.equal(demo.upstreamTimeoutMs, 120_000);
    assert.equal(demo.defaultMaxTokens, 4096);
    assert.equal(demo.rateLimitPerMinute, 600);
    assert.deepEqual(demo.providers, {
      anthropic: { baseUrl: 'https://api.anthropic.com/v1', apiKey: null },
      openai: { baseUrl: 'https://api.openai.com/v1', apiKey: null },
      google: { baseUrl: 'https://generativelanguage.googleapis.com/v1beta', apiKey: null },
      openrouter: { baseUrl: 'https://openrouter.ai/api/v1', apiKey: null },
    });
    assert.equal(loadConfig(production).gateway.echo, false);
    const configured = loadConfig(
      {
        ANTHROPIC_API_KEY: ' sk-ant ',
        ANTHROPIC_BASE_URL: 'https://proxy.example/anthropic/v1/',
        GATEWAY_ECHO: 'false',
      },
      ['--demo'],
    ).gateway;
    assert.deepEqual(configured.providers.anthropic, {
      baseUrl: 'https://proxy.example/anthropic/v1',
      apiKey: 'sk-ant',
    });
    assert.equal(configured.echo, false);
  });

  test('gateway settings are validated by name', () => {
    const found = problems(
      {
        OPENAI_BASE_URL: 'api.openai.com',
        GOOGLE_BASE_URL: 'ftp://google.example',
        GATEWAY_ECHO: 'sometimes',
        GATEWAY_UPSTREAM_TIMEOUT_MS: '5s',
        GATEWAY_DEFAULT_MAX_TOKENS: '0',
        GATEWAY_RATE_LIMIT_PER_MINUTE: '-1',
      },
      ['--demo'],
    ).join('\n');
    for (const name of [
      'OPENAI_BASE_URL',
      'GOOGLE_BASE_URL',
      'GATEWAY_ECHO',
      'GATEWAY_UPSTREAM_TIMEOUT_MS',
      'GATEWAY_DEFAULT_MAX_TOKENS',
      'GATEWAY_RATE_LIMIT_PER_MINUTE',
    ]) {
      assert.match(found, new RegExp(name));
    }
  });

  test('REDIS_URL: unset by default (each instance counts alone), else a redis:// or rediss:// URL with a host', () => {
    assert.equal(loadConfig({}, ['--demo']).redisUrl, null);
    for (const good of ['redis://127.0.0.1:6379', 'rediss://:secret@cache.example:6380/2']) {
      assert.equal(loadConfig({ REDIS_URL: good }, ['--demo']).redisUrl, good);
    }
    for (const bad of ['127.0.0.1:6379', 'http://cache.example', 'redis://', 'redis://cache.example:99999']) {
      assert.deepEqual(problems({ REDIS_URL: bad }, ['--demo']), [
        'REDIS_URL must be a redis:// or rediss:// URL with a host',
      ]);
    }
  });

  test('CACHE_STORE: the database alone, Redis with REDIS_URL unless the operator keeps the database', () => {
    const store = (env: Record<string, string>) => loadConfig(env, ['--demo']).gateway.cache.store;
    assert.equal(store({}), 'database');
    assert.equal(store({ REDIS_URL: 'redis://127.0.0.1:6379' }), 'redis');
    assert.equal(store({ REDIS_URL: 'redis://127.0.0.1:6379', CACHE_STORE: 'database' }), 'database');
    assert.deepEqual(problems({ CACHE_STORE: 'redis' }, ['--demo']), ['CACHE_STORE=redis needs REDIS_URL.']);
    assert.match(problems({ CACHE_STORE: 'memory' }, ['--demo']).join('\n'), /CACHE_STORE/);
  });

  test('FILES_STORE=s3: FILES_S3_BUCKET required, keys as a pair (else the SDK chain), path-style with an endpoint', () => {
    const s3 = (env: Record<string, string>) => loadConfig({ FILES_STORE: 's3', ...env }, ['--demo']).files.s3;
    assert.equal(loadConfig({}, ['--demo']).files.s3, null);
    assert.deepEqual(s3({ FILES_S3_BUCKET: 'gateway-files' }), {
      bucket: 'gateway-files',
      endpoint: null,
      region: 'us-east-1',
      prefix: 'files/',
      forcePathStyle: false,
      credentials: null,
    });
    assert.deepEqual(
      s3({
        FILES_S3_BUCKET: 'gateway-files',
        FILES_S3_ENDPOINT: 'http://minio.internal:9000/',
        FILES_S3_REGION: 'eu-central-1',
        FILES_S3_PREFIX: 'prod/files/',
        FILES_S3_ACCESS_KEY_ID: 'minio-user',
        FILES_S3_SECRET_ACCESS_KEY: 'minio-password',
      }),
      {
        bucket: 'gateway-files',
        endpoint: 'http://minio.internal:9000',
        region: 'eu-central-1',
        prefix: 'prod/files/',
        forcePathStyle: true,
        credentials: { accessKeyId: 'minio-user', secretAccessKey: 'minio-password' },
      },
    );
    const virtualHosted = { FILES_S3_BUCKET: 'b', FILES_S3_ENDPOINT: 'https://s3.example.com' };
    assert.equal(s3({ ...virtualHosted, FILES_S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle, false);

    assert.deepEqual(problems({ FILES_STORE: 's3' }, ['--demo']), [
      'FILES_S3_BUCKET is required when FILES_STORE is s3',
    ]);
    const unpaired = problems({ FILES_STORE: 's3', FILES_S3_BUCKET: 'b', FILES_S3_SECRET_ACCESS_KEY: 'hush' }, [
      '--demo',
    ]);
    assert.deepEqual(unpaired, ['FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY must be set together']);
    assert.deepEqual(
      problems({ FILES_STORE: 's3', FILES_S3_BUCKET: 'b', FILES_S3_ENDPOINT: 'minio:9000' }, ['--demo']),
      ['FILES_S3_ENDPOINT must be an absolute http(s) URL (got "minio:9000")'],
    );
    assert.deepEqual(problems({ FILES_STORE: 'gcs' }, ['--demo']), [
      'FILES_STORE must be one of database, directory, s3 (got "gcs")',
    ]);
  });

  test('the request log keeps 90 days unless REQUEST_LOG_RETENTION_DAYS says otherwise, from 1 to 3650', () => {
    assert.equal(loadConfig({}, ['--demo']).requestLog.retentionDays, 90);
    assert.equal(loadConfig({ REQUEST_LOG_RETENTION_DAYS: '7' }, ['--demo']).requestLog.retentionDays, 7);
    for (const bad of ['0', '3651', '30d']) {
      assert.match(problems({ REQUEST_LOG_RETENTION_DAYS: bad }, ['--demo']).join('\n'), /REQUEST_LOG_RETENTION_DAYS/);
    }
  });

  test('payments: the sandbox by default; Stripe needs its secret key and webhook secret, never echoed', () => {
    assert.deepEqual(loadConfig({}, ['--demo']).payments, { provider: 'sandbox' });
    const stripe = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_x1+/=',
    };
    assert.deepEqual(loadConfig(stripe, ['--demo']).payments, {
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_51Abc', webhookSecret: 'whsec_x1+/=', apiUrl: 'https://api.stripe.com' },
    });
    assert.deepEqual(problems({ PAYMENTS_PROVIDER: 'stripe' }, ['--demo']), [
      'STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER is stripe',
      'STRIPE_WEBHOOK_SECRET is required when PAYMENTS_PROVIDER is stripe',
    ]);
    const wrong = problems({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_publishable', STRIPE_WEBHOOK_SECRET: 'secret!' }, [
      '--demo',
    ]);
    assert.deepEqual(wrong, [
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_..., sk_live_..., or a restricted rk_... key)',
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)',
    ]);
    assert.doesNotMatch(wrong.join('\n'), /publishable|secret!/);
    assert.deepEqual(problems({ PAYMENTS_PROVIDER: 'paypal' }, ['--demo']), [
      'PAYMENTS_PROVIDER must be one of sandbox, stripe (got "paypal")',
    ]);
    assert.match(problems({ ...stripe, STRIPE_API_URL: 'ftp://x' }, ['--demo']).join(), /STRIPE_API_URL/);
  });

  test("the operator's details: demo defaults, required for Stripe in production, checked", () => {
    const demo = loadConfig({}, ['--demo']).operator;
    assert.equal(demo.name, 'AI Model Gateway Demo Operator');
    assert.equal(demo.taxId, 'DEMO-TAX-000000');
    const stripe = { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    assert.deepEqual(problems({ ...production, ...stripe }), [
      'OPERATOR_NAME is required in production with PAYMENTS_PROVIDER=stripe (invoices)',
      'OPERATOR_ADDRESS is required in production with PAYMENTS_PROVIDER=stripe (invoices)',
      'OPERATOR_EMAIL is required in production with PAYMENTS_PROVIDER=stripe (invoices)',
    ]);
    const operator = loadConfig({
      ...production,
      ...stripe,
      OPERATOR_NAME: 'Gateway Ltd',
      OPERATOR_ADDRESS: '1 High St\\nLondon  \n\nUK',
      OPERATOR_EMAIL: 'billing@gateway.example',
    }).operator;
    assert.deepEqual(operator, {
      name: 'Gateway Ltd',
      addressLines: ['1 High St', 'London', 'UK'],
      taxId: null,
      email: 'billing@gateway.example',
    });
    assert.deepEqual(problems({ OPERATOR_EMAIL: 'nope', OPERATOR_ADDRESS: 'a\nb\nc\nd\ne\nf\ng' }, ['--demo']), [
      'OPERATOR_ADDRESS must be at most 6 lines',
      'OPERATOR_EMAIL must be an email address (got "nope")',
    ]);
  });

  test('npm run serve refuses to start without production settings', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'main.ts')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: '/nonexistent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /GITHUB_CLIENT_ID is required in production/);
    assert.match(result.stderr, /JWT_SECRET/);
  });
});
