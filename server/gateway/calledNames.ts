import type { ResolvedRoute } from './routing/resolve';

/**
 * The names a key's allow-list may hold for a request: what the client sent, and the provider/model it resolved to
 * (a route is allowed by its own name only).
 */
export function calledNames(sent: string, resolved: ResolvedRoute): string[] {
  if (resolved.routeName !== null) return [sent];
  const [deployment] = resolved.route.deployments;
  return [...new Set([sent, `${deployment.provider}/${deployment.model}`])];
}
