import path from 'node:path';
import type { UpstreamProvider } from '../contract/providers';
import { NETWORK_PROVIDERS } from './providers/registry';
import type { CacheTtlBounds } from './cache/cacheRequest';
import type { CacheSizeLimits } from './cache/cacheStore';

/** Everything the server reads from the environment, parsed and validated here and nowhere else. */
export interface Config {
  mode: 'demo' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  distDir: string;
  /** Demo mode rebuilds a stale dist/ before listening; off when DIST_DIR points elsewhere. */
  autoBuild: boolean;
  publicUrl: string | null;
  appUrl: string | null;
  /** Null only in demo mode, where main.ts generates and persists one. */
  jwtSecret: string | null;
  github: { clientId: string; clientSecret: string; oauthUrl: string; apiUrl: string } | null;
  devLogin: boolean;
  adminLogins: string[];
  corsOrigins: string[];
  /** Null: decided per request (https or not). An https PUBLIC_URL makes it true unless COOKIE_SECURE says false. */
  cookieSecure: boolean | null;
  trustProxy: boolean;
  logLevel: string;
  /** JSON lines for log collectors, or one readable line per record (and per request) for a person. */
  logFormat: 'pretty' | 'json';
  /** Names this instance's gateway holds; null: main.ts keeps a generated one in DATA_DIR. */
  instanceId: string | null;
  /**
   * On SIGTERM, how long /readyz answers 503 before the server stops accepting: the time a load balancer needs to see
   * the instance down (docs/deploy.md). 0 for a lone server.
   */
  drainDelayMs: number;
  /**
   * Whether the served app connects to the Redux DevTools extension (its state and actions, with secrets and tokens
   * taken out: src/store/devTools.ts). On in demo mode, off in production unless an operator turns it on.
   */
  reduxDevtools: boolean;
  rateLimit: { enabled: boolean; max: number; windowMs: number };
  /** Where every instance counts its rate limits together; null: each instance counts on its own, in memory. */
  redisUrl: string | null;
  gateway: GatewayConfig;
  /**
   * Reconciliation against the providers' reports (docs/gateway.md#reconciliation): a day and model is flagged when
   * the two sides' tokens differ by more than this percent.
   */
  reconciliation: { tolerancePercent: number };
  /** Request log events older than this many days are deleted in the background (usage_daily keeps the reports). */
  requestLog: { retentionDays: number };
  /** Who takes the money for payment links (docs/payments.md): the built-in sandbox, or Stripe Checkout. */
  payments: PaymentsConfig;
  /** The operator's legal details, printed on every invoice, credit note and statement as the seller. */
  operator: OperatorDetails;
  /** Where email goes (docs/alerts.md#email): an SMTP server, or, without SMTP_URL, the outbox administrators read. */
  mail: MailConfig;
  /** How alert webhooks are sent (docs/alerts.md#webhooks). */
  webhooks: { allowPrivate: boolean; timeoutMs: number };
  /** The MCP gateway (docs/mcp.md): whether registered servers may be at private addresses, and a tool call's limit. */
  mcp: { allowPrivate: boolean; toolTimeoutMs: number };
  /** Uploaded files and batch results (docs/batches.md#files). */
  files: FilesConfig;
  /** Audit log entries older than this many days are deleted in the background (docs/audit.md). */
  auditLog: { retentionDays: number };
  /** GET /metrics for Prometheus (docs/operations.md#metrics); null, the default: no metrics are kept. */
  metrics: { token: string } | null;
  /** OpenTelemetry traces over OTLP/HTTP (docs/operations.md#traces); null, the default: off, nothing loaded. */
  tracing: TracingConfig | null;
  /** OpenID Connect providers signed in with beside GitHub (docs/operations.md#single-sign-on); none by default. */
  sso: OidcProviderConfig[];
}

export interface MailConfig {
  /** smtp:// or smtps://, with user and password if the server wants them; null: mail is kept in the outbox. */
  smtpUrl: string | null;
  /** The From of every email (ALERTS_FROM). */
  from: string;
}

export interface OidcProviderConfig {
  /** In the provider's URLs (/v1/oauth/oidc/<id>/login) and its variables (OIDC_<ID>_...). */
  id: string;
  /** What the login page's button names: "Sign in with <name>". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** A claim and the value that makes its holder an administrator (`groups=gateway-admins`); null: ADMIN_LOGINS. */
  adminClaim: { claim: string; value: string } | null;
  /** A verified email's domain and the team its holder joins on first sign-in (`example.com=<team id>`). */
  teamDomains: { domain: string; teamId: string }[];
}

export interface TracingConfig {
  /** Where spans are POSTed (OTLP/HTTP JSON): OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or the base endpoint + /v1/traces. */
  tracesUrl: string;
  serviceName: string;
  /** Prompts (and the request's messages) on the spans: off unless the operator turns it on. */
  captureContent: boolean;
}

/** The payment providers PAYMENTS_PROVIDER names; each is a folder of server/payments/. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
/** Where the response cache keeps its answers (docs/gateway.md#caching). */
export const CACHE_STORES = ['database', 'redis'] as const;
/** Where uploaded files are kept (docs/batches.md#files). */
export const FILE_STORES = ['database', 'directory', 's3'] as const;

export interface FilesConfig {
  /** In the database (the default: every instance sees them), in a directory the instances share, or in a bucket. */
  store: (typeof FILE_STORES)[number];
  /** FILES_DIR: the directory, when the store is `directory`. */
  dir: string;
  /** FILES_S3_*: the bucket, when the store is `s3` (null otherwise). */
  s3: S3StoreConfig | null;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** A file is deleted this many days after it was uploaded or written. */
  retentionDays: number;
  /**
   * BATCHES_VIA_PROVIDER: a batch of one deployment of a provider with a Batch API is sent to it whole, at the
   * provider's batch price (docs/batches.md#the-providers-batch-api); false: every batch's lines run through the
   * gateway one by one.
   */
  batchesViaProvider: boolean;
  /** BATCHES_PROVIDER_POLL_MS: how often a batch sent to its provider is asked how it is going. */
  providerPollMs: number;
}

/** A bucket of AWS S3 or of any S3-compatible store (MinIO, Cloudflare R2, Ceph). */
export interface S3StoreConfig {
  bucket: string;
  /** A non-AWS store's URL; null: AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** Put before a file's id to make its object's key. */
  prefix: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most S3-compatible stores expect. */
  forcePathStyle: boolean;
  /** null: the SDK's default chain (AWS_* variables, shared config files, an instance's or a task's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export type PaymentsConfig = { provider: 'sandbox' } | { provider: 'stripe'; stripe: StripeConfig };

export interface StripeConfig {
  secretKey: string;
  /** The signing secret of the webhook endpoint (whsec_…): Stripe's dashboard, or `stripe listen` prints it. */
  webhookSecret: string;
  /** Stripe's API origin; tests point it at a local fake. */
  apiUrl: string;
}

export interface OperatorDetails {
  name: string;
  addressLines: string[];
  taxId: string | null;
  email: string;
}

/** Demo mode's seller (and production's with the sandbox): plainly not a real company. */
export const DEMO_OPERATOR: OperatorDetails = {
  name: 'AI Model Gateway Demo Operator',
  addressLines: ['1 Example Street', 'Example City 10001', 'United States'],
  taxId: 'DEMO-TAX-000000',
  email: 'billing@example.com',
};
const OPERATOR_ADDRESS_LINES = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface GatewayConfig {
  /** Each provider's OpenAI-compatible endpoint; a provider without an API key is not offered. */
  providers: Record<UpstreamProvider, { baseUrl: string; apiKey: string | null }>;
  /** The built-in echo provider (no network), on by default in demo mode. */
  echo: boolean;
  upstreamTimeoutMs: number;
  /** Completion tokens assumed when a request sets no max_tokens, for the credit reservation only. */
  defaultMaxTokens: number;
  /**
   * How a request's credit is held (docs/deploy.md#credit-leases): 'lease', against a slice of the key's credit this
   * instance holds, with no database round trip; 'statement', one statement per request (exact, slower).
   */
  admission: 'lease' | 'statement';
  /** Requests per minute per API key (when RATE_LIMIT_ENABLED). */
  rateLimitPerMinute: number;
  /**
   * Encrypts provider credentials entered in the admin UI (lib/secretBox.ts). Null: credentials cannot be stored (the
   * environment keys still work). Demo mode has a fixed demo-only default.
   */
  credentialsKey: string | null;
  /**
   * The response cache (docs/gateway.md#caching): where its answers are kept, the TTLs, and the size of an entry and of
   * a team's cache.
   */
  cache: { store: (typeof CACHE_STORES)[number]; ttl: CacheTtlBounds; sizes: CacheSizeLimits };
}

/** Their OpenAI-compatible chat completions endpoints, without the trailing /chat/completions. */
/** Demo mode only: encrypts the credentials an admin enters in the demo. Production requires its own key. */
const DEMO_CREDENTIALS_KEY = 'demo-only credentials key, never used in production';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export const REPO_ROOT = path.resolve(__dirname, '..');

function isRedisUrl(raw: string): boolean {
  try {
    const parsed = new URL(raw);
    return (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

export function loadConfig(env: Env, argv: string[] = []): Config {
  const problems: string[] = [];
  const mode = argv.includes('--demo') ? 'demo' : 'production';
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean | null) => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined || raw === null) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, fallback: string | null) => {
    const raw = str(name);
    if (raw === null) return fallback;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be an absolute http(s) URL (got "${raw}")`);
      return fallback;
    }
  };
  const list = (name: string, fallback: string[]) => {
    const raw = str(name);
    return raw === null
      ? fallback
      : raw
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
  };

  const oneOf = <T extends string>(name: string, values: readonly T[], fallback: T): T => {
    const raw = str(name);
    if (raw === null) return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
    return fallback;
  };

  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const redisUrl = str('REDIS_URL');
  if (redisUrl !== null && !isRedisUrl(redisUrl)) {
    // Not echoed: the URL may carry the password.
    problems.push('REDIS_URL must be a redis:// or rediss:// URL with a host');
  }

  const jwtSecret = str('JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');

  const clientId = str('GITHUB_CLIENT_ID');
  const clientSecret = str('GITHUB_CLIENT_SECRET');
  if ((clientId === null) !== (clientSecret === null)) {
    problems.push('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together');
  }
  const oauthUrl = url('GITHUB_OAUTH_URL', 'https://github.com')!;
  const apiUrl = url('GITHUB_API_URL', 'https://api.github.com')!;
  const github = clientId && clientSecret ? { clientId, clientSecret, oauthUrl, apiUrl } : null;

  if (mode === 'production') {
    // Someone must be able to sign in: GitHub, or an OpenID provider.
    if (!str('OIDC_PROVIDERS')) {
      if (!clientId)
        problems.push('GITHUB_CLIENT_ID is required in production (npm run serve) unless OIDC_PROVIDERS is set');
      if (!clientSecret)
        problems.push('GITHUB_CLIENT_SECRET is required in production (npm run serve) unless OIDC_PROVIDERS is set');
    }
    if (!jwtSecret) problems.push('JWT_SECRET (at least 32 characters) is required in production (npm run serve)');
  }

  const corsOrigins = list('CORS_ORIGINS', []);
  for (const origin of corsOrigins) {
    try {
      if (new URL(origin).origin !== origin) throw new Error('not an origin');
    } catch {
      problems.push(`CORS_ORIGINS entries must be origins like https://app.example.com (got "${origin}")`);
    }
  }

  const instanceId = str('INSTANCE_ID');
  if (instanceId !== null && !/^[A-Za-z0-9._-]{1,64}$/.test(instanceId)) {
    problems.push('INSTANCE_ID must be 1-64 letters, digits, dots, dashes or underscores');
  }

  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = str('LOG_FORMAT') ?? (mode === 'demo' ? 'pretty' : 'json');
  if (logFormat !== 'pretty' && logFormat !== 'json') problems.push('LOG_FORMAT must be pretty or json');

  const providers = Object.fromEntries(
    NETWORK_PROVIDERS.map(({ name, defaultBaseUrl }) => {
      const prefix = name.toUpperCase();
      return [name, { baseUrl: url(`${prefix}_BASE_URL`, defaultBaseUrl!)!, apiKey: str(`${prefix}_API_KEY`) }];
    }),
  ) as GatewayConfig['providers'];

  const credentialsKey = str('GATEWAY_CREDENTIALS_KEY') ?? (mode === 'demo' ? DEMO_CREDENTIALS_KEY : null);
  if (credentialsKey !== null && credentialsKey.length < 32) {
    problems.push('GATEWAY_CREDENTIALS_KEY must be at least 32 characters (64 hex characters: openssl rand -hex 32)');
  }

  const payments = paymentsConfig(oneOf('PAYMENTS_PROVIDER', PAYMENT_PROVIDERS, 'sandbox'), str, url, problems);
  const operator = operatorDetails(str, mode === 'production' && payments.provider === 'stripe', problems);

  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const otlpBase = url('OTEL_EXPORTER_OTLP_ENDPOINT', null);
  const tracesUrl = url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', null) ?? (otlpBase && `${otlpBase}/v1/traces`);
  const tracing = tracesUrl
    ? {
        tracesUrl,
        serviceName: str('OTEL_SERVICE_NAME') ?? 'ai-model-gateway',
        captureContent: bool('OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT', false) ?? false,
      }
    : null;

  const sso = list('OIDC_PROVIDERS', []).map((id) => oidcProvider(id, str, url, problems));

  const publicUrl = url('PUBLIC_URL', null);
  const mail = mailConfig(str, mode, problems);
  const filesStore = oneOf('FILES_STORE', FILE_STORES, 'database');
  const customDist = str('DIST_DIR');
  const config: Config = {
    mode,
    port: int('PORT', 8080, 0, 65535),
    host: str('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(str('DATA_DIR') ?? './data'),
    databaseUrl,
    distDir: customDist ? path.resolve(customDist) : path.join(REPO_ROOT, 'dist'),
    autoBuild: mode === 'demo' && customDist === null,
    publicUrl,
    appUrl: url('APP_URL', null),
    jwtSecret,
    github,
    devLogin: mode === 'demo' && github === null,
    adminLogins: list('ADMIN_LOGINS', mode === 'demo' ? ['admin'] : []).map((login) => login.toLowerCase()),
    corsOrigins,
    cookieSecure: bool('COOKIE_SECURE', null) ?? (publicUrl?.startsWith('https:') ? true : null),
    trustProxy: bool('TRUST_PROXY', false) ?? false,
    logLevel,
    logFormat: logFormat === 'pretty' ? 'pretty' : 'json',
    instanceId,
    drainDelayMs: int('DRAIN_DELAY_MS', 0, 0, 600_000),
    reduxDevtools: bool('REDUX_DEVTOOLS', mode === 'demo') ?? mode === 'demo',
    rateLimit: {
      enabled: bool('RATE_LIMIT_ENABLED', true) ?? true,
      max: int('RATE_LIMIT_MAX', mode === 'demo' ? 300 : 30, 1, 1_000_000),
      windowMs: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    },
    redisUrl,
    gateway: {
      providers,
      echo: bool('GATEWAY_ECHO', mode === 'demo') ?? mode === 'demo',
      upstreamTimeoutMs: int('GATEWAY_UPSTREAM_TIMEOUT_MS', 120_000, 100, 3_600_000),
      defaultMaxTokens: int('GATEWAY_DEFAULT_MAX_TOKENS', 4096, 1, 1_000_000),
      rateLimitPerMinute: int('GATEWAY_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
      admission: oneOf('GATEWAY_ADMISSION', ['lease', 'statement'] as const, 'lease'),
      credentialsKey,
      cache: {
        // With REDIS_URL, a cluster's instances share the cache in Redis unless the operator keeps it in the database.
        store: oneOf('CACHE_STORE', CACHE_STORES, redisUrl ? 'redis' : 'database'),
        ttl: {
          defaultSeconds: int('CACHE_TTL_DEFAULT_SECONDS', 3_600, 1, 31_536_000),
          maxSeconds: int('CACHE_TTL_MAX_SECONDS', 604_800, 1, 31_536_000),
        },
        sizes: {
          entryBytes: int('CACHE_ENTRY_MAX_BYTES', 1_048_576, 1_024, 104_857_600),
          teamBytes: int('CACHE_TEAM_MAX_BYTES', 104_857_600, 1_024, 107_374_182_400),
        },
      },
    },
    reconciliation: { tolerancePercent: int('RECONCILE_TOLERANCE_PERCENT', 2, 0, 100) },
    requestLog: { retentionDays: int('REQUEST_LOG_RETENTION_DAYS', 90, 1, 3650) },
    payments,
    operator,
    mail,
    webhooks: {
      allowPrivate: bool('WEBHOOKS_ALLOW_PRIVATE', false) ?? false,
      timeoutMs: int('WEBHOOK_TIMEOUT_MS', 5_000, 100, 30_000),
    },
    mcp: {
      allowPrivate: bool('MCP_ALLOW_PRIVATE', false) ?? false,
      toolTimeoutMs: int('MCP_TOOL_TIMEOUT_MS', 60_000, 1_000, 600_000),
    },
    files: {
      store: filesStore,
      dir: path.resolve(str('FILES_DIR') ?? path.join(str('DATA_DIR') ?? './data', 'files')),
      s3: filesStore === 's3' ? s3StoreConfig(str, url, bool, problems) : null,
      maxBytes: int('FILES_MAX_BYTES', 100 * 1024 * 1024, 1_024, 2 * 1024 * 1024 * 1024),
      retentionDays: int('FILES_RETENTION_DAYS', 30, 1, 3650),
      batchesViaProvider: bool('BATCHES_VIA_PROVIDER', true) ?? true,
      providerPollMs: int('BATCHES_PROVIDER_POLL_MS', 10_000, 100, 3_600_000),
    },
    auditLog: { retentionDays: int('AUDIT_LOG_RETENTION_DAYS', 365, 1, 3650) },
    metrics: metricsToken ? { token: metricsToken } : null,
    tracing,
    sso,
  };
  const { ttl, store } = config.gateway.cache;
  if (store === 'redis' && redisUrl === null) problems.push('CACHE_STORE=redis needs REDIS_URL.');
  if (ttl.defaultSeconds > ttl.maxSeconds) {
    problems.push(
      `CACHE_TTL_DEFAULT_SECONDS (${ttl.defaultSeconds}) must not be more than CACHE_TTL_MAX_SECONDS (${ttl.maxSeconds}).`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

type Read = (name: string) => string | null;

const DEMO_FROM = 'AI Model Gateway <alerts@example.com>';
/** `Name <address>` or a bare address. */
const MAILBOX = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** SMTP_URL and ALERTS_FROM: a sender is required in production once mail really goes out. */
function mailConfig(str: Read, mode: Config['mode'], problems: string[]): MailConfig {
  const smtpUrl = str('SMTP_URL');
  if (smtpUrl !== null) {
    let valid = false;
    try {
      const parsed = new URL(smtpUrl);
      valid = (parsed.protocol === 'smtp:' || parsed.protocol === 'smtps:') && parsed.hostname !== '';
    } catch {
      valid = false;
    }
    // Not echoed: the URL may carry the password.
    if (!valid) problems.push('SMTP_URL must be an smtp:// or smtps:// URL with a host');
  }
  const from = str('ALERTS_FROM');
  if (from !== null && !MAILBOX.test(from)) {
    problems.push(`ALERTS_FROM must be an email address, or a name and <address> (got "${from}")`);
  }
  if (from === null && smtpUrl !== null && mode === 'production') {
    problems.push('ALERTS_FROM is required in production when SMTP_URL is set');
  }
  return { smtpUrl, from: from ?? DEMO_FROM };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** OIDC_<ID>_ISSUER, _CLIENT_ID and _CLIENT_SECRET (required); _NAME, _SCOPES, _ADMIN_CLAIM, _TEAM_DOMAINS. */
function oidcProvider(
  id: string,
  str: Read,
  url: (name: string, fallback: string | null) => string | null,
  problems: string[],
): OidcProviderConfig {
  if (!/^[a-z0-9-]{1,32}$/.test(id)) {
    problems.push(`OIDC_PROVIDERS entries must be 1-32 lowercase letters, digits or dashes (got "${id}")`);
  }
  const prefix = `OIDC_${id.toUpperCase().replace(/-/g, '_')}_`;
  const required = (name: string) => {
    const value = str(prefix + name);
    if (value === null) problems.push(`${prefix}${name} is required for the OpenID provider "${id}"`);
    return value ?? '';
  };
  const issuer = str(prefix + 'ISSUER') === null ? required('ISSUER') : (url(prefix + 'ISSUER', null) ?? '');
  const adminClaim = str(prefix + 'ADMIN_CLAIM');
  const [claim, value] = adminClaim?.split('=', 2).map((part) => part.trim()) ?? [];
  if (adminClaim !== null && (!claim || !value)) {
    problems.push(`${prefix}ADMIN_CLAIM must be claim=value (got "${adminClaim}")`);
  }
  const teamDomains = (str(prefix + 'TEAM_DOMAINS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [domain, teamId] = entry.split('=', 2).map((part) => part.trim().toLowerCase());
      if (!domain || !UUID.test(teamId ?? '')) {
        problems.push(`${prefix}TEAM_DOMAINS entries must be domain=<team id> (got "${entry}")`);
      }
      return { domain, teamId };
    });
  return {
    id,
    name: str(prefix + 'NAME') ?? id,
    issuer,
    clientId: required('CLIENT_ID'),
    clientSecret: required('CLIENT_SECRET'),
    scopes: str(prefix + 'SCOPES') ?? 'openid email profile',
    adminClaim: claim && value ? { claim, value } : null,
    teamDomains,
  };
}

function paymentsConfig(
  provider: (typeof PAYMENT_PROVIDERS)[number],
  str: Read,
  url: (name: string, fallback: string) => string | null,
  problems: string[],
): PaymentsConfig {
  if (provider === 'sandbox') return { provider };
  // Neither secret is ever echoed in a message.
  const secretKey = str('STRIPE_SECRET_KEY');
  if (secretKey === null) problems.push('STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER is stripe');
  else if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(secretKey)) {
    problems.push(
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_..., sk_live_..., or a restricted rk_... key)',
    );
  }
  const webhookSecret = str('STRIPE_WEBHOOK_SECRET');
  if (webhookSecret === null) problems.push('STRIPE_WEBHOOK_SECRET is required when PAYMENTS_PROVIDER is stripe');
  else if (!/^whsec_[A-Za-z0-9+/=]+$/.test(webhookSecret)) {
    problems.push('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)');
  }
  const apiUrl = url('STRIPE_API_URL', 'https://api.stripe.com') ?? 'https://api.stripe.com';
  return { provider, stripe: { secretKey: secretKey ?? '', webhookSecret: webhookSecret ?? '', apiUrl } };
}

/** FILES_S3_*: the bucket is required; the keys come as a pair, or not at all for the SDK's own chain. */
function s3StoreConfig(
  str: Read,
  url: (name: string, fallback: null) => string | null,
  bool: (name: string, fallback: boolean) => boolean | null,
  problems: string[],
): S3StoreConfig {
  const bucket = str('FILES_S3_BUCKET');
  if (bucket === null) problems.push('FILES_S3_BUCKET is required when FILES_STORE is s3');
  // Neither key is ever echoed in a message.
  const accessKeyId = str('FILES_S3_ACCESS_KEY_ID');
  const secretAccessKey = str('FILES_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    problems.push('FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY must be set together');
  }
  const endpoint = url('FILES_S3_ENDPOINT', null);
  return {
    bucket: bucket ?? '',
    endpoint,
    region: str('FILES_S3_REGION') ?? 'us-east-1',
    prefix: str('FILES_S3_PREFIX') ?? 'files/',
    forcePathStyle: bool('FILES_S3_FORCE_PATH_STYLE', endpoint !== null) ?? endpoint !== null,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}

/**
 * OPERATOR_*: the seller on every document. Taking real money in production needs the real ones; elsewhere the demo
 * operator stands in for what is not set. OPERATOR_ADDRESS is one line per address line (a newline or a literal \n).
 */
function operatorDetails(str: Read, required: boolean, problems: string[]): OperatorDetails {
  const name = str('OPERATOR_NAME');
  const address = str('OPERATOR_ADDRESS');
  const email = str('OPERATOR_EMAIL');
  if (required) {
    for (const [variable, value] of [
      ['OPERATOR_NAME', name],
      ['OPERATOR_ADDRESS', address],
      ['OPERATOR_EMAIL', email],
    ] as const) {
      if (value === null)
        problems.push(`${variable} is required in production with PAYMENTS_PROVIDER=stripe (invoices)`);
    }
  }
  if (name !== null && name.length > 200) problems.push('OPERATOR_NAME must be at most 200 characters');
  const addressLines = address
    ?.split(/\r?\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (addressLines && addressLines.length > OPERATOR_ADDRESS_LINES) {
    problems.push(`OPERATOR_ADDRESS must be at most ${OPERATOR_ADDRESS_LINES} lines`);
  }
  if (email !== null && !EMAIL.test(email)) problems.push(`OPERATOR_EMAIL must be an email address (got "${email}")`);
  const taxId = str('OPERATOR_TAX_ID');
  const configured = name !== null || address !== null;
  return {
    name: name ?? DEMO_OPERATOR.name,
    addressLines: addressLines?.length ? addressLines : DEMO_OPERATOR.addressLines,
    // The demo's tax id goes with the demo's name only: a real operator without one prints none.
    taxId: taxId ?? (configured ? null : DEMO_OPERATOR.taxId),
    email: email ?? DEMO_OPERATOR.email,
  };
}
