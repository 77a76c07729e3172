import type { GatewayProvider } from '../../contract/providers';
import type { Config } from '../config';
import { NETWORK_PROVIDERS, PROVIDERS } from '../providers/registry';
import { httpUpstream, type Upstream } from '../providers/upstream';
import type { Deployment, RoutingTable } from './routing/types';

/** A provider's client at the base URL configured, as the provider reads it (ProviderDescriptor.baseUrlFor). */
function providerUpstream(provider: GatewayProvider, baseUrl: string, apiKey: string): Upstream {
  const { baseUrlFor, authHeaders } = PROVIDERS[provider];
  return httpUpstream(baseUrlFor ? baseUrlFor(baseUrl) : baseUrl, authHeaders(apiKey));
}

/**
 * Provider clients: one per provider key from the environment, one per stored credential (created when first used,
 * replaced when its secret or base URL changes).
 */
export function createUpstreams(config: Config) {
  const environment = new Map<GatewayProvider, Upstream>();
  for (const { name } of NETWORK_PROVIDERS) {
    const { baseUrl, apiKey } = config.gateway.providers[name];
    if (apiKey) environment.set(name, providerUpstream(name, baseUrl, apiKey));
  }
  if (config.gateway.echo) environment.set('echo', PROVIDERS.echo.upstream!());
  const stored = new Map<string, { fingerprint: string; upstream: Upstream }>();
  return {
    /** Providers with a key from the environment (or echo, when on). */
    providers: new Set(environment.keys()) as ReadonlySet<GatewayProvider>,
    /** The client for a deployment, with the credentials of the routing table its request was routed by. */
    get(deployment: Deployment, routing: RoutingTable): Upstream {
      if (deployment.credentialId === null) return environment.get(deployment.provider)!;
      const credential = routing.credentials.get(deployment.credentialId);
      // Deleted since the request was routed: the try fails like an unreachable provider, and the route moves on.
      if (!credential) throw new Error(`credential ${deployment.credentialId} is gone`);
      const baseUrl =
        credential.baseUrl ??
        config.gateway.providers[deployment.provider as keyof Config['gateway']['providers']].baseUrl;
      const fingerprint = `${baseUrl}\n${credential.secret}`;
      const known = stored.get(credential.id);
      if (known?.fingerprint === fingerprint) return known.upstream;
      known?.upstream.close();
      const upstream = providerUpstream(deployment.provider, baseUrl, credential.secret);
      stored.set(credential.id, { fingerprint, upstream });
      return upstream;
    },
    close() {
      for (const upstream of environment.values()) upstream.close();
      for (const { upstream } of stored.values()) upstream.close();
    },
  };
}

export type Upstreams = ReturnType<typeof createUpstreams>;
