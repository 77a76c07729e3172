import type { CacheSetting } from '../../cache/cacheRequest';

export interface SemanticSetting {
  /** The model the prompt is embedded with, called as the request's key. */
  model: string;
  /** The least cosine similarity at which a stored answer is served, above 0 and at most 1. */
  threshold: number;
  /** Also a conversation's last user message, when its earlier turns are identical (semanticPrompt.ts). */
  conversations: boolean;
}
import type { GatewayProvider } from '../../../contract/providers';
import type { UnsupportedParams } from '../../formats/translate/omissions';

/**
 * How the gateway tries a route's deployments (docs/gateway.md#model-routes): up to `maxRetries` more tries of a
 * deployment that failed in a retryable way (429, 5xx, timeout, unreachable), `backoffMs` doubling with full jitter
 * between tries, then the next deployment. A deployment that failed `cooldownFailures` times in a row is skipped for
 * `cooldownSeconds` (unless every deployment is cooling down).
 */
export interface RoutePolicy {
  maxRetries: number;
  backoffMs: number;
  cooldownFailures: number;
  cooldownSeconds: number;
  /** A field a deployment's format lacks that only hints at the answer: left out and named, or refused (omissions.ts). */
  unsupportedParams: UnsupportedParams;
}

/** Where a request can go: a provider's model, called with a credential. */
export interface Deployment {
  /** A route_deployments id, or `direct:<provider>/<model>` for a model called by its own name. */
  id: string;
  provider: GatewayProvider;
  /** The provider's own model name, sent upstream and recorded in usage. */
  model: string;
  /** A provider_credentials id; null: the provider's key from the environment. */
  credentialId: string | null;
  /** Lower ranks are tried first. */
  rank: number;
  /** Share of the load among deployments of the same rank. */
  weight: number;
}

export interface ModelRoute {
  id: string;
  /** The model name clients call. */
  name: string;
  policy: RoutePolicy;
  /** The administrator's cache setting (docs/gateway.md#caching): on for every request, or null. */
  cache: CacheSetting | null;
  /** The route's semantic cache (docs/gateway.md#semantic-cache): the embedding model and the similarity, or null. */
  semantic: SemanticSetting | null;
  /** Enabled deployments only, in rank order. */
  deployments: Deployment[];
}

/** A provider key entered by an admin, decrypted in memory only. */
export interface Credential {
  id: string;
  provider: GatewayProvider;
  secret: string;
  /** Overrides the provider's base URL (a proxy, a regional endpoint); null: the configured one. */
  baseUrl: string | null;
}

export interface RoutingTable {
  /** Enabled routes by the model name clients call. */
  routes: Map<string, ModelRoute>;
  credentials: Map<string, Credential>;
}

export const EMPTY_ROUTING: RoutingTable = { routes: new Map(), credentials: new Map() };

/** A model called by its own name: one deployment with the provider's environment key, tried once. */
export const DIRECT_POLICY: RoutePolicy = {
  maxRetries: 0,
  backoffMs: 0,
  cooldownFailures: 3,
  cooldownSeconds: 30,
  unsupportedParams: 'drop',
};
