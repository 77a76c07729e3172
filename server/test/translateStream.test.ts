import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  anthropicEventToOpenai,
  newAnthropicStreamState,
  type OpenAiStreamItem,
} from '../formats/translate/anthropicStreamToOpenai';
import type { AnthropicStopReason, AnthropicStreamEvent, AnthropicUsage } from '../formats/translate/anthropicTypes';
import {
  newOpenAiStreamState,
  openaiChunkToAnthropic,
  openaiStreamEnd,
} from '../formats/translate/openaiStreamToAnthropic';
import type { OpenAiChatChunk, OpenAiChunkChoice, OpenAiFinishReason } from '../formats/translate/openaiTypes';

const CREATED = 1_764_000_000;

function translateAnthropic(events: AnthropicStreamEvent[], includeUsage: boolean): OpenAiStreamItem[] {
  let state = newAnthropicStreamState({ created: CREATED, includeUsage });
  const out: OpenAiStreamItem[] = [];
  for (const event of events) {
    const step = anthropicEventToOpenai(state, event);
    state = step.state;
    out.push(...step.chunks);
  }
  return out;
}

function translateOpenAi(chunks: OpenAiChatChunk[]): AnthropicStreamEvent[] {
  let state = newOpenAiStreamState();
  const out: AnthropicStreamEvent[] = [];
  for (const chunk of chunks) {
    const step = openaiChunkToAnthropic(state, chunk);
    state = step.state;
    out.push(...step.events);
  }
  return [...out, ...openaiStreamEnd(state)];
}

const messageStart = (usage: AnthropicUsage = { input_tokens: 25, output_tokens: 1 }): AnthropicStreamEvent => ({
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage,
  },
});
const end = (stopReason: AnthropicStopReason, outputTokens = 15): AnthropicStreamEvent[] => [
  {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  },
  { type: 'message_stop' },
];

/** A text answer then a tool call, as Anthropic streams it (with the pings and thinking a client never sees). */
const TOOL_STREAM: AnthropicStreamEvent[] = [
  messageStart({
    input_tokens: 25,
    output_tokens: 1,
    cache_read_input_tokens: 100,
    cache_creation_input_tokens: 0,
  }),
  { type: 'ping' },
  { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'The user wants…' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Let me ' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'check.' } },
  { type: 'content_block_stop', index: 1 },
  {
    type: 'content_block_start',
    index: 2,
    content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} },
  },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '' } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city": "Os' } },
  { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: 'lo"}' } },
  { type: 'content_block_stop', index: 2 },
  { type: 'content_block_start', index: 3, content_block: { type: 'tool_use', id: 'toolu_2', name: 'now', input: {} } },
  { type: 'content_block_delta', index: 3, delta: { type: 'input_json_delta', partial_json: '{}' } },
  { type: 'content_block_stop', index: 3 },
  ...end('tool_use', 40),
];

const chunk = (
  choice: Omit<OpenAiChunkChoice, 'index'> | null,
  extra: Partial<OpenAiChatChunk> = {},
): OpenAiChatChunk => ({
  id: 'msg_1',
  object: 'chat.completion.chunk',
  created: CREATED,
  model: 'claude-sonnet-4',
  choices: choice ? [{ index: 0, ...choice }] : [],
  ...extra,
});
const delta = (d: OpenAiChunkChoice['delta'], extra: Partial<OpenAiChatChunk> = {}) =>
  chunk({ delta: d, finish_reason: null }, extra);

describe('Anthropic stream → OpenAI chunks', () => {
  test('text and tool calls: role chunk first, deltas, then the finish reason; no usage chunk unless asked', () => {
    assert.deepEqual(translateAnthropic(TOOL_STREAM, false), [
      delta({ role: 'assistant', content: '' }),
      delta({ content: 'Let me ' }),
      delta({ content: 'check.' }),
      delta({
        tool_calls: [{ index: 0, id: 'toolu_1', type: 'function', function: { name: 'lookup', arguments: '' } }],
      }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Os' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: 'lo"}' } }] }),
      delta({ tool_calls: [{ index: 1, id: 'toolu_2', type: 'function', function: { name: 'now', arguments: '' } }] }),
      delta({ tool_calls: [{ index: 1, function: { arguments: '{}' } }] }),
      chunk({ delta: {}, finish_reason: 'tool_calls' }),
    ]);
  });

  test('with include_usage: usage null on every chunk, then a usage-only chunk with the cache tokens', () => {
    const events: AnthropicStreamEvent[] = [
      messageStart({
        input_tokens: 25,
        output_tokens: 1,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 7,
      }),
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'Hi' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' there' } },
      { type: 'content_block_stop', index: 0 },
      ...end('end_turn', 15),
    ];
    assert.deepEqual(translateAnthropic(events, true), [
      delta({ role: 'assistant', content: '' }, { usage: null }),
      delta({ content: 'Hi' }, { usage: null }),
      delta({ content: ' there' }, { usage: null }),
      chunk({ delta: {}, finish_reason: 'stop' }, { usage: null }),
      chunk(null, {
        usage: {
          prompt_tokens: 132,
          completion_tokens: 15,
          total_tokens: 147,
          prompt_tokens_details: { cached_tokens: 100, cache_write_tokens: 7 },
        },
      }),
    ]);
  });

  test('input counts in message_delta (newer API versions) replace those of message_start', () => {
    const events: AnthropicStreamEvent[] = [
      messageStart({ input_tokens: 0, output_tokens: 0 }),
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { input_tokens: 9, output_tokens: 2, cache_read_input_tokens: 1 },
      },
      { type: 'message_stop' },
    ];
    assert.deepEqual(
      translateAnthropic(events, true).at(-1),
      chunk(null, {
        usage: {
          prompt_tokens: 10,
          completion_tokens: 2,
          total_tokens: 12,
          prompt_tokens_details: { cached_tokens: 1, cache_write_tokens: 0 },
        },
      }),
    );
  });

  const stops: [AnthropicStopReason, OpenAiFinishReason][] = [
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['pause_turn', 'stop'],
    ['refusal', 'content_filter'],
  ];
  for (const [stopReason, finishReason] of stops) {
    test(`stop reason ${stopReason} → finish_reason ${finishReason}`, () => {
      const out = translateAnthropic([messageStart(), ...end(stopReason)], false);
      assert.deepEqual(out.at(-1), chunk({ delta: {}, finish_reason: finishReason }));
    });
  }

  test("an error event is OpenAI's in-stream error object", () => {
    const out = translateAnthropic(
      [messageStart(), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
      false,
    );
    assert.deepEqual(out.at(-1), {
      error: { message: 'Overloaded', type: 'api_error', code: 'overloaded_error', param: null },
    });
  });
});

describe('OpenAI chunks → Anthropic stream', () => {
  const openAiChunks: OpenAiChatChunk[] = [
    delta({ role: 'assistant', content: '' }),
    delta({ content: 'Let me ' }),
    delta({ content: 'check.' }),
    delta({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } }] }),
    delta({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Os' } }] }),
    delta({ tool_calls: [{ index: 0, function: { arguments: 'lo"}' } }] }),
    delta({ tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { name: 'now', arguments: '{}' } }] }),
    chunk({ delta: {}, finish_reason: 'tool_calls' }),
    chunk(null, {
      usage: {
        prompt_tokens: 125,
        completion_tokens: 40,
        total_tokens: 165,
        prompt_tokens_details: { cached_tokens: 100 },
      },
    }),
  ];

  test('message_start, a block per text run and per tool call, message_delta with stop reason and usage, message_stop', () => {
    assert.deepEqual(translateOpenAi(openAiChunks), [
      messageStart({ input_tokens: 0, output_tokens: 0 }),
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'check.' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'call_1', name: 'lookup', input: {} },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city": "Os' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'lo"}' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'call_2', name: 'now', input: {} },
      },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{}' } },
      { type: 'content_block_stop', index: 2 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { input_tokens: 25, output_tokens: 40, cache_creation_input_tokens: 0, cache_read_input_tokens: 100 },
      },
      { type: 'message_stop' },
    ]);
  });

  const stops: [OpenAiFinishReason, AnthropicStopReason][] = [
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['tool_calls', 'tool_use'],
    ['function_call', 'tool_use'],
    ['content_filter', 'refusal'],
  ];
  for (const [finishReason, stopReason] of stops) {
    test(`finish_reason ${finishReason} → stop reason ${stopReason}`, () => {
      const events = translateOpenAi([delta({ content: 'x' }), chunk({ delta: {}, finish_reason: finishReason })]);
      const messageDelta = events.find((event) => event.type === 'message_delta');
      assert.equal(messageDelta?.type === 'message_delta' && messageDelta.delta.stop_reason, stopReason);
    });
  }

  test('text after a tool call opens a new text block', () => {
    const events = translateOpenAi([
      delta({ tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }),
      delta({ content: 'done' }),
    ]);
    assert.deepEqual(
      events
        .filter((event) => event.type.startsWith('content_block_'))
        .map((event) => [event.type, 'index' in event && event.index]),
      [
        ['content_block_start', 0],
        ['content_block_delta', 0],
        ['content_block_stop', 0],
        ['content_block_start', 1],
        ['content_block_delta', 1],
        ['content_block_stop', 1],
      ],
    );
  });
});

describe('streams round trip', () => {
  test('Anthropic events → OpenAI chunks → Anthropic events: the same blocks, deltas, stop reason and usage', () => {
    const chunks = translateAnthropic(TOOL_STREAM, true) as OpenAiChatChunk[];
    const back = translateOpenAi(chunks);
    // What a client sees: thinking and pings are not carried by OpenAI chunks, and the block indexes restart at 0;
    // an empty input_json_delta carries nothing.
    const visible = TOOL_STREAM.filter(
      (event) =>
        event.type !== 'ping' &&
        !('index' in event && event.index === 0) &&
        !(
          event.type === 'content_block_delta' &&
          event.delta.type === 'input_json_delta' &&
          event.delta.partial_json === ''
        ),
    ).map((event) => ('index' in event ? { ...event, index: event.index - 1 } : event));
    const withoutStartUsage = (events: AnthropicStreamEvent[]) =>
      events.map((event) =>
        event.type === 'message_start' ? { ...event, message: { ...event.message, usage: null } } : event,
      );
    const expected = withoutStartUsage(visible).map((event) =>
      event.type === 'message_delta'
        ? {
            ...event,
            usage: {
              input_tokens: 25,
              output_tokens: 40,
              cache_creation_input_tokens: 0,
              cache_read_input_tokens: 100,
            },
          }
        : event,
    );
    assert.deepEqual(withoutStartUsage(back), expected);
  });
});
