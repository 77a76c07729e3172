import { limits, type ProviderDescriptor } from '../types';
import { anthropicMessages } from '../anthropicMessages/dialect';
import { anthropicUsageReport } from './usageReport';

/** Anthropic, through its native Messages API. */
export const anthropic: ProviderDescriptor = {
  name: 'anthropic',
  defaultBaseUrl: 'https://api.anthropic.com/v1',
  authHeaders: (key) => ({ 'x-api-key': key }),
  dialectFor: () => anthropicMessages,
  offers: [],
  batchApi: 'anthropic',
  counts: ['messages'],
  chatOutputCap: 'max_tokens',
  models: {
    'claude-opus-4': limits(200_000, 32_000),
    'claude-opus-4-1': limits(200_000, 32_000),
    'claude-sonnet-4': limits(200_000, 64_000),
    'claude-sonnet-4-5': limits(200_000, 64_000),
    'claude-haiku-4-5': limits(200_000, 64_000),
    'claude-3-7-sonnet': limits(200_000, 64_000),
    'claude-haiku-3.5': limits(200_000, 8_192),
    'claude-3-5-haiku': limits(200_000, 8_192),
  },
  usageReport: anthropicUsageReport,
};
