import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mergeCounts } from '../formats/mergeCounts';

/**
 * Usage from every provider is merged field by field (server/formats/mergeCounts.ts): a missing or null field never
 * replaces a known count. The reports below are each format's real shape: one report for a JSON answer, several for
 * a stream (in the order the provider sends them).
 */
const merged = (reports: object[]) => reports.reduce<object | null>((sum, report) => mergeCounts(sum, report), null);

const table: { format: string; reports: object[]; expected: object }[] = [
  {
    format: 'OpenAI chat, JSON',
    reports: [{ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 }],
    expected: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
  },
  {
    format: 'OpenAI chat, streamed: a later chunk with prompt_tokens null and new details',
    reports: [
      { prompt_tokens: 100, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 40 } },
      { prompt_tokens: null, completion_tokens: 40, completion_tokens_details: { reasoning_tokens: 10 } },
    ],
    expected: {
      prompt_tokens: 100,
      completion_tokens: 40,
      prompt_tokens_details: { cached_tokens: 40 },
      completion_tokens_details: { reasoning_tokens: 10 },
    },
  },
  {
    format: 'Responses, streamed: response.created without usage, response.completed with it',
    reports: [
      {},
      {
        input_tokens: 30,
        output_tokens: 9,
        total_tokens: 39,
        input_tokens_details: { cached_tokens: 10 },
        output_tokens_details: { reasoning_tokens: 4 },
      },
    ],
    expected: {
      input_tokens: 30,
      output_tokens: 9,
      total_tokens: 39,
      input_tokens_details: { cached_tokens: 10 },
      output_tokens_details: { reasoning_tokens: 4 },
    },
  },
  {
    format: 'Anthropic, JSON',
    reports: [{ input_tokens: 12, output_tokens: 9, cache_read_input_tokens: 300 }],
    expected: { input_tokens: 12, output_tokens: 9, cache_read_input_tokens: 300 },
  },
  {
    format: 'Anthropic, streamed: message_start, then a message_delta whose input counts are null',
    reports: [
      { input_tokens: 1_000, output_tokens: 1, cache_creation_input_tokens: 100, cache_read_input_tokens: 300 },
      { input_tokens: null, output_tokens: 20, cache_creation_input_tokens: null, cache_read_input_tokens: null },
    ],
    expected: {
      input_tokens: 1_000,
      output_tokens: 20,
      cache_creation_input_tokens: 100,
      cache_read_input_tokens: 300,
    },
  },
  {
    format: 'Gemini usageMetadata, streamed: thoughts and cache counts arrive only in the last chunk',
    reports: [
      { promptTokenCount: 500, candidatesTokenCount: 3 },
      { promptTokenCount: 500, candidatesTokenCount: 40, thoughtsTokenCount: 200, cachedContentTokenCount: 100 },
    ],
    expected: {
      promptTokenCount: 500,
      candidatesTokenCount: 40,
      thoughtsTokenCount: 200,
      cachedContentTokenCount: 100,
    },
  },
  {
    format: 'Gemini usageMetadata, streamed: a last chunk without the prompt count',
    reports: [{ promptTokenCount: 500, candidatesTokenCount: 3, totalTokenCount: 503 }, { candidatesTokenCount: 40 }],
    expected: { promptTokenCount: 500, candidatesTokenCount: 40, totalTokenCount: 503 },
  },
];

describe('mergeCounts: a missing or null field never replaces a known count', () => {
  for (const { format, reports, expected } of table) {
    test(format, () => assert.deepEqual(merged(reports), expected));
  }

  test('no report is no usage; a report that is not an object changes nothing', () => {
    assert.equal(mergeCounts(null, null), null);
    assert.deepEqual(mergeCounts({ a: 1 }, null), { a: 1 });
    assert.deepEqual(mergeCounts({ a: 1 }, 'nonsense' as never), { a: 1 });
    assert.deepEqual(mergeCounts(null, { a: 1 }), { a: 1 });
  });

  test('a zero is a count, and replaces', () => {
    assert.deepEqual(mergeCounts({ output_tokens: 5 }, { output_tokens: 0 }), { output_tokens: 0 });
  });
});
