// Facts shared by the dashboard and the server (docs/api-contract.md). Imports nothing of ours.

/** The upstream providers the gateway reaches with an API key of its own (server config: `<NAME>_API_KEY`). */
export const UPSTREAM_PROVIDERS = ['anthropic', 'openai', 'google', 'openrouter'] as const;

/**
 * Every provider the gateway routes to, in the order a bare model name is resolved: the upstream ones, then echo,
 * the built-in provider that answers without any upstream (the only one that works in the demo).
 */
export const GATEWAY_PROVIDERS = [...UPSTREAM_PROVIDERS, 'echo'] as const;

export type UpstreamProvider = (typeof UPSTREAM_PROVIDERS)[number];
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];
