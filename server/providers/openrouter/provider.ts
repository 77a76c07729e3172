import { bearer, openaiCompatible } from '../openaiCompatible/dialect';
import type { ProviderDescriptor } from '../types';

/** OpenRouter: many vendors' models behind one OpenAI-compatible API; their limits vary, so none is assumed. */
export const openrouter: ProviderDescriptor = {
  name: 'openrouter',
  defaultBaseUrl: 'https://openrouter.ai/api/v1',
  authHeaders: bearer,
  dialectFor: () => openaiCompatible,
  offers: ['embeddings'],
  counts: [],
  chatOutputCap: 'max_tokens',
  models: {},
};
