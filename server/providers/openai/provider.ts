import { bearer, openaiCompatible } from '../openaiCompatible/dialect';
import { limits, type ProviderDescriptor } from '../types';
import { openaiUsageReport } from './usageReport';
import type { MediaEndpoint } from '../../../contract/mediaUnits';

/**
 * OpenAI's media models by their names' families (docs/media.md): images (DALL·E, GPT Image), transcription (Whisper,
 * which translates too, and the GPT-4o transcribe models), speech (TTS).
 */
function openaiMediaDoors(model: string): readonly MediaEndpoint[] {
  if (/^(dall-e|gpt-image)/.test(model)) return ['images.generations', 'images.edits'];
  if (model.startsWith('whisper')) return ['audio.transcriptions', 'audio.translations'];
  if (model.includes('transcribe')) return ['audio.transcriptions'];
  if (/^tts|-tts($|-)/.test(model)) return ['audio.speech'];
  return [];
}

/** OpenAI: chat completions, embeddings, the Responses API, moderations, images and audio. */
export const openai: ProviderDescriptor = {
  name: 'openai',
  defaultBaseUrl: 'https://api.openai.com/v1',
  authHeaders: bearer,
  dialectFor: () => openaiCompatible,
  offers: ['embeddings', 'responses', 'moderations'],
  batchApi: 'openai',
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
  mediaModels: openaiMediaDoors,
  usageReport: openaiUsageReport,
};
