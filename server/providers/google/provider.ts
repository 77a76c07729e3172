import { limits, type ProviderDescriptor } from '../types';
import { gemini } from './dialect';

/**
 * Google's Gemini models, through the native Gemini API (dialect.ts), the key in `x-goog-api-key` (which Google's
 * OpenAI-compatible endpoint, used for embeddings, takes too). A base URL configured as that endpoint
 * (`…/v1beta/openai`, the default before the native dialect) is read as the API's base above it.
 */
export const google: ProviderDescriptor = {
  name: 'google',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  baseUrlFor: (configured) => configured.replace(/\/openai\/*$/, ''),
  authHeaders: (key) => ({ 'x-goog-api-key': key }),
  dialectFor: () => gemini,
  offers: ['embeddings'],
  // Imagen makes images through the OpenAI-compatible endpoint (docs/media.md#providers), as embeddings go there too.
  mediaModels: (model) => (model.startsWith('imagen') ? ['images.generations'] : []),
  mediaPath: (path) => `/openai${path}`,
  counts: ['generateContent'],
  chatOutputCap: 'max_tokens',
  models: {
    'gemini-2.5-pro': limits(1_048_576, 65_536),
    'gemini-2.5-flash': limits(1_048_576, 65_536),
    'gemini-2.0-flash': limits(1_048_576, 8_192),
  },
};
