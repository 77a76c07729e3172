import { Type, type Static } from 'typebox';
import { GATEWAY_PROVIDERS, UPSTREAM_PROVIDERS } from '../providers';
import { CacheTtlSeconds } from './cacheTtl';
import { Composite, LiteralUnion, MODEL_NAME_MESSAGE, Nullable } from './common';
import {
  type RouteLimitField,
  ROUTE_LIMITS,
  wholeNumberRule,
  UNSUPPORTED_PARAMS,
  ROUTE_NAME_PATTERN,
  SEMANTIC_THRESHOLD,
  SEMANTIC_THRESHOLD_RULE,
  SEMANTIC_MODEL_RULE,
} from '../rules/routing';
export * from '../rules/routing';

/**
 * Model routes, their deployments and provider credentials: administration under /v1/admin/routing
 * (docs/gateway.md#model-routes-and-credentials-admin). The ranges are the CHECKs of the tables (migration 7).
 */
/** `name` is what the message calls the field: the form's label ('The provider'), or a query's name. */
const oneOf = <T extends string>(values: readonly T[], name: string) =>
  LiteralUnion(values, {
    errorMessage: `${name} must be one of: ${values.join(', ')}.`,
  });

const limited = (field: RouteLimitField) =>
  Type.Integer({
    minimum: ROUTE_LIMITS[field].minimum,
    maximum: ROUTE_LIMITS[field].maximum,
    errorMessage: `${wholeNumberRule(ROUTE_LIMITS[field])}.`,
  });

const RouteName = Type.String({
  pattern: ROUTE_NAME_PATTERN,
  errorMessage: 'The route name must be 1 to 128 letters, digits, . _ : / or -.',
});
const Description = Type.String({ maxLength: 500, errorMessage: 'The description must be at most 500 characters.' });
const Enabled = () => Type.Boolean({ errorMessage: 'Enabled must be true or false.' });
const ModelName = Type.String({ pattern: '\\S', maxLength: 200, errorMessage: MODEL_NAME_MESSAGE });
const SemanticModel = Nullable(
  Type.String({ pattern: '\\S', maxLength: 200, errorMessage: `${SEMANTIC_MODEL_RULE}.` }),
);
const SemanticThreshold = Type.Number({
  minimum: SEMANTIC_THRESHOLD.minimum,
  maximum: SEMANTIC_THRESHOLD.maximum,
  errorMessage: `${SEMANTIC_THRESHOLD_RULE}.`,
});
const CredentialId = Type.Union(
  [
    Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
    Type.Null(),
  ],
  { errorMessage: "Choose a stored credential, or none for the provider's key from the environment." },
);

export const ProviderCredential = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  name: Type.String(),
  /** The secret's last four characters, "…abcd": the secret itself is never sent back. */
  secret_hint: Type.String(),
  base_url: Nullable(Type.String()),
  created_at: Type.String(),
  /** How many deployments use it; it cannot be deleted while any does. */
  used_by: Type.Integer(),
  /** The provider admin (usage) key's last four characters, when one is stored for reconciliation. */
  usage_key_hint: Nullable(Type.String()),
  /** When it was last reconciled against the provider's report, and why that failed (null: it did not). */
  reconciled_at: Nullable(Type.String()),
  reconcile_error: Nullable(Type.String()),
});
export type ProviderCredential = Static<typeof ProviderCredential>;
export const ProviderCredentialList = Type.Object({ credentials: Type.Array(ProviderCredential) });
export type ProviderCredentialList = Static<typeof ProviderCredentialList>;

const UsageKey = Type.String({
  minLength: 8,
  maxLength: 1000,
  errorMessage:
    "The usage key must be 8 to 1,000 characters: the provider's admin key (OpenAI sk-admin-…, Anthropic sk-ant-admin…).",
});

export const ProviderCredentialBody = Type.Object({
  provider: oneOf(UPSTREAM_PROVIDERS, 'The provider'),
  name: Type.String({ pattern: '\\S', maxLength: 100, errorMessage: 'Enter a name of at most 100 characters.' }),
  secret: Type.String({ minLength: 8, maxLength: 1000, errorMessage: 'The API key must be 8 to 1,000 characters.' }),
  base_url: Type.Optional(
    Type.Union([Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 500 }), Type.Null()], {
      errorMessage: 'The base URL must be an http:// or https:// URL.',
    }),
  ),
  usage_key: Type.Optional(Nullable(UsageKey)),
});
export type ProviderCredentialBody = Static<typeof ProviderCredentialBody>;

/** PUT …/credentials/{id}/usage-key: the provider's admin key, which reads its usage and cost report; null removes it. */
export const UsageKeyBody = Type.Object({ usage_key: Nullable(UsageKey) });
export type UsageKeyBody = Static<typeof UsageKeyBody>;

const ReconciliationCounts = {
  input_tokens: Type.Integer(),
  output_tokens: Type.Integer(),
  cached_tokens: Type.Integer(),
};

/** One UTC day and model of one credential: what the gateway recorded and what the provider reports. */
export const ReconciliationRow = Type.Object({
  credential_id: Type.String(),
  day: Type.String(),
  model: Type.String(),
  ours: Type.Object({ requests: Type.Integer(), ...ReconciliationCounts, cost_cents: Type.Integer() }),
  theirs: Type.Object({ ...ReconciliationCounts, cost_cents: Nullable(Type.Integer()) }),
  /** Why the day is flagged (empty: the two agree within the tolerance). */
  differences: Type.Array(Type.String()),
  checked_at: Type.String(),
});
export type ReconciliationRow = Static<typeof ReconciliationRow>;

export const Reconciliation = Type.Object({
  tolerance_percent: Type.Integer(),
  rows: Type.Array(ReconciliationRow),
});
export type Reconciliation = Static<typeof Reconciliation>;

export const ReconciliationQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 90, errorMessage: 'days must be a whole number of days from 1 to 90.' }),
  ),
});

/** What "Reconcile now" did: the credentials read, how many failed, the rows written, and the days [from, to). */
export const ReconciliationRun = Type.Object({
  credentials: Type.Integer(),
  failed: Type.Integer(),
  rows: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
});
export type ReconciliationRun = Static<typeof ReconciliationRun>;

export const RouteDeployment = Type.Object({
  id: Type.String(),
  rank: Type.Integer(),
  weight: Type.Integer(),
  provider: Type.String(),
  model: Type.String(),
  credential_id: Nullable(Type.String()),
  /** null: the provider's key from the environment. */
  credential_name: Nullable(Type.String()),
  enabled: Type.Boolean(),
  created_at: Type.String(),
});
export type RouteDeployment = Static<typeof RouteDeployment>;

export const ModelRoute = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  max_retries: Type.Integer(),
  backoff_ms: Type.Integer(),
  cooldown_failures: Type.Integer(),
  cooldown_seconds: Type.Integer(),
  /** Beyond the product spec, so optional to the dashboard: an older server leaves it out (then: drop). */
  unsupported_params: Type.Optional(oneOf(UNSUPPORTED_PARAMS, 'unsupported_params')),
  /** The response cache for every request of the route (docs/gateway.md#caching); optional as above. */
  cache_enabled: Type.Optional(Type.Boolean()),
  cache_ttl_seconds: Type.Optional(CacheTtlSeconds),
  semantic_cache_model: Type.Optional(SemanticModel),
  semantic_cache_threshold: Type.Optional(Type.Number()),
  semantic_cache_conversations: Type.Optional(Type.Boolean()),
  enabled: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** In the order they are tried: rank, then creation. */
  deployments: Type.Array(RouteDeployment),
});
export type ModelRoute = Static<typeof ModelRoute>;
export const ModelRouteList = Type.Object({ routes: Type.Array(ModelRoute) });
export type ModelRouteList = Static<typeof ModelRouteList>;

const routeFields = {
  description: Description,
  max_retries: limited('max_retries'),
  backoff_ms: limited('backoff_ms'),
  cooldown_failures: limited('cooldown_failures'),
  cooldown_seconds: limited('cooldown_seconds'),
  unsupported_params: oneOf(UNSUPPORTED_PARAMS, 'unsupported_params'),
  cache_enabled: Type.Boolean({ errorMessage: 'cache_enabled must be true or false.' }),
  cache_ttl_seconds: CacheTtlSeconds,
  semantic_cache_model: SemanticModel,
  semantic_cache_threshold: SemanticThreshold,
  semantic_cache_conversations: Type.Boolean({ errorMessage: 'semantic_cache_conversations must be true or false.' }),
  enabled: Enabled(),
};
/** A new route: only the name is required; the rest default as in the table. */
export const ModelRouteCreateBody = Composite([
  Type.Object({ name: RouteName }),
  Type.Partial(Type.Object(routeFields)),
]);
export type ModelRouteCreateBody = Static<typeof ModelRouteCreateBody>;
export const ModelRouteUpdateBody = Type.Partial(Type.Object({ name: RouteName, ...routeFields }));
export type ModelRouteUpdateBody = Static<typeof ModelRouteUpdateBody>;

const deploymentFields = {
  rank: limited('rank'),
  weight: limited('weight'),
  provider: oneOf(GATEWAY_PROVIDERS, 'The provider'),
  model: ModelName,
  credential_id: CredentialId,
  enabled: Enabled(),
};
export const RouteDeploymentBody = Type.Object({
  provider: deploymentFields.provider,
  model: deploymentFields.model,
  rank: Type.Optional(deploymentFields.rank),
  weight: Type.Optional(deploymentFields.weight),
  credential_id: Type.Optional(deploymentFields.credential_id),
  enabled: Type.Optional(deploymentFields.enabled),
});
export type RouteDeploymentBody = Static<typeof RouteDeploymentBody>;
export const RouteDeploymentUpdateBody = Type.Partial(Type.Object(deploymentFields));
export type RouteDeploymentUpdateBody = Static<typeof RouteDeploymentUpdateBody>;

export const DeploymentParams = Type.Object({ id: Type.String(), deploymentId: Type.String() });

export const HEALTH_WINDOWS = ['hour', 'day'] as const;
export type HealthWindow = (typeof HEALTH_WINDOWS)[number];
export const ProviderHealthQuery = Type.Object({
  window: Type.Optional(oneOf(HEALTH_WINDOWS, 'window')),
});
export type ProviderHealthQuery = Static<typeof ProviderHealthQuery>;

export const DeploymentHealth = Type.Object({
  /** A route_deployments id; null for direct calls of a provider's model (grouped by provider and model). */
  deployment_id: Nullable(Type.String()),
  route_name: Nullable(Type.String()),
  provider: Type.String(),
  model: Type.String(),
  requests: Type.Integer(),
  errors: Type.Integer(),
  /** errors / requests, 0 to 1. */
  error_rate: Type.Number(),
  p50_latency_ms: Nullable(Type.Number()),
  p95_latency_ms: Nullable(Type.Number()),
  /** null when the window has no streamed request. */
  p50_ttft_ms: Nullable(Type.Number()),
  p95_ttft_ms: Nullable(Type.Number()),
  last_error_code: Nullable(Type.String()),
  last_seen: Type.String(),
  /**
   * The answering instance's circuit breaker: until when this deployment is tried last after failing
   * cooldown_failures times in a row (ISO time), or null when it is not cooling down.
   */
  cooling_until: Nullable(Type.String()),
});
export type DeploymentHealth = Static<typeof DeploymentHealth>;
export const ProviderHealth = Type.Object({
  window: oneOf(HEALTH_WINDOWS, 'window'),
  deployments: Type.Array(DeploymentHealth),
});
export type ProviderHealth = Static<typeof ProviderHealth>;
