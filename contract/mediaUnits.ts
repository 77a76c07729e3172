// The gateway's doors beyond text (docs/media.md): images, audio and rerank, each billed by its own unit at the unit
// prices of the model's pricing tier (pricing_tiers.unit_prices, migration 29). Shared: the server prices and records
// them, the dashboard's pricing form, request log and usage reports name them.
import { formatUsd } from './decimal';

/** What a media request is billed by. An image's price is per size (`image:1024x1024`), or one price for any size. */
export const MEDIA_UNITS = {
  image: { one: 'image', many: 'images' },
  audio_second: { one: 'second of audio', many: 'seconds of audio' },
  speech_character: { one: 'character', many: 'characters' },
  search_unit: { one: 'search unit', many: 'search units' },
} as const;
export type MediaUnit = keyof typeof MEDIA_UNITS;

export const MEDIA_ENDPOINTS = {
  'images.generations': { path: '/v1/images/generations', label: 'Images (OpenAI)', unit: 'image' },
  'images.edits': { path: '/v1/images/edits', label: 'Image edits (OpenAI)', unit: 'image' },
  'audio.transcriptions': {
    path: '/v1/audio/transcriptions',
    label: 'Transcriptions (OpenAI)',
    unit: 'audio_second',
  },
  'audio.translations': { path: '/v1/audio/translations', label: 'Translations (OpenAI)', unit: 'audio_second' },
  'audio.speech': { path: '/v1/audio/speech', label: 'Speech (OpenAI)', unit: 'speech_character' },
  rerank: { path: '/v1/rerank', label: 'Rerank (Cohere)', unit: 'search_unit' },
} as const satisfies Record<string, { path: string; label: string; unit: MediaUnit }>;
export type MediaEndpoint = keyof typeof MEDIA_ENDPOINTS;
export const MEDIA_ENDPOINT_NAMES = Object.keys(MEDIA_ENDPOINTS) as MediaEndpoint[];

/** An image size as OpenAI's API writes it: width x height in pixels. */
const SIZE = /^[1-9]\d{1,4}x[1-9]\d{1,4}$/;
const UNIT_PRICE_KEY = /^(image(:[1-9]\d{1,4}x[1-9]\d{1,4})?|audio_second|speech_character|search_unit)$/;

/** The unit price key a request of `unit` is priced at (an image's by its size). */
export const unitPriceKey = (unit: MediaUnit, size: string | null) =>
  unit === 'image' && size !== null ? `image:${size}` : unit;

export const isImageSize = (size: string) => SIZE.test(size);

/** The most a unit may cost, in dollars: a sanity bound on what an administrator types. */
export const MAX_UNIT_PRICE_DOLLARS = 1_000;

/** Why a tier's unit price cannot be kept, or null (the server and the pricing form say the same). */
export function unitPriceProblem(key: string, dollars: unknown): string | null {
  if (!UNIT_PRICE_KEY.test(key)) {
    return (
      `"${key}" is not a unit: use image (any size), image:<width>x<height> (image:1024x1024), audio_second, ` +
      'speech_character or search_unit.'
    );
  }
  if (typeof dollars !== 'number' || !Number.isFinite(dollars) || dollars < 0 || dollars > MAX_UNIT_PRICE_DOLLARS) {
    return `The price of ${key} must be a number of dollars per unit from 0 to ${MAX_UNIT_PRICE_DOLLARS}.`;
  }
  return null;
}

/** How a unit price key reads: `image:1024x1024` → "image (1024x1024)", `audio_second` → "second of audio". */
export function unitPriceLabel(key: string): string {
  const [unit, size] = key.split(':');
  const known = (MEDIA_UNITS as Record<string, { one: string }>)[unit]?.one ?? unit;
  return size ? `${known} (${size})` : known;
}

/** A request's units as the request log reads them: "2 images (1024x1024)", "1 second of audio". */
export function describeUnits(key: string, count: number): string {
  const [unit, size] = key.split(':');
  const names = (MEDIA_UNITS as Record<string, { one: string; many: string }>)[unit];
  const name = names ? (count === 1 ? names.one : names.many) : unit;
  return `${count.toLocaleString('en-US')} ${name}${size ? ` (${size})` : ''}`;
}

/** A tier's unit prices as lines: "$0.04 per image (1024x1024)". */
export const unitPriceLines = (prices: Record<string, number> | undefined) =>
  Object.entries(prices ?? {}).map(([unit, dollars]) => `${formatUsd(dollars, 6)} per ${unitPriceLabel(unit)}`);
