import path from 'node:path';
import { createEnvReader, type Env, type Mode } from './lib/envReader';
import { readMailSettings, type MailConfig } from './mail/settings';
import { readSsoSettings, type OidcProviderConfig } from './sso/settings';
import { readTracingSettings, type TracingConfig } from './tracing/settings';
import { readPaymentSettings, type PaymentsConfig } from './payments/settings';
import { readOperatorSettings, type OperatorDetails } from './invoicing/settings';
import { readFilesSettings, type FilesConfig } from './batches/settings';
import { checkCacheSettings, readGatewaySettings, readProviderSettings, type GatewayConfig } from './gateway/settings';

// Each room parses its own settings from the environment (its settings.ts: mail, sso, tracing, payments, invoicing's
// seller, batches' files, the gateway); this file reads the server's own (ports, sign-in, logs, limits) and gathers the rest, so that
// start-up reports every problem at once (docs/server.md#configuration).

/** Everything the server reads from the environment, parsed and validated here and nowhere else. */
export interface Config {
  mode: Mode;
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

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

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
  const read = createEnvReader(env, argv.includes('--demo') ? 'demo' : 'production');
  const { mode, problems, str, int, bool, url, list } = read;
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

  const providerSettings = readProviderSettings(read);
  const payments = readPaymentSettings(read);
  const operator = readOperatorSettings(read, mode === 'production' && payments.provider === 'stripe');

  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const tracing = readTracingSettings(read);
  const sso = readSsoSettings(read);

  const publicUrl = url('PUBLIC_URL', null);
  const mail = readMailSettings(read);
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
    gateway: readGatewaySettings(read, providerSettings, redisUrl),
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
    files: readFilesSettings(read),
    auditLog: { retentionDays: int('AUDIT_LOG_RETENTION_DAYS', 365, 1, 3650) },
    metrics: metricsToken ? { token: metricsToken } : null,
    tracing,
    sso,
  };
  checkCacheSettings(config.gateway, redisUrl, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
