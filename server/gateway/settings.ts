// The gateway's settings (docs/gateway.md, docs/server.md#configuration), read by server/config.ts with every other
// room's.
import type { EnvReader } from '../lib/envReader';
import type { UpstreamProvider } from '../../contract/providers';
import { NETWORK_PROVIDERS } from '../providers/registry';
import type { CacheTtlBounds } from '../cache/cacheRequest';
import type { CacheSizeLimits } from '../cache/cacheStore';

/** Where the response cache keeps its answers (docs/gateway.md#caching). */
export const CACHE_STORES = ['database', 'redis'] as const;

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

/** Demo mode only: encrypts the credentials an admin enters in the demo. Production requires its own key. */
const DEMO_CREDENTIALS_KEY = 'demo-only credentials key, never used in production';

/** Each provider's base URL and key (PROVIDER_BASE_URL, PROVIDER_API_KEY), and the credentials key. */
export function readProviderSettings({ str, url, mode, problems }: EnvReader) {
  const providers = Object.fromEntries(
    NETWORK_PROVIDERS.map(({ name, defaultBaseUrl }) => {
      const prefix = name.toUpperCase();
      return [name, { baseUrl: url(`${prefix}_BASE_URL`, defaultBaseUrl!), apiKey: str(`${prefix}_API_KEY`) }];
    }),
  ) as GatewayConfig['providers'];
  const credentialsKey = str('GATEWAY_CREDENTIALS_KEY') ?? (mode === 'demo' ? DEMO_CREDENTIALS_KEY : null);
  if (credentialsKey !== null && credentialsKey.length < 32) {
    problems.push('GATEWAY_CREDENTIALS_KEY must be at least 32 characters (64 hex characters: openssl rand -hex 32)');
  }
  return { providers, credentialsKey };
}

/** GATEWAY_* and CACHE_*: the gateway's timeouts, defaults, admission and response cache. */
export function readGatewaySettings(
  read: EnvReader,
  { providers, credentialsKey }: ReturnType<typeof readProviderSettings>,
  redisUrl: string | null,
): GatewayConfig {
  const { int, bool, oneOf, mode } = read;
  return {
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
  };
}

/** What the cache's settings say together: checked once every variable is read. */
export function checkCacheSettings(
  { cache: { store, ttl } }: GatewayConfig,
  redisUrl: string | null,
  problems: string[],
) {
  if (store === 'redis' && redisUrl === null) problems.push('CACHE_STORE=redis needs REDIS_URL.');
  if (ttl.defaultSeconds > ttl.maxSeconds) {
    problems.push(
      `CACHE_TTL_DEFAULT_SECONDS (${ttl.defaultSeconds}) must not be more than CACHE_TTL_MAX_SECONDS (${ttl.maxSeconds}).`,
    );
  }
}
