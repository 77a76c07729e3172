import type { GatewayProvider } from '../../contract/providers';
import type { Queryable } from '../db/types';
import type { SecretBox } from '../lib/secretBox';
import type { Credential, Deployment, ModelRoute, RoutingTable } from '../gateway/routing/types';
import type { RouteRow as RoutingAdminRouteRow } from './routingAdmin';

/** A route's policy columns (its model_routes row, routingAdmin.ts) with one of its deployments joined, if any. */
type RouteRow = Omit<RoutingAdminRouteRow, 'description' | 'enabled' | 'created_at' | 'updated_at'> & {
  deployment_id: string | null;
  rank: number | null;
  weight: number | null;
  provider: string | null;
  model: string | null;
  credential_id: string | null;
};

interface CredentialRow {
  id: string;
  provider: string;
  secret_ciphertext: string;
  base_url: string | null;
}

/**
 * What the gateway routes with: the enabled routes with their enabled deployments, and the stored credentials,
 * decrypted. A credential that cannot be decrypted (the key changed) is left out and reported through `onBadSecret`;
 * its deployments then fail as unreachable rather than the whole table failing to load.
 */
export async function loadRoutingTable(
  q: Queryable,
  box: SecretBox | null,
  onBadSecret: (credentialId: string, error: unknown) => void = () => {},
): Promise<RoutingTable> {
  const [routeRows, credentialRows] = await Promise.all([
    q.query<RouteRow>(
      `SELECT r.id, r.name, r.max_retries, r.backoff_ms, r.cooldown_failures, r.cooldown_seconds, r.unsupported_params,
              r.cache_enabled, r.cache_ttl_seconds, r.semantic_cache_model, r.semantic_cache_threshold,
              r.semantic_cache_conversations, d.id AS deployment_id, d.rank, d.weight, d.provider, d.model, d.credential_id
       FROM model_routes r LEFT JOIN route_deployments d ON d.route_id = r.id AND d.enabled
       WHERE r.enabled ORDER BY r.name, d.rank, d.created_at, d.id`,
    ),
    box
      ? q.query<CredentialRow>('SELECT id, provider, secret_ciphertext, base_url FROM provider_credentials')
      : Promise.resolve([] as CredentialRow[]),
  ]);
  const routes = new Map<string, ModelRoute>();
  for (const row of routeRows) {
    let route = routes.get(row.name);
    if (!route) {
      route = {
        id: row.id,
        name: row.name,
        policy: {
          maxRetries: row.max_retries,
          backoffMs: row.backoff_ms,
          cooldownFailures: row.cooldown_failures,
          cooldownSeconds: row.cooldown_seconds,
          unsupportedParams: row.unsupported_params,
        },
        cache: row.cache_enabled ? { enabled: true, scope: null, ttlSeconds: row.cache_ttl_seconds } : null,
        semantic: row.semantic_cache_model
          ? {
              model: row.semantic_cache_model,
              threshold: row.semantic_cache_threshold,
              conversations: row.semantic_cache_conversations,
            }
          : null,
        deployments: [],
      };
      routes.set(row.name, route);
    }
    if (row.deployment_id === null) continue;
    const deployment: Deployment = {
      id: row.deployment_id,
      provider: row.provider as GatewayProvider,
      model: row.model!,
      credentialId: row.credential_id,
      rank: row.rank!,
      weight: row.weight!,
    };
    route.deployments.push(deployment);
  }
  const credentials = new Map<string, Credential>();
  for (const row of credentialRows) {
    try {
      credentials.set(row.id, {
        id: row.id,
        provider: row.provider as GatewayProvider,
        secret: box!.open(row.secret_ciphertext),
        baseUrl: row.base_url,
      });
    } catch (error) {
      onBadSecret(row.id, error);
    }
  }
  return { routes, credentials };
}
