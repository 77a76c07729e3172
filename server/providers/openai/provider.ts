import { bearer, openaiCompatible } from '../openaiCompatible/dialect';
import { limits, type ProviderDescriptor } from '../types';
import { openaiUsageReport } from './usageReport';

/** OpenAI: chat completions, embeddings and the Responses API. */
export const openai: ProviderDescriptor = {
  name: 'openai',
  defaultBaseUrl: 'https://api.openai.com/v1',
  authHeaders: bearer,
  dialectFor: () => openaiCompatible,
  offers: ['embeddings', 'responses', 'moderations'],
  counts: ['responses'],
  // Its reasoning models refuse max_tokens; every OpenAI model takes max_completion_tokens.
  chatOutputCap: 'max_completion_tokens',
  models: {
    'gpt-4o': limits(128_000, 16_384),
    'gpt-4o-mini': limits(128_000, 16_384),
    'gpt-4.1': limits(1_047_576, 32_768),
    'gpt-4.1-mini': limits(1_047_576, 32_768),
    'gpt-5': limits(400_000, 128_000),
    'gpt-5-mini': limits(400_000, 128_000),
    o3: limits(200_000, 100_000),
    'o4-mini': limits(200_000, 100_000),
  },
  usageReport: openaiUsageReport,
};
