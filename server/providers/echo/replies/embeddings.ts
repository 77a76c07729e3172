import { createHash } from 'node:crypto';
import type { UpstreamReply } from '../../upstream';
import { estimateTokens } from '../../../formats/tokens';
import { type EchoCall, jsonReply, modelOf, openAiError } from './common';

export const ECHO_EMBEDDING_MODEL = 'embed-1';
const DEFAULT_DIMENSIONS = 8;
const MAX_DIMENSIONS = 256;

/** One input to embed: its text (or its token ids) and what it counts as. */
interface EmbeddingInput {
  key: string;
  tokens: number;
}

const wordsOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const isTokenArray = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length > 0 && value.every((token) => Number.isInteger(token));

/** OpenAI's `input`: a string, strings, a token array, or token arrays; null when it is none of them. */
function inputsOf(input: unknown): EmbeddingInput[] | null {
  // Texts that differ only in case, spacing and punctuation embed the same, so the demo's semantic cache has something
  // to find (docs/gateway.md#semantic-cache): "What is 2 + 2?" and "what is 2+2" are one vector, "2 + 3" another.
  const text = (value: string) => ({ key: `text:${wordsOf(value)}`, tokens: estimateTokens(value) });
  const tokens = (value: number[]) => ({ key: `tokens:${value.join(',')}`, tokens: value.length });
  if (typeof input === 'string') return [text(input)];
  if (isTokenArray(input)) return [tokens(input)];
  if (!Array.isArray(input) || input.length === 0) return null;
  if (input.every((item) => typeof item === 'string')) return input.map(text);
  if (input.every(isTokenArray)) return input.map(tokens);
  return null;
}

/**
 * A unit vector derived from a hash of the input: the same input always gets the same embedding, different inputs
 * (almost surely) different ones. Float32, like a real model's, so the base64 form decodes to exactly the JSON numbers.
 */
export function echoEmbedding(key: string, dimensions: number): Float32Array {
  const values = new Float32Array(dimensions);
  let block = Buffer.alloc(0);
  for (let i = 0; i < dimensions; i++) {
    if (i % 8 === 0)
      block = createHash('sha256')
        .update(`${i / 8}:${key}`)
        .digest();
    values[i] = block.readInt32LE((i % 8) * 4) / 2 ** 31;
  }
  const norm = Math.hypot(...values);
  for (let i = 0; i < dimensions; i++) values[i] = norm > 0 ? values[i] / norm : i === 0 ? 1 : 0;
  return values;
}

/** OpenAI's base64 encoding of an embedding: its float32 values, little-endian. */
export function float32Base64(values: Float32Array): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes.toString('base64');
}

const badInput = (message: string, param: string) => openAiError(message, 'invalid_request_error', null, param);

/** `/embeddings` in OpenAI's format, `encoding_format` float or base64 (the openai SDK asks for base64 by default). */
export function embeddingsReply({ payload, signal }: EchoCall): UpstreamReply {
  const inputs = inputsOf(payload.input);
  if (inputs === null) {
    const message = "'input' must be a non-empty string, array of strings, token array or array of token arrays.";
    return jsonReply(400, badInput(message, 'input'), signal);
  }
  const dimensions = payload.dimensions ?? DEFAULT_DIMENSIONS;
  if (!Number.isInteger(dimensions) || (dimensions as number) < 1 || (dimensions as number) > MAX_DIMENSIONS) {
    return jsonReply(
      400,
      badInput(`'dimensions' must be an integer from 1 to ${MAX_DIMENSIONS}.`, 'dimensions'),
      signal,
    );
  }
  const base64 = payload.encoding_format === 'base64';
  const data = inputs.map((input, index) => {
    const values = echoEmbedding(input.key, dimensions as number);
    return { object: 'embedding', index, embedding: base64 ? float32Base64(values) : Array.from(values) };
  });
  const promptTokens = inputs.reduce((sum, input) => sum + input.tokens, 0);
  return jsonReply(
    200,
    {
      object: 'list',
      data,
      model: modelOf(payload, ECHO_EMBEDDING_MODEL),
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    },
    signal,
  );
}
