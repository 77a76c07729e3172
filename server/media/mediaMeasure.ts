/**
 * What a media request can cost, before it is sent, and what it did cost, from the reply (docs/media.md#billing):
 * pure, table-tested in server/test/mediaMeasure.test.ts.
 */
import { isJsonObject } from '../formats/sse';
import { estimateTokens, tokenUpperBound } from '../formats/tokens';
import { GatewayError } from '../formats/gatewayError';
import { isImageSize, MEDIA_ENDPOINTS, unitPriceKey, type MediaEndpoint } from '../../contract/mediaUnits';
import { ceilCents } from '../lib/cost';
import { tierFor, type Tier } from '../credit/tiers';
import { wavSeconds } from './wav';
import type { MediaPayload, MediaReply } from './types';

export interface MediaMeasure {
  /** The unit price key the request is priced at (contract/mediaUnits.ts): `image:1024x1024`, `audio_second`, … */
  key: string;
  /** The most units it can be billed: what is held. */
  most: number;
  /** The units the gateway counts itself, billed when the reply does not say. */
  counted: number;
}

const invalid = (message: string, param: string) =>
  new GatewayError(400, 'invalid_request_error', 'invalid_request_error', message, param);

/** The most images one request may ask for (OpenAI's limit). */
export const MAX_IMAGES = 10;
/** The size OpenAI's image models make when none is asked for. */
export const DEFAULT_IMAGE_SIZE = '1024x1024';
/**
 * The fewest bytes a second of compressed audio takes (8 kbit/s, below any speech codec's usual rate): what bounds the
 * seconds of an upload whose length the gateway cannot read from its header, so its hold covers it.
 */
export const MIN_AUDIO_BYTES_PER_SECOND = 1_000;
/** Cohere's search unit: one query over up to 100 documents, each split in chunks of 500 tokens with the query. */
const DOCUMENTS_PER_SEARCH_UNIT = 100;
const TOKENS_PER_CHUNK = 500;

/** A form field is text (`"2"`); a JSON body's is a number. */
function wholeNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

function imagesAsked(fields: Record<string, unknown>): MediaMeasure {
  const n = fields.n === undefined || fields.n === null ? 1 : wholeNumber(fields.n);
  if (n === null || n < 1 || n > MAX_IMAGES) throw invalid(`n must be a whole number from 1 to ${MAX_IMAGES}.`, 'n');
  const size = fields.size === undefined || fields.size === null ? DEFAULT_IMAGE_SIZE : fields.size;
  if (typeof size !== 'string' || (size !== 'auto' && !isImageSize(size))) {
    throw invalid('size must be auto or <width>x<height>, as 1024x1024.', 'size');
  }
  return { key: unitPriceKey('image', size === 'auto' ? null : size), most: n, counted: n };
}

function audioSeconds(payload: MediaPayload): MediaMeasure {
  const file = payload.files.find((candidate) => candidate.field === 'file');
  if (!file || file.content.length === 0) {
    throw invalid('Upload the audio as multipart/form-data, in the field file.', 'file');
  }
  const read = wavSeconds(file.content);
  const seconds = Math.max(1, Math.ceil(read ?? file.content.length / MIN_AUDIO_BYTES_PER_SECOND));
  return { key: 'audio_second', most: seconds, counted: seconds };
}

function speechCharacters(fields: Record<string, unknown>): MediaMeasure {
  if (typeof fields.input !== 'string' || fields.input === '')
    throw invalid('input must be the text to speak.', 'input');
  const characters = [...fields.input].length;
  return { key: 'speech_character', most: characters, counted: characters };
}

const documentText = (document: unknown) =>
  typeof document === 'string'
    ? document
    : isJsonObject(document)
      ? String(document.text ?? JSON.stringify(document))
      : '';

function searchUnits(fields: Record<string, unknown>): MediaMeasure {
  if (typeof fields.query !== 'string' || fields.query === '')
    throw invalid('query must be the text to rank by.', 'query');
  if (!Array.isArray(fields.documents) || fields.documents.length === 0) {
    throw invalid('documents must be a list of texts (or objects with a text) to rank.', 'documents');
  }
  const query = fields.query;
  const documents: unknown[] = fields.documents;
  const chunks = (tokens: (text: string) => number) =>
    documents.reduce(
      (sum: number, document) =>
        sum + Math.max(1, Math.ceil((tokens(query) + tokens(documentText(document))) / TOKENS_PER_CHUNK)),
      0,
    );
  const units = (count: number) => Math.max(1, Math.ceil(count / DOCUMENTS_PER_SEARCH_UNIT));
  return { key: 'search_unit', most: units(chunks(tokenUpperBound)), counted: units(chunks(estimateTokens)) };
}

/** What the request can cost, in units; throws a 400 that says what to fix. */
export function measureMedia(endpoint: MediaEndpoint, payload: MediaPayload): MediaMeasure {
  switch (MEDIA_ENDPOINTS[endpoint].unit) {
    case 'image':
      return imagesAsked(payload.fields);
    case 'audio_second':
      return audioSeconds(payload);
    case 'speech_character':
      return speechCharacters(payload.fields);
    case 'search_unit':
      return searchUnits(payload.fields);
  }
}

function json(reply: MediaReply): Record<string, unknown> | null {
  if (!reply.contentType.includes('json')) return null;
  try {
    const parsed: unknown = JSON.parse(reply.body.toString('utf8'));
    return isJsonObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/**
 * The units a provider's answer is billed: what it says it made or measured (the images it returned, the seconds it
 * heard, the search units it billed), never more than was held; what the gateway counted when it says nothing.
 */
export function unitsAnswered(endpoint: MediaEndpoint, measure: MediaMeasure, reply: MediaReply): number {
  const body = json(reply);
  let said: number | null = null;
  switch (MEDIA_ENDPOINTS[endpoint].unit) {
    case 'image':
      said = body && Array.isArray(body.data) ? body.data.length : null;
      break;
    case 'audio_second': {
      const usage = body && isJsonObject(body.usage) && body.usage.type === 'duration' ? body.usage.seconds : null;
      const seconds = count(usage) ?? count(body?.duration);
      said = seconds === null ? null : Math.max(1, Math.ceil(seconds));
      break;
    }
    case 'search_unit': {
      const meta = body && isJsonObject(body.meta) ? body.meta : null;
      const billed = meta && isJsonObject(meta.billed_units) ? count(meta.billed_units.search_units) : null;
      said = billed === null ? null : Math.ceil(billed);
      break;
    }
    case 'speech_character':
      said = null;
  }
  return Math.min(said ?? measure.counted, measure.most);
}

/**
 * A unit's price at a model's tiers, in micro-dollars: its exact key's, else the any-size image price for an image;
 * an image of size `auto` (the provider chooses) at the dearest image price. Null: the tier has no price for it.
 */
export function unitMicros(tiers: Tier[], key: string): number | null {
  if (tiers.length === 0) return null;
  const prices = tierFor(tiers, 0).unitPrices ?? {};
  if (Object.hasOwn(prices, key)) return prices[key];
  if (!key.startsWith('image')) return null;
  if (Object.hasOwn(prices, 'image')) return prices.image;
  const images = Object.entries(prices).filter(([name]) => name.startsWith('image:'));
  return key === 'image' && images.length > 0 ? Math.max(...images.map(([, micros]) => micros)) : null;
}

const PICO_PER_MICRO = 1_000_000n;
const PICO_DOLLARS_PER_CENT = 10_000_000_000n;

/** `units` at `micros` each, in picodollars (exact: the money rule of server/lib/cost.ts). */
export const unitsPico = (units: number, micros: number) => BigInt(units) * BigInt(micros) * PICO_PER_MICRO;
/** What is held: rounded up to the cent. */
export const unitsHoldCents = (units: number, micros: number) => ceilCents(unitsPico(units, micros));
/** What is billed: rounded down to the cent, once per request, as a token bill is (server/lib/cost.ts). */
export const unitsBilledCents = (units: number, micros: number) =>
  Number(unitsPico(units, micros) / PICO_DOLLARS_PER_CENT);
