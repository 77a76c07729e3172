import type { AnthropicImageSource } from './anthropicTypes';
import { TranslationError } from './translationError';

/** The image types Anthropic accepts inline. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** An OpenAI `image_url` (a `data:` URL or a web address) as an Anthropic image source. */
export function imageSourceOf(url: string, param: string): AnthropicImageSource {
  const data = DATA_URL.exec(url);
  if (data) {
    if (!IMAGE_TYPES.has(data[1])) {
      throw new TranslationError(
        `Images of type ${data[1]} cannot be sent to this model; use JPEG, PNG, GIF or WebP.`,
        param,
      );
    }
    return { type: 'base64', media_type: data[1], data: data[2] };
  }
  if (/^https?:\/\//.test(url)) return { type: 'url', url };
  throw new TranslationError('An image must be a base64 data: URL or an http(s) URL.', param);
}

export const imageUrlOf = (source: AnthropicImageSource) =>
  source.type === 'base64' ? `data:${source.media_type};base64,${source.data}` : source.url;
