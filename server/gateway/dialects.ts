import type { GatewayProvider } from '../../contract/providers';
import type { Dialect, EndpointName } from './wire/types';

/**
 * The API each provider is called through: Anthropic through its native Messages API (prompt caching, thinking and
 * tool use as Anthropic defines them), the others through their OpenAI-compatible endpoints.
 */
export const DIALECT_OF: Record<GatewayProvider, Dialect> = {
  anthropic: 'anthropic',
  openai: 'openai',
  google: 'openai',
  openrouter: 'openai',
  echo: 'openai',
};

/**
 * Endpoints beyond chat completions and messages (which every provider answers, translated where needed) that only
 * some providers offer. Asking another provider's model is a 400 naming the model.
 */
export const PROVIDERS_OFFERING: Partial<Record<EndpointName, readonly GatewayProvider[]>> = {
  embeddings: ['openai', 'google', 'openrouter', 'echo'],
  responses: ['openai', 'echo'],
};

export const offers = (provider: GatewayProvider, endpoint: EndpointName) =>
  PROVIDERS_OFFERING[endpoint]?.includes(provider) ?? true;

/**
 * The format a request to `endpoint` is sent to `provider` in. The echo provider speaks both natively, so the demo's
 * Anthropic-format calls show Anthropic's own answer shape without a translation in between.
 */
export const dialectFor = (provider: GatewayProvider, endpoint: EndpointName): Dialect =>
  provider === 'echo' && endpoint === 'messages' ? 'anthropic' : DIALECT_OF[provider];
