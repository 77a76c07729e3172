import { bearer, openaiCompatible } from '../openaiCompatible/dialect';
import { limits, type ProviderDescriptor } from '../types';

/** Google's Gemini models, through Google's OpenAI-compatible endpoint. */
export const google: ProviderDescriptor = {
  name: 'google',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
  authHeaders: bearer,
  dialectFor: () => openaiCompatible,
  offers: ['embeddings'],
  chatOutputCap: 'max_tokens',
  models: {
    'gemini-2.5-pro': limits(1_048_576, 65_536),
    'gemini-2.5-flash': limits(1_048_576, 65_536),
    'gemini-2.0-flash': limits(1_048_576, 8_192),
  },
};
