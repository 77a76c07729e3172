import type { AnthropicImageSource } from './anthropicTypes';
import { TranslationError } from './translationError';

/** The image types Anthropic accepts inline. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** A base64 `data:` URL's media type and data; null for anything else (a web address). */
export function dataUrlParts(url: string): { mimeType: string; data: string } | null {
  const parts = DATA_URL.exec(url);
  return parts && { mimeType: parts[1], data: parts[2] };
}

export const dataUrlOf = (mimeType: string, data: string) => `data:${mimeType};base64,${data}`;

/** An OpenAI `image_url` (a `data:` URL or a web address) as an Anthropic image source. */
export function imageSourceOf(url: string, param: string): AnthropicImageSource {
  const data = dataUrlParts(url);
  if (data) {
    if (!IMAGE_TYPES.has(data.mimeType)) {
      throw new TranslationError(
        `Images of type ${data.mimeType} cannot be sent to this model; use JPEG, PNG, GIF or WebP.`,
        param,
      );
    }
    return { type: 'base64', media_type: data.mimeType, data: data.data };
  }
  if (/^https?:\/\//.test(url)) return { type: 'url', url };
  throw new TranslationError('An image must be a base64 data: URL or an http(s) URL.', param);
}

export const imageUrlOf = (source: AnthropicImageSource) =>
  source.type === 'base64' ? dataUrlOf(source.media_type, source.data) : source.url;
