// Model routes, deployments and provider credentials: display and forms (docs/gateway.md#model-routes-and-
// credentials-admin). The ranges and the name rule are the contract's, the same ones the server validates with.
import { GATEWAY_PROVIDERS, UPSTREAM_PROVIDERS } from '../../../contract/providers';
import {
  ROUTE_LIMITS,
  ROUTE_NAME_PATTERN,
  SEMANTIC_MODEL_RULE,
  SEMANTIC_THRESHOLD,
  SEMANTIC_THRESHOLD_RULE,
  wholeNumberRule,
} from '../../../contract/rules/routing';
import type {
  DeploymentHealth,
  ModelRoute,
  ModelRouteCreateBody,
  ProviderCredential,
  ReconciliationRow,
  ProviderCredentialBody,
  RouteDeployment,
  RouteDeploymentBody,
  UnsupportedParams,
} from '../../../contract/schemas/routing';
import { formatCount } from '../../lib/numbers';
import { formatClockTime } from '../../lib/time';
import { parseCacheTtl } from '../cache/cacheTtl';
import { formatCents } from '../../../contract/money';

export { GATEWAY_PROVIDERS, UPSTREAM_PROVIDERS };

export const ENVIRONMENT_KEY = 'Environment key';
export const SECRET_HELPER = 'Stored encrypted; it cannot be shown again';

/** '2 deployments: anthropic/claude-sonnet-4, echo/echo-1' in the order they are tried; 'No deployments'. */
export function deploymentsSummary(deployments: Pick<RouteDeployment, 'provider' | 'model'>[]): string {
  if (deployments.length === 0) return 'No deployments';
  const names = deployments.map((d) => `${d.provider}/${d.model}`).join(', ');
  return `${deployments.length} deployment${deployments.length === 1 ? '' : 's'}: ${names}`;
}

/**
 * '1 retry, 200 ms backoff; cool down 30 s after 3 failures', and '; refuses fields it cannot translate' for a route
 * that refuses what a translation would leave out.
 */
export function policySummary(
  route: Pick<ModelRoute, 'max_retries' | 'backoff_ms' | 'cooldown_failures' | 'cooldown_seconds'> &
    Partial<Pick<ModelRoute, 'unsupported_params' | 'cache_enabled' | 'semantic_cache_model'>>,
): string {
  const retries =
    route.max_retries === 0 ? 'No retries' : `${route.max_retries} ${plural(route.max_retries, 'retry', 'retries')}`;
  const refuses = route.unsupported_params === 'refuse' ? '; refuses fields it cannot translate' : '';
  const caches = route.cache_enabled ? '; answers identical requests from the cache' : '';
  const similar = route.semantic_cache_model ? '; finds answers to prompts that mean the same' : '';
  return `${retries}, ${formatCount(route.backoff_ms)} ms backoff; cool down ${formatCount(route.cooldown_seconds)} s after ${route.cooldown_failures} ${plural(route.cooldown_failures, 'failure', 'failures')}${refuses}${caches}${similar}`;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** 'Environment key' when the deployment uses the provider's key from the server's environment. */
export const credentialLabel = (deployment: Pick<RouteDeployment, 'credential_name'>) =>
  deployment.credential_name ?? ENVIRONMENT_KEY;

// ---- Health ----

export type HealthStatus = 'No traffic' | 'Healthy' | 'Degraded' | 'Failing' | 'Cooling down';

/**
 * Cooling down while the gateway's breaker skips it (whatever the window says); else failing from half the requests
 * erroring, degraded from one in twenty; no rows in the window: no traffic.
 */
export function healthStatus(
  health:
    (Pick<DeploymentHealth, 'requests' | 'error_rate'> & Partial<Pick<DeploymentHealth, 'cooling_until'>>) | undefined,
): HealthStatus {
  if (health?.cooling_until) return 'Cooling down';
  if (!health || health.requests === 0) return 'No traffic';
  if (health.error_rate >= 0.5) return 'Failing';
  if (health.error_rate >= 0.05) return 'Degraded';
  return 'Healthy';
}

export const HEALTH_COLORS: Record<HealthStatus, 'default' | 'success' | 'warning' | 'error'> = {
  'No traffic': 'default',
  Healthy: 'success',
  Degraded: 'warning',
  Failing: 'error',
  'Cooling down': 'error',
};

/** '12.5%' (one decimal at most). */
export const formatRate = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** '1,234 ms', or '—' when there is no figure (no streamed request for TTFT). */
export const formatMs = (ms: number | null) => (ms === null ? '—' : `${formatCount(Math.round(ms))} ms`);

/** The health row's name: 'team/default-smart → openai/gpt-4o', or the provider's model called directly. */
export function healthLabel(row: Pick<DeploymentHealth, 'route_name' | 'provider' | 'model'>): string {
  const target = `${row.provider}/${row.model}`;
  return row.route_name ? `${row.route_name} → ${target}` : `${target} (direct)`;
}

/** A p50 / p95 pair in one cell: '120 / 480 ms', or '—' without figures. */
export const percentilePair = (p50: number | null, p95: number | null) =>
  p95 === null ? '—' : `${formatMs(p50).replace(' ms', '')} / ${formatMs(p95)}`;

/** A deployment's circuit breaker: 'Cooling until 9:05:07 AM' while it cools down, else 'Closed'. */
export const breakerText = (coolingUntil: string | null) =>
  coolingUntil ? `Cooling until ${formatClockTime(coolingUntil)}` : 'Closed';

/** The page's tables: their accessible names, as grids on a desktop and as card lists on a phone. */
/** The least height of the routing page's grids, and of their placeholders while the grids' chunk loads. */
export const ROUTING_GRID_MIN_HEIGHT = 200;

export const ROUTING_TABLE_LABELS = {
  routes: 'Model routes',
  deployments: 'Deployments',
  credentials: 'Provider credentials',
  health: 'Provider health',
  reconciliation: 'Reconciliation',
} as const;
export type RoutingTable = keyof typeof ROUTING_TABLE_LABELS;

// ---- Forms: string values as typed, checked before sending ----

type Errors<Values> = Partial<Record<keyof Values, string>>;

function integerError(value: string, limits: (typeof ROUTE_LIMITS)[keyof typeof ROUTE_LIMITS]) {
  const number = value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(number) && number >= limits.minimum && number <= limits.maximum
    ? undefined
    : wholeNumberRule(limits);
}

const withoutUndefined = <T extends object>(errors: T): T =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as T;

export interface RouteFormValues {
  name: string;
  description: string;
  max_retries: string;
  backoff_ms: string;
  cooldown_failures: string;
  cooldown_seconds: string;
  unsupported_params: UnsupportedParams;
  /** The response cache for every request of the route (docs/gateway.md#caching); the TTL as typed, '' the default. */
  cache_enabled: boolean;
  cache_ttl_seconds: string;
  /** The semantic cache (docs/gateway.md#semantic-cache): the embedding model and the similarity, as typed. */
  semantic_enabled: boolean;
  semantic_cache_model: string;
  semantic_cache_threshold: string;
  semantic_conversations: boolean;
  /** Whether the server sent the route's semantic setting: only then may an edit send it (to turn it off). */
  semantic_known: boolean;
  enabled: boolean;
}

/** A new route's form starts from the table's defaults (migrations 7 and 17). */
export const EMPTY_ROUTE_FORM: RouteFormValues = {
  name: '',
  description: '',
  max_retries: '1',
  backoff_ms: '200',
  cooldown_failures: '3',
  cooldown_seconds: '30',
  unsupported_params: 'drop',
  cache_enabled: false,
  cache_ttl_seconds: '',
  semantic_enabled: false,
  semantic_cache_model: '',
  semantic_cache_threshold: String(SEMANTIC_THRESHOLD.default),
  semantic_conversations: false,
  semantic_known: false,
  enabled: true,
};

export const routeFormValues = (route: ModelRoute): RouteFormValues => ({
  name: route.name,
  description: route.description,
  max_retries: String(route.max_retries),
  backoff_ms: String(route.backoff_ms),
  cooldown_failures: String(route.cooldown_failures),
  cooldown_seconds: String(route.cooldown_seconds),
  // An older server does not send it: its routes drop.
  unsupported_params: route.unsupported_params ?? 'drop',
  // Nor these: its routes cache nothing.
  cache_enabled: route.cache_enabled ?? false,
  cache_ttl_seconds: route.cache_ttl_seconds == null ? '' : String(route.cache_ttl_seconds),
  semantic_enabled: Boolean(route.semantic_cache_model),
  semantic_cache_model: route.semantic_cache_model ?? '',
  semantic_cache_threshold: String(route.semantic_cache_threshold ?? SEMANTIC_THRESHOLD.default),
  semantic_conversations: route.semantic_cache_conversations ?? false,
  semantic_known: route.semantic_cache_model !== undefined,
  enabled: route.enabled,
});

export const ROUTE_NAME_RULE = 'Use 1-128 letters, digits, . _ : / or -';

export function routeFormErrors(values: RouteFormValues): Errors<RouteFormValues> {
  return withoutUndefined({
    name: new RegExp(ROUTE_NAME_PATTERN).test(values.name.trim()) ? undefined : ROUTE_NAME_RULE,
    max_retries: integerError(values.max_retries, ROUTE_LIMITS.max_retries),
    backoff_ms: integerError(values.backoff_ms, ROUTE_LIMITS.backoff_ms),
    cooldown_failures: integerError(values.cooldown_failures, ROUTE_LIMITS.cooldown_failures),
    cooldown_seconds: integerError(values.cooldown_seconds, ROUTE_LIMITS.cooldown_seconds),
    // Judged only while the cache is on: a TTL left behind is not sent.
    cache_ttl_seconds: values.cache_enabled ? errorOf(parseCacheTtl(values.cache_ttl_seconds)) : undefined,
    // Judged only while the semantic cache is on, as the TTL is.
    semantic_cache_model:
      values.semantic_enabled && values.semantic_cache_model.trim() === '' ? SEMANTIC_MODEL_RULE : undefined,
    semantic_cache_threshold:
      values.semantic_enabled && parseThreshold(values.semantic_cache_threshold) === null
        ? SEMANTIC_THRESHOLD_RULE
        : undefined,
  });
}

/** The similarity typed, within the contract's range, or null. */
function parseThreshold(text: string): number | null {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  return value >= SEMANTIC_THRESHOLD.minimum && value <= SEMANTIC_THRESHOLD.maximum ? value : null;
}

/**
 * The semantic setting to send: when it is on, or to turn it off on a server that knows it; a server from before it
 * is sent neither field, so it takes the body as it always did.
 */
function semanticPayload(values: RouteFormValues) {
  if (values.semantic_enabled) {
    return {
      semantic_cache_model: values.semantic_cache_model.trim(),
      semantic_cache_threshold: parseThreshold(values.semantic_cache_threshold) as number,
      semantic_cache_conversations: values.semantic_conversations,
    };
  }
  return values.semantic_known ? { semantic_cache_model: null } : {};
}

const errorOf = (parsed: number | null | string) => (typeof parsed === 'string' ? parsed : undefined);

export function routePayload(values: RouteFormValues): ModelRouteCreateBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    max_retries: Number(values.max_retries),
    backoff_ms: Number(values.backoff_ms),
    cooldown_failures: Number(values.cooldown_failures),
    cooldown_seconds: Number(values.cooldown_seconds),
    unsupported_params: values.unsupported_params,
    cache_enabled: values.cache_enabled,
    cache_ttl_seconds: values.cache_enabled ? (parseCacheTtl(values.cache_ttl_seconds) as number | null) : null,
    ...semanticPayload(values),
    enabled: values.enabled,
  };
}

/** The route form's choices for the fields a translation would leave out (contract UNSUPPORTED_PARAMS). */
export const UNSUPPORTED_PARAMS_CHOICES: Record<UnsupportedParams, string> = {
  drop: 'Leave them out and name them in x-gateway-dropped-params',
  refuse: 'Refuse the request, naming the field',
};

export interface DeploymentFormValues {
  provider: string;
  model: string;
  rank: string;
  weight: string;
  /** '' is the environment key. */
  credential_id: string;
  enabled: boolean;
}

export const EMPTY_DEPLOYMENT_FORM: DeploymentFormValues = {
  provider: '',
  model: '',
  rank: '1',
  weight: '1',
  credential_id: '',
  enabled: true,
};

export const deploymentFormValues = (deployment: RouteDeployment): DeploymentFormValues => ({
  provider: deployment.provider,
  model: deployment.model,
  rank: String(deployment.rank),
  weight: String(deployment.weight),
  credential_id: deployment.credential_id ?? '',
  enabled: deployment.enabled,
});

/** The credentials a deployment may use: its provider's only. */
export const credentialsFor = (provider: string, credentials: ProviderCredential[]) =>
  credentials.filter((credential) => credential.provider === provider);

export function deploymentFormErrors(values: DeploymentFormValues): Errors<DeploymentFormValues> {
  return withoutUndefined({
    provider: (GATEWAY_PROVIDERS as readonly string[]).includes(values.provider) ? undefined : 'Provider is required',
    model: values.model.trim() ? undefined : 'Model is required',
    rank: integerError(values.rank, ROUTE_LIMITS.rank),
    weight: integerError(values.weight, ROUTE_LIMITS.weight),
  });
}

export function deploymentPayload(values: DeploymentFormValues): Required<RouteDeploymentBody> {
  return {
    provider: values.provider as RouteDeploymentBody['provider'],
    model: values.model.trim(),
    rank: Number(values.rank),
    weight: Number(values.weight),
    credential_id: values.credential_id || null,
    enabled: values.enabled,
  };
}

export interface CredentialFormValues {
  provider: string;
  name: string;
  secret: string;
  base_url: string;
  /** The provider's admin key, for reconciliation; optional. */
  usage_key: string;
}

export const EMPTY_CREDENTIAL_FORM: CredentialFormValues = {
  provider: '',
  name: '',
  secret: '',
  base_url: '',
  usage_key: '',
};

export const USAGE_KEY_HELPER =
  "Optional: the provider's admin key (OpenAI sk-admin-…, Anthropic sk-ant-admin…), to reconcile against its usage report";

export function credentialFormErrors(values: CredentialFormValues): Errors<CredentialFormValues> {
  return withoutUndefined({
    provider: (UPSTREAM_PROVIDERS as readonly string[]).includes(values.provider) ? undefined : 'Provider is required',
    name: values.name.trim() ? undefined : 'Name is required',
    secret: values.secret.length >= 8 ? undefined : 'The API key must be at least 8 characters',
    base_url:
      values.base_url.trim() === '' || /^https?:\/\/\S+$/.test(values.base_url.trim())
        ? undefined
        : 'Base URL must start with http:// or https://',
    usage_key:
      values.usage_key === '' || values.usage_key.length >= 8
        ? undefined
        : 'The usage key must be at least 8 characters',
  });
}

export function credentialPayload(values: CredentialFormValues): ProviderCredentialBody {
  return {
    provider: values.provider as ProviderCredentialBody['provider'],
    name: values.name.trim(),
    secret: values.secret,
    base_url: values.base_url.trim() || null,
    ...(values.usage_key && { usage_key: values.usage_key }),
  };
}

/** What reconciliation says of a credential, for its row. */
export function reconcileState(
  credential: Pick<ProviderCredential, 'usage_key_hint' | 'reconciled_at' | 'reconcile_error'>,
) {
  if (!credential.usage_key_hint) return 'No usage key';
  if (credential.reconcile_error) return `Failed: ${credential.reconcile_error}`;
  return credential.reconciled_at ? `Reconciled ${formatClockTime(credential.reconciled_at)}` : 'Not reconciled yet';
}

/** Tokens ours / theirs, for a reconciliation cell. */
export const oursTheirs = (ours: number, theirs: number | null) =>
  `${formatCount(ours)} / ${theirs === null ? '—' : formatCount(theirs)}`;

/** A cost ours / theirs (theirs unknown when the provider's cost report had no line for the model). */
export const costsOursTheirs = (ours: number, theirs: number | null) =>
  `${formatCents(ours)} / ${theirs === null ? '—' : formatCents(theirs)}`;

/** A reconciliation row as the page lists it: its credential named. */
export type ReconciliationListRow = ReconciliationRow & { id: string; credential: string };

export function reconciliationRows(
  rows: ReconciliationRow[],
  credentials: Pick<ProviderCredential, 'id' | 'provider' | 'name'>[],
): ReconciliationListRow[] {
  const names = new Map(credentials.map((c) => [c.id, `${c.provider} · ${c.name}`]));
  return rows.map((row) => ({
    ...row,
    id: `${row.credential_id}/${row.day}/${row.model}`,
    credential: names.get(row.credential_id) ?? 'Deleted credential',
  }));
}

/** "Agrees", or what differs, for a reconciliation row. */
export const reconciliationVerdict = (row: Pick<ReconciliationRow, 'differences'>) =>
  row.differences.length === 0 ? 'Agrees' : 'Differs';
