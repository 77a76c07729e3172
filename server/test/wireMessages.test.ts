import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { insufficientCredits } from '../gateway/errors';
import { upstreamFailed } from '../formats/gatewayError';
import type { AnthropicStreamEvent } from '../formats/translate/anthropicTypes';
import { TranslationError } from '../formats/translate/translationError';
import { startConversation } from './wireHelpers';
import { namedSse } from '../formats/sse';
import { anthropicMessageJson, anthropicStream, anthropicStreamEvents, words } from './fakeProviderFormats';
import { chunk } from './fakeUpstream';
import {
  ANTHROPIC_USAGE as USAGE,
  BILLED,
  CREATED,
  REPLY,
  TOOL,
  TOOL_ARGS,
  awkwardSplits,
  clientEvents,
  relayAll,
} from './wireHelpers';

const MESSAGE_STOP = 'event: message_stop\ndata: {"type":"message_stop"}\n\n';

const messagesRequest = (extra: Record<string, unknown> = {}) => ({
  model: 'anthropic/claude',
  system: 'Be brief.',
  messages: [{ role: 'user', content: 'Weather in Tokyo?' }],
  max_tokens: 100,
  ...extra,
});

const start = (dialect: 'anthropic' | 'openai', extra: Record<string, unknown> = {}, options = {}) =>
  startConversation('messages', dialect, messagesRequest(extra), dialect === 'anthropic' ? 'claude-x' : 'gpt-4o', {
    created: CREATED,
    ...options,
  });

describe('messages × anthropic: passthrough', () => {
  test("the client's request with the deployment's model, and the client's version and beta headers", () => {
    const conversation = start(
      'anthropic',
      { stream: true },
      { anthropicHeaders: { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'b1' } },
    );
    assert.equal(conversation.path, '/messages');
    assert.deepEqual(conversation.payload, { ...messagesRequest({ stream: true }), model: 'claude-x' });
    assert.deepEqual(conversation.headers, { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'b1' });
    assert.deepEqual(start('anthropic').headers, { 'anthropic-version': '2023-06-01' });
  });

  test("a JSON reply is the provider's own bytes, billed with the cache tokens", () => {
    const raw = Buffer.from(JSON.stringify(anthropicMessageJson('claude-x', REPLY, USAGE, TOOL)));
    const read = start('anthropic').readJson(raw);
    assert.equal(read.body, raw);
    assert.deepEqual(read.usage, BILLED);
    assert.equal(read.completionChars, REPLY.length + TOOL.name.length + TOOL_ARGS.length);
  });

  const body = anthropicStream('claude-x', REPLY, USAGE, TOOL);
  for (const { name, chunks } of awkwardSplits(body)) {
    test(`a stream, ${name}: relayed byte for byte, message_stop held back as the receipt`, () => {
      const relay = start('anthropic', { stream: true }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      assert.equal(forwarded + receipt, body);
      assert.equal(receipt, MESSAGE_STOP);
      assert.equal(relay.done, true);
      assert.deepEqual(relay.usage, BILLED);
      assert.equal(relay.completionChars, REPLY.length + TOOL.name.length + TOOL_ARGS.length);
      assert.equal(relay.error, null);
    });
  }

  test('input counts in message_delta (as newer models send them) replace those of message_start', () => {
    const events = anthropicStreamEvents('claude-x', REPLY, USAGE).map((event) =>
      event.type === 'message_delta'
        ? { ...event, usage: { ...event.usage, input_tokens: 20, cache_read_input_tokens: 310 } }
        : event,
    );
    const relay = start('anthropic', { stream: true }).relay();
    relayAll(relay, [Buffer.from(events.map((event) => namedSse(event)).join(''))]);
    assert.deepEqual(relay.usage, {
      promptTokens: 430,
      completionTokens: 9,
      cachedTokens: 310,
      cacheCreationTokens: 100,
    });
  });

  test("an error event is forwarded as is and is the relay's error; no receipt", () => {
    const error: AnthropicStreamEvent = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const text = [...anthropicStreamEvents('claude-x', REPLY, USAGE).slice(0, 3), error]
      .map((e) => namedSse(e))
      .join('');
    const relay = start('anthropic', { stream: true }).relay();
    const { forwarded, receipt } = relayAll(relay, [Buffer.from(text)]);
    assert.equal(forwarded, text);
    assert.equal(receipt, '');
    assert.deepEqual(relay.error, error.error);
  });

  test("the gateway's own error after the headers is Anthropic's error event, typed by status", () => {
    const relay = start('anthropic', { stream: true }).relay();
    assert.equal(
      relay.errorEvent(upstreamFailed()),
      'event: error\ndata: {"type":"error","error":{"type":"api_error","message":"The model provider could not be reached or failed to answer."}}\n\n',
    );
    assert.match(relay.errorEvent(insufficientCredits()), /"type":"billing_error"/);
  });
});

describe('messages × openai: translated through chat completions', () => {
  test('the request in OpenAI format, a stream asking for its usage', () => {
    const conversation = start('openai', { stream: true });
    assert.equal(conversation.path, '/chat/completions');
    assert.deepEqual(conversation.headers, {});
    assert.deepEqual(conversation.payload, {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Tokyo?' },
      ],
      max_tokens: 100,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  test('top_k, a hint chat completions lacks, is left out and named; refused when the route says so', () => {
    const dropped = start('openai', { top_k: 5 });
    assert.deepEqual(dropped.dropped, ['top_k']);
    assert.equal('top_k' in dropped.payload, false);
    assert.throws(
      () => start('openai', { top_k: 5 }, { unsupportedParams: 'refuse' }),
      (error) => error instanceof TranslationError && error.param === 'top_k',
    );
  });

  test('a system role among the turns is a system message in its place; a role chat completions lacks is refused', () => {
    const turns = [
      { role: 'user', content: 'Hello' },
      { role: 'system', content: [{ type: 'text', text: 'Answer in French.' }] },
      { role: 'user', content: 'Bonjour?' },
    ];
    const { payload } = start('openai', { messages: turns });
    assert.deepEqual((payload.messages as unknown[]).slice(-3), [
      { role: 'user', content: 'Hello' },
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Bonjour?' },
    ]);
    assert.throws(
      () => start('openai', { messages: [{ role: 'critic', content: 'Hi' }] }),
      (error) => error instanceof TranslationError && error.param === 'messages[0].role',
    );
  });

  test('a JSON reply is an Anthropic message, billed with the cached tokens', () => {
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-4o',
      choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop', logprobs: null }],
      usage: {
        prompt_tokens: 400,
        completion_tokens: 9,
        total_tokens: 409,
        prompt_tokens_details: { cached_tokens: 300 },
      },
    };
    const read = start('openai').readJson(Buffer.from(JSON.stringify(completion)));
    assert.deepEqual(JSON.parse(read.body.toString()), {
      id: 'chatcmpl-1',
      type: 'message',
      role: 'assistant',
      model: 'gpt-4o',
      content: [{ type: 'text', text: REPLY }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 9, cache_creation_input_tokens: 0, cache_read_input_tokens: 300 },
    });
    assert.deepEqual(read.usage, { promptTokens: 400, completionTokens: 9, cachedTokens: 300, cacheCreationTokens: 0 });
    assert.equal(read.completionChars, REPLY.length);
  });

  const usage = {
    prompt_tokens: 400,
    completion_tokens: 9,
    total_tokens: 409,
    prompt_tokens_details: { cached_tokens: 300 },
  };
  const body =
    words(REPLY)
      .map((word) => chunk('gpt-4o', word))
      .join('') +
    chunk('gpt-4o', null, { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }) +
    chunk('gpt-4o', null, { usage }) +
    'data: [DONE]\n\n';

  for (const { name, chunks } of awkwardSplits(body)) {
    test(`a stream, ${name}: Anthropic events, message_stop the receipt`, () => {
      const relay = start('openai', { stream: true }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      const events = clientEvents(forwarded);
      assert.deepEqual(
        events.map((event) => event.name),
        [
          'message_start',
          'content_block_start',
          ...words(REPLY).map(() => 'content_block_delta'),
          'content_block_stop',
          'message_delta',
        ],
      );
      for (const event of events) assert.equal((event.data as { type: string }).type, event.name);
      const texts = events.map((event) => (event.data as { delta?: { text?: string } }).delta?.text ?? '');
      assert.equal(texts.join(''), REPLY);
      assert.deepEqual(events.at(-1)?.data, {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { input_tokens: 100, output_tokens: 9, cache_creation_input_tokens: 0, cache_read_input_tokens: 300 },
      });
      assert.equal(receipt, MESSAGE_STOP);
      assert.equal(relay.done, true);
      assert.deepEqual(relay.usage, {
        promptTokens: 400,
        completionTokens: 9,
        cachedTokens: 300,
        cacheCreationTokens: 0,
      });
      assert.equal(relay.completionChars, REPLY.length);
    });
  }

  test("an OpenAI in-stream error becomes Anthropic's error event and the relay's error", () => {
    const text = chunk('gpt-4o', 'Hi') + 'data: {"error":{"message":"boom","type":"server_error"}}\n\n';
    const relay = start('openai', { stream: true }).relay();
    const { forwarded, receipt } = relayAll(relay, [Buffer.from(text)]);
    assert.deepEqual(clientEvents(forwarded).at(-1), {
      name: 'error',
      data: { type: 'error', error: { type: 'api_error', message: 'boom' } },
    });
    assert.deepEqual(relay.error, { message: 'boom', type: 'server_error' });
    assert.equal(receipt, '');
    assert.equal(relay.done, false);
  });
});
