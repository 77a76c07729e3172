import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { anthropicToOpenai } from '../formats/translate/anthropicToOpenai';
import type { AnthropicResponse, AnthropicStopReason, AnthropicUsage } from '../formats/translate/anthropicTypes';
import { openaiResponseToAnthropic } from '../formats/translate/openaiResponseToAnthropic';
import type { OpenAiChatResponse, OpenAiFinishReason, OpenAiUsage } from '../formats/translate/openaiTypes';
import { anthropicUsageOf, normaliseUsage, openAiUsageOf } from '../formats/translate/usage';

const CREATED = 1_764_000_000;
const message = (over: Partial<AnthropicResponse> = {}): AnthropicResponse => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4',
  content: [{ type: 'text', text: 'Hi' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 10, output_tokens: 3 },
  ...over,
});
const completion = (over: Partial<OpenAiChatResponse['choices'][0]> = {}, usage?: OpenAiUsage): OpenAiChatResponse => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: CREATED,
  model: 'gpt-4o',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hi', refusal: null },
      finish_reason: 'stop',
      logprobs: null,
      ...over,
    },
  ],
  usage: usage ?? { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
});

describe('stop reasons', () => {
  const anthropicToOpenAiTable: [AnthropicStopReason | null, OpenAiFinishReason][] = [
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['pause_turn', 'stop'],
    ['refusal', 'content_filter'],
    [null, 'stop'],
  ];
  for (const [stopReason, finishReason] of anthropicToOpenAiTable) {
    test(`Anthropic ${stopReason} → OpenAI ${finishReason}`, () => {
      assert.equal(
        anthropicToOpenai(message({ stop_reason: stopReason }), CREATED).choices[0].finish_reason,
        finishReason,
      );
    });
  }
  const openAiToAnthropicTable: [OpenAiFinishReason, AnthropicStopReason][] = [
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['tool_calls', 'tool_use'],
    ['function_call', 'tool_use'],
    ['content_filter', 'refusal'],
  ];
  for (const [finishReason, stopReason] of openAiToAnthropicTable) {
    test(`OpenAI ${finishReason} → Anthropic ${stopReason}`, () => {
      assert.equal(openaiResponseToAnthropic(completion({ finish_reason: finishReason })).stop_reason, stopReason);
    });
  }
});

describe('usage', () => {
  const table: { name: string; anthropic: AnthropicUsage; openai: OpenAiUsage }[] = [
    {
      name: 'no cache',
      anthropic: { input_tokens: 10, output_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      openai: {
        prompt_tokens: 10,
        completion_tokens: 3,
        total_tokens: 13,
        prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      },
    },
    {
      name: 'cache reads and writes are part of the prompt',
      anthropic: {
        input_tokens: 10,
        output_tokens: 3,
        cache_creation_input_tokens: 200,
        cache_read_input_tokens: 1000,
      },
      openai: {
        prompt_tokens: 1210,
        completion_tokens: 3,
        total_tokens: 1213,
        prompt_tokens_details: { cached_tokens: 1000, cache_write_tokens: 200 },
      },
    },
  ];
  for (const { name, anthropic, openai } of table) {
    test(`${name}: Anthropic → OpenAI`, () => assert.deepEqual(openAiUsageOf(anthropic), openai));
    test(`${name}: OpenAI → Anthropic`, () => assert.deepEqual(anthropicUsageOf(openai), anthropic));
    test(`${name}: both normalise to the same bill`, () =>
      assert.deepEqual(normaliseUsage(anthropic), normaliseUsage(openai)));
  }

  const normalised: [string, OpenAiUsage | Partial<AnthropicUsage>, ReturnType<typeof normaliseUsage>][] = [
    [
      'Anthropic, every field',
      { input_tokens: 5, output_tokens: 7, cache_creation_input_tokens: 11, cache_read_input_tokens: 13 },
      { promptTokens: 29, completionTokens: 7, cachedTokens: 13, cacheCreationTokens: 11 },
    ],
    [
      'Anthropic, cache fields null (older API versions)',
      { input_tokens: 5, output_tokens: 7, cache_creation_input_tokens: null, cache_read_input_tokens: null },
      { promptTokens: 5, completionTokens: 7, cachedTokens: 0, cacheCreationTokens: 0 },
    ],
    [
      'Anthropic, a message_delta with output tokens only',
      { output_tokens: 7 },
      { promptTokens: 0, completionTokens: 7, cachedTokens: 0, cacheCreationTokens: 0 },
    ],
    [
      'OpenAI, cached_tokens',
      { prompt_tokens: 100, completion_tokens: 4, total_tokens: 104, prompt_tokens_details: { cached_tokens: 60 } },
      { promptTokens: 100, completionTokens: 4, cachedTokens: 60, cacheCreationTokens: 0 },
    ],
    [
      "OpenAI, OpenRouter's cache_write_tokens",
      {
        prompt_tokens: 100,
        completion_tokens: 4,
        total_tokens: 104,
        prompt_tokens_details: { cached_tokens: 60, cache_write_tokens: 30 },
      },
      { promptTokens: 100, completionTokens: 4, cachedTokens: 60, cacheCreationTokens: 30 },
    ],
    [
      'OpenAI, no details',
      { prompt_tokens: 100, completion_tokens: 4, total_tokens: 104 },
      { promptTokens: 100, completionTokens: 4, cachedTokens: 0, cacheCreationTokens: 0 },
    ],
  ];
  for (const [name, usage, expected] of normalised) {
    test(`normaliseUsage: ${name}`, () => assert.deepEqual(normaliseUsage(usage), expected));
  }

  test('an OpenAI response without usage is zero tokens in Anthropic format', () => {
    const { usage: _usage, ...withoutUsage } = completion();
    assert.deepEqual(openaiResponseToAnthropic(withoutUsage).usage, {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });
});

describe('anthropicToOpenai', () => {
  test('text blocks are joined, tool_use blocks are tool calls, thinking is left out', () => {
    const response = message({
      content: [
        { type: 'thinking', thinking: 'Let me see', signature: 'sig' },
        { type: 'text', text: 'It is ' },
        { type: 'text', text: 'sunny.' },
        { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { city: 'Oslo', days: [1, 2] } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 10, output_tokens: 3, cache_read_input_tokens: 5 },
    });
    assert.deepEqual(anthropicToOpenai(response, CREATED), {
      id: 'msg_1',
      object: 'chat.completion',
      created: CREATED,
      model: 'claude-sonnet-4',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'It is sunny.',
            refusal: null,
            tool_calls: [
              {
                id: 'toolu_1',
                type: 'function',
                function: { name: 'lookup', arguments: '{"city":"Oslo","days":[1,2]}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: 15,
        completion_tokens: 3,
        total_tokens: 18,
        prompt_tokens_details: { cached_tokens: 5, cache_write_tokens: 0 },
      },
    });
  });

  test('no text is null content', () => {
    const response = message({ content: [{ type: 'tool_use', id: 't', name: 'now', input: {} }] });
    assert.equal(anthropicToOpenai(response, CREATED).choices[0].message.content, null);
  });
});

describe('openaiResponseToAnthropic', () => {
  test('content is a text block, tool calls are tool_use blocks with parsed input', () => {
    const response = completion(
      {
        message: {
          role: 'assistant',
          content: 'Looking.',
          refusal: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"city":"Oslo"}' } }],
        },
        finish_reason: 'tool_calls',
      },
      { prompt_tokens: 100, completion_tokens: 4, total_tokens: 104, prompt_tokens_details: { cached_tokens: 60 } },
    );
    assert.deepEqual(openaiResponseToAnthropic(response), {
      id: 'chatcmpl-1',
      type: 'message',
      role: 'assistant',
      model: 'gpt-4o',
      content: [
        { type: 'text', text: 'Looking.' },
        { type: 'tool_use', id: 'call_1', name: 'lookup', input: { city: 'Oslo' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 40, output_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 60 },
    });
  });

  const inputs: [string, Record<string, unknown>][] = [
    ['{"a":1}', { a: 1 }],
    ['', {}],
    ['{"a":', { _raw: '{"a":' }],
    ['[1]', { _raw: '[1]' }],
  ];
  for (const [args, input] of inputs) {
    test(`tool call arguments ${JSON.stringify(args)} → input ${JSON.stringify(input)}`, () => {
      const response = completion({
        message: {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: args } }],
        },
      });
      assert.deepEqual(openaiResponseToAnthropic(response).content, [{ type: 'tool_use', id: 'c', name: 'f', input }]);
    });
  }

  test("a model's refusal text is the answer's text", () => {
    const response = completion({
      message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
      finish_reason: 'content_filter',
    });
    const translated = openaiResponseToAnthropic(response);
    assert.deepEqual(translated.content, [{ type: 'text', text: 'I cannot help with that.' }]);
    assert.equal(translated.stop_reason, 'refusal');
  });

  test('tool calls round trip: Anthropic → OpenAI → Anthropic keeps ids, names and inputs', () => {
    const original = message({
      content: [
        { type: 'text', text: 'Both.' },
        { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { city: 'Oslo' } },
        { type: 'tool_use', id: 'toolu_2', name: 'lookup', input: { city: 'Bergen', nested: { deep: [true, null] } } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 10, output_tokens: 3, cache_creation_input_tokens: 2, cache_read_input_tokens: 1 },
    });
    const back = openaiResponseToAnthropic(anthropicToOpenai(original, CREATED));
    assert.deepEqual(back, original);
  });
});
