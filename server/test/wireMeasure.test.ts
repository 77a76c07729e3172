import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GatewayError } from '../formats/gatewayError';
import { TOOL_PROMPT_TOKENS, tokenUpperBound, estimateTokens } from '../formats/tokens';
import { TranslationError } from '../formats/translate/translationError';
import { anthropicErrorBody } from '../formats/anthropicErrors';
import { measureRequest } from '../gateway/measure';
import type { EndpointName } from '../formats/types';
import type { RequestMeasure } from '../credit/holds';

/**
 * The rules of tokens.ts: 8 tokens of framing per message, 2,000 per image or document, 1,000 once for the provider's
 * own tool prompt; and of holds.ts: a prompt has
 * at least one token per 8 bytes of its text (media and framing not counted).
 */
const PER_MESSAGE = 8;
const PER_MEDIA = 2_000;
const FLOOR_BYTES = 8;

const bounds = (texts: string[], messages: number, media: number, tools = false) => {
  const text = texts.join('\n');
  return {
    promptUpperBound:
      tokenUpperBound(text) + messages * PER_MESSAGE + media * PER_MEDIA + (tools ? TOOL_PROMPT_TOKENS : 0),
    promptEstimate: estimateTokens(text) + media * PER_MEDIA,
    promptFloor: Math.ceil(tokenUpperBound(text) / FLOOR_BYTES),
    answers: 1,
    mediaParts: media,
    documentParts: 0,
    promptHidden: false,
  };
};
const embedded = { answers: 1, mediaParts: 0, documentParts: 0, promptHidden: false, completionCap: 0 };

const tools = [{ name: 'get_weather', input_schema: { type: 'object' } }];
const geminiTools = [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'OBJECT' } }] }];
const image = { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } };

const cases: { name: string; endpoint: EndpointName; body: Record<string, unknown>; expected: RequestMeasure }[] = [
  {
    name: 'chat: the cap times n',
    endpoint: 'chat.completions',
    body: { model: 'm', messages: [{ role: 'user', content: 'héllo' }], max_tokens: 10, n: 3 },
    expected: { ...bounds(['héllo'], 1, 0), completionCap: 30, answers: 3 },
  },
  {
    name: 'messages: system, text, image, tool call and result, tools; max_tokens caps the answer',
    endpoint: 'messages',
    body: {
      model: 'm',
      max_tokens: 300,
      system: [{ type: 'text', text: 'Be brief.' }],
      tools,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in 東京?' }, image] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { city: '東京' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '22°C' }] },
      ],
    },
    expected: {
      ...bounds(
        [
          'Be brief.',
          'Weather in 東京?',
          '{"name":"get_weather","input":{"city":"東京"}}',
          '22°C',
          JSON.stringify(tools),
        ],
        4,
        1,
        true,
      ),
      completionCap: 300,
    },
  },
  {
    name: 'messages: a string content, no max_tokens (the gateway default)',
    endpoint: 'messages',
    body: { model: 'm', messages: [{ role: 'user', content: 'Hi' }] },
    expected: { ...bounds(['Hi'], 1, 0), completionCap: null },
  },
  {
    name: 'embeddings: one string by its UTF-8 bytes, nothing generated',
    endpoint: 'embeddings',
    body: { model: 'm', input: 'héllo' },
    expected: { promptUpperBound: 6, promptEstimate: 2, promptFloor: 1, ...embedded },
  },
  {
    name: 'embeddings: a list of strings',
    endpoint: 'embeddings',
    body: { model: 'm', input: ['ab', '東京'] },
    expected: { promptUpperBound: 8, promptEstimate: 2, promptFloor: 2, ...embedded },
  },
  {
    name: 'embeddings: token arrays by their length',
    endpoint: 'embeddings',
    body: { model: 'm', input: [[1, 2, 3], [4]] },
    expected: { promptUpperBound: 4, promptEstimate: 4, promptFloor: 4, ...embedded },
  },
  {
    name: 'embeddings: one token array',
    endpoint: 'embeddings',
    body: { model: 'm', input: [1, 2, 3] },
    expected: { promptUpperBound: 3, promptEstimate: 3, promptFloor: 3, ...embedded },
  },
  {
    name: 'responses: a string input, no max_output_tokens',
    endpoint: 'responses',
    body: { model: 'm', input: 'Hi there' },
    expected: { ...bounds(['Hi there'], 1, 0), completionCap: null },
  },
  {
    name: 'responses: continuing a stored conversation, whose prompt the gateway cannot see',
    endpoint: 'responses',
    body: { model: 'm', input: 'And then?', previous_response_id: 'resp_1' },
    expected: { ...bounds(['And then?'], 1, 0), completionCap: null, promptHidden: true },
  },
  {
    name: 'responses: instructions, message parts, an image, a function call and its output; max_output_tokens',
    endpoint: 'responses',
    body: {
      model: 'm',
      instructions: 'Be brief.',
      max_output_tokens: 50,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Weather?' },
            { type: 'input_image', image_url: 'https://example.com/a.png' },
          ],
        },
        { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: '22°C' },
      ],
    },
    expected: {
      ...bounds(
        [
          'Be brief.',
          'Weather?',
          JSON.stringify({ type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{}' }),
          '22°C',
        ],
        4,
        1,
      ),
      completionCap: 50,
    },
  },
  {
    name: 'generateContent: system instruction, text, an image and a PDF inline, a function call and its result, tools; maxOutputTokens times candidateCount',
    endpoint: 'generateContent',
    body: {
      model: 'm',
      stream: false,
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      tools: geminiTools,
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Weather in 東京?' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
            { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } },
          ],
        },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: '東京' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '22°C' } } }] },
      ],
      generationConfig: { maxOutputTokens: 100, candidateCount: 2 },
    },
    expected: {
      ...bounds(
        [
          'Be brief.',
          'Weather in 東京?',
          '{"name":"get_weather","args":{"city":"東京"}}',
          '{"name":"get_weather","response":{"output":"22°C"}}',
          JSON.stringify(geminiTools),
        ],
        4,
        2,
        true,
      ),
      completionCap: 200,
      answers: 2,
      documentParts: 1,
    },
  },
  {
    name: 'generateContent: no cap; a context cache stored at Google, whose prompt the gateway cannot see',
    endpoint: 'generateContent',
    body: { model: 'm', stream: true, cachedContent: 'cachedContents/a', contents: [{ parts: [{ text: 'Hi' }] }] },
    expected: { ...bounds(['Hi'], 1, 0), completionCap: null, promptHidden: true },
  },
];

describe('measureRequest', () => {
  for (const { name, endpoint, body, expected } of cases) {
    test(name, () => {
      const measure = measureRequest(endpoint, body);
      assert.deepEqual(measure, expected);
      // The echo provider bills about 4 characters a token: the reservation's bound is never below that.
      assert.ok(measure.promptUpperBound >= measure.promptEstimate);
    });
  }
});

describe('anthropicErrorBody: our errors in Anthropic envelope, typed as Anthropic types its statuses', () => {
  const table: [number, string][] = [
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [402, 'billing_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [409, 'invalid_request_error'],
    [413, 'request_too_large'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [502, 'api_error'],
    [504, 'timeout_error'],
    [529, 'overloaded_error'],
  ];
  for (const [status, type] of table) {
    test(`${status} → ${type}`, () => {
      const error = new GatewayError(status, 'x', 'y', `status ${status}`);
      assert.deepEqual(anthropicErrorBody(error), { type: 'error', error: { type, message: `status ${status}` } });
    });
  }

  test("a translation refusal reads the same from TranslationError's own helper", () => {
    const refusal = new TranslationError('No.', 'n');
    assert.deepEqual(refusal.anthropicBody(), anthropicErrorBody(refusal));
  });
});
