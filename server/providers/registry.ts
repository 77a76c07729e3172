import { UPSTREAM_PROVIDERS, type GatewayProvider } from '../../contract/providers';
import { anthropic } from './anthropic/provider';
import { echo } from './echo/provider';
import { google } from './google/provider';
import { openai } from './openai/provider';
import { openrouter } from './openrouter/provider';
import type { EndpointName } from '../formats/types';
import type { ProviderDescriptor } from './types';
import type { MediaEndpoint } from '../../contract/mediaUnits';

/**
 * Every provider the gateway routes to, by the name contract/providers.ts gives it (the dashboard's list): one folder
 * each under server/providers/. A new provider is its folder and a line here (and its name in the contract).
 */
export const PROVIDERS: Readonly<Record<GatewayProvider, ProviderDescriptor>> = {
  anthropic,
  openai,
  google,
  openrouter,
  echo,
};

/** The providers reached over the network with a key of the operator's (`<NAME>_API_KEY`). */
export const NETWORK_PROVIDERS = UPSTREAM_PROVIDERS.map((name) => ({ ...PROVIDERS[name], name }));

/**
 * What every provider answers, natively or translated: chat completions, messages, and the Gemini door (through a
 * dialect's chat completions where it is not Gemini's own).
 */
const ANSWERED_BY_ALL: readonly EndpointName[] = ['chat.completions', 'messages', 'generateContent'];

/** Whether a provider answers an endpoint. */
export const offers = (provider: GatewayProvider, endpoint: EndpointName) =>
  ANSWERED_BY_ALL.includes(endpoint) || PROVIDERS[provider].offers.includes(endpoint);

/**
 * An embeddings or moderation model (its provider documents no output: `limits(window, 0)`) answers /v1/embeddings and
 * /v1/moderations only: a chat sent to it would come back empty, cut at zero tokens, where its caller needs a clear
 * refusal.
 */
export const embeddingsOnly = (provider: GatewayProvider, model: string) =>
  Object.hasOwn(PROVIDERS[provider].models, model) && PROVIDERS[provider].models[model].maxOutputTokens === 0;

/** The media doors a provider's model answers (docs/media.md); none for a text model. */
export const mediaDoorsOf = (provider: GatewayProvider, model: string): readonly MediaEndpoint[] =>
  PROVIDERS[provider].mediaModels?.(model) ?? [];

/** Whether a provider's model answers an endpoint. */
export function modelOffers(provider: GatewayProvider, model: string, endpoint: EndpointName): boolean {
  if (!offers(provider, endpoint)) return false;
  if (mediaDoorsOf(provider, model).length > 0) return false;
  if (!embeddingsOnly(provider, model)) return true;
  return endpoint === (PROVIDERS[provider].moderationModels?.includes(model) ? 'moderations' : 'embeddings');
}

/** The providers that answer an endpoint, for a refusal that names them. */
export const offering = (endpoint: EndpointName) =>
  Object.values(PROVIDERS)
    .filter((provider) => offers(provider.name, endpoint))
    .map((provider) => provider.name);
