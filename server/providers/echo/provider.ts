import { anthropicMessages } from '../anthropicMessages/dialect';
import { openaiCompatible } from '../openaiCompatible/dialect';
import { limits, type ProviderDescriptor } from '../types';
import { echoUpstream } from './upstream';
import type { MediaEndpoint } from '../../../contract/mediaUnits';

/** The demo's media models (docs/media.md#the-echo-models) and the doors each answers. */
const ECHO_MEDIA_MODELS: Record<string, readonly MediaEndpoint[]> = {
  'image-1': ['images.generations', 'images.edits'],
  'transcribe-1': ['audio.transcriptions', 'audio.translations'],
  'speech-1': ['audio.speech'],
  'rerank-1': ['rerank'],
};

/**
 * The built-in provider of demo mode (docs/gateway.md#the-echo-provider), no network. It speaks both formats
 * natively, so the demo's Anthropic-format calls show Anthropic's own answer shape without a translation in between.
 */
export const echo: ProviderDescriptor = {
  name: 'echo',
  defaultBaseUrl: null,
  authHeaders: () => ({}),
  dialectFor: (endpoint) => (endpoint === 'messages' ? anthropicMessages : openaiCompatible),
  offers: ['embeddings', 'responses', 'moderations'],
  batchApi: 'openai',
  counts: ['messages', 'responses'],
  chatOutputCap: 'max_tokens',
  // A window and an output limit like a real chat model's, so the demo shows both rules.
  models: {
    'echo-1': limits(200_000, 4_096),
    'unavailable-1': limits(200_000, 4_096),
    'embed-1': limits(8_192, 0),
    'moderation-1': limits(32_768, 0),
  },
  moderationModels: ['moderation-1'],
  mediaModels: (model) => (Object.hasOwn(ECHO_MEDIA_MODELS, model) ? ECHO_MEDIA_MODELS[model] : []),
  upstream: echoUpstream,
};
