import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { upstreamTimeout } from '../formats/gatewayError';
import type { AnthropicStreamEvent } from '../formats/translate/anthropicTypes';
import type { OpenAiChatChunk } from '../formats/translate/openaiTypes';
import { TranslationError } from '../formats/translate/translationError';
import { startConversation } from './wireHelpers';
import { namedSse } from '../formats/sse';
import { anthropicMessageJson, anthropicStream, anthropicStreamEvents } from './fakeProviderFormats';
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

const MODEL = 'claude-sonnet-4-5';
const OPENAI_USAGE = {
  prompt_tokens: 412,
  completion_tokens: 9,
  total_tokens: 421,
  prompt_tokens_details: { cached_tokens: 300, cache_write_tokens: 100 },
};

const chatRequest = (extra: Record<string, unknown> = {}) => ({
  model: 'anthropic/claude',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather in Tokyo?' },
  ],
  max_tokens: 100,
  ...extra,
});

const viaAnthropic = (extra: Record<string, unknown> = {}, options = {}) =>
  startConversation('chat.completions', 'anthropic', chatRequest(extra), MODEL, { created: CREATED, ...options });

describe('chat.completions × anthropic: the request', () => {
  test("goes to Anthropic's native /messages in its format, with the deployment's model", () => {
    const conversation = viaAnthropic({ stream: true, stream_options: { include_usage: true } });
    assert.equal(conversation.path, '/messages');
    assert.equal(conversation.stream, true);
    assert.deepEqual(conversation.payload, {
      model: MODEL,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Tokyo?' }] }],
      max_tokens: 100,
      stream: true,
    });
  });

  test('names the API version: the default, or the one the client sent, and beta features when asked', () => {
    assert.deepEqual(viaAnthropic().headers, { 'anthropic-version': '2023-06-01' });
    const sent = { 'anthropic-version': '2024-10-22', 'anthropic-beta': 'prompt-caching' };
    assert.deepEqual(viaAnthropic({}, { anthropicHeaders: sent }).headers, {
      'anthropic-version': '2024-10-22',
      'anthropic-beta': 'prompt-caching',
    });
  });

  test('what Anthropic cannot express is a 400 before anything is sent', () => {
    assert.throws(
      () => viaAnthropic({ n: 2 }),
      (error) => error instanceof TranslationError && error.param === 'n',
    );
  });
});

describe('chat.completions × anthropic: a JSON reply', () => {
  test('is an OpenAI chat completion, billed with the cache tokens', () => {
    const raw = Buffer.from(JSON.stringify(anthropicMessageJson(MODEL, REPLY, USAGE, TOOL)));
    const read = viaAnthropic().readJson(raw);
    const completion = JSON.parse(read.body.toString());
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.created, CREATED);
    assert.equal(completion.choices[0].message.content, REPLY);
    assert.deepEqual(completion.choices[0].message.tool_calls, [
      { id: TOOL.id, type: 'function', function: { name: TOOL.name, arguments: TOOL_ARGS } },
    ]);
    assert.equal(completion.choices[0].finish_reason, 'tool_calls');
    assert.deepEqual(completion.usage, OPENAI_USAGE);
    assert.deepEqual(read.usage, BILLED);
    assert.equal(read.completionChars, REPLY.length + TOOL.name.length + TOOL_ARGS.length);
  });

  test('a body that is not a message cannot be translated: a 502', () => {
    assert.throws(() => viaAnthropic().readJson(Buffer.from('{"oops":1}')), { statusCode: 502 });
  });
});

describe('chat.completions × anthropic: a stream', () => {
  const body = anthropicStream(MODEL, REPLY, USAGE, TOOL);

  for (const includeUsage of [false, true]) {
    for (const { name, chunks } of awkwardSplits(body)) {
      test(`arrives as OpenAI chunks, ${name}, include_usage ${includeUsage}`, () => {
        const relay = viaAnthropic({ stream: true, stream_options: { include_usage: includeUsage } }).relay();
        const { forwarded, receipt } = relayAll(relay, chunks);
        const events = clientEvents(forwarded);
        assert.ok(events.every((event) => event.name === null && event.data !== '[DONE]'));
        const chunksSent = events.map((event) => event.data as OpenAiChatChunk);
        assert.deepEqual(chunksSent[0].choices, [
          { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
        ]);
        const deltas = chunksSent.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
        assert.equal(deltas.map((delta) => delta.content ?? '').join(''), REPLY);
        const args = deltas.flatMap((delta) => (delta.tool_calls ?? []).map((call) => call.function?.arguments));
        assert.equal(args.join(''), TOOL_ARGS);
        const usageChunks = chunksSent.filter((chunk) => chunk.usage);
        assert.deepEqual(
          usageChunks.map((chunk) => [chunk.usage, chunk.choices]),
          includeUsage ? [[{ ...OPENAI_USAGE }, []]] : [],
        );
        assert.equal(receipt, 'data: [DONE]\n\n');
        assert.equal(relay.done, true);
        assert.deepEqual(relay.usage, BILLED);
        assert.equal(relay.completionChars, REPLY.length + TOOL.name.length + TOOL_ARGS.length);
        assert.equal(relay.error, null);
      });
    }
  }

  test('every split gives the client the same bytes', () => {
    const outputs = awkwardSplits(body).map(({ chunks }) => relayAll(viaAnthropic({ stream: true }).relay(), chunks));
    for (const output of outputs) assert.deepEqual(output, outputs[0]);
  });

  test('the receipt waits for finish(): nothing after message_stop is forwarded before it', () => {
    const relay = viaAnthropic({ stream: true }).relay();
    const events = anthropicStreamEvents(MODEL, 'Hi', USAGE);
    let forwarded = '';
    for (const event of events) forwarded += relay.push(namedSse(event));
    assert.equal(relay.done, true);
    assert.ok(!forwarded.includes('[DONE]'));
    assert.equal(relay.flush(), '');
    assert.equal(relay.finish(), 'data: [DONE]\n\n');
  });

  test('cut short before message_stop: not done, no receipt, the input counts already read', () => {
    const events = anthropicStreamEvents(MODEL, REPLY, USAGE).slice(0, 4);
    const relay = viaAnthropic({ stream: true }).relay();
    relayAll(relay, [Buffer.from(events.map((event) => namedSse(event)).join(''))]);
    assert.equal(relay.done, false);
    assert.equal(relay.finish(), '');
    assert.deepEqual(relay.usage, { ...BILLED, completionTokens: 1 });
  });

  test("Anthropic's error event becomes OpenAI's in-stream error and is the relay's error", () => {
    const error: AnthropicStreamEvent = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const events = [...anthropicStreamEvents(MODEL, REPLY, USAGE).slice(0, 4), error];
    const relay = viaAnthropic({ stream: true }).relay();
    const { forwarded, receipt } = relayAll(relay, [Buffer.from(events.map((event) => namedSse(event)).join(''))]);
    assert.deepEqual(clientEvents(forwarded).at(-1)?.data, {
      error: { message: 'Overloaded', type: 'api_error', code: 'overloaded_error', param: null },
    });
    assert.deepEqual(relay.error, { type: 'overloaded_error', message: 'Overloaded' });
    assert.equal(receipt, '');
  });

  test("the gateway's own error after the headers is OpenAI's in-stream error", () => {
    const relay = viaAnthropic({ stream: true }).relay();
    assert.equal(relay.errorEvent(upstreamTimeout()), `data: ${JSON.stringify(upstreamTimeout().body())}\n\n`);
  });
});

describe('chat.completions × openai (unchanged)', () => {
  test('forwards the request as is, always asking a stream for its usage', () => {
    const conversation = startConversation('chat.completions', 'openai', chatRequest({ stream: true }), 'gpt-4o', {
      created: CREATED,
    });
    assert.equal(conversation.path, '/chat/completions');
    assert.deepEqual(conversation.headers, {});
    assert.deepEqual(conversation.payload, {
      ...chatRequest({ stream: true }),
      model: 'gpt-4o',
      stream_options: { include_usage: true },
    });
  });
});
