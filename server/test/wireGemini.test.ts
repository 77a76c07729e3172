import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { upstreamFailed } from '../formats/gatewayError';
import type { GeminiResponse, GeminiUsageMetadata } from '../formats/translate/geminiTypes';
import type { OpenAiChatChunk } from '../formats/translate/openaiTypes';
import { TranslationError } from '../formats/translate/translationError';
import {
  geminiResponseJson,
  geminiSse,
  geminiStream,
  geminiStreamChunks,
  geminiUsageMetadata,
} from './fakeProviderFormats';
import {
  CREATED,
  REPLY,
  TOOL,
  TOOL_ARGS,
  awkwardSplits,
  clientEvents,
  relayAll,
  startConversation,
} from './wireHelpers';

/**
 * The Gemini dialect (server/providers/google/) answering each door, against Gemini's wire format as the fake
 * provider sends it (fakeProviderFormats.ts): chat completions and Anthropic's Messages translated, the Gemini door
 * passed through, with thinking and cache reads billed as Google counts them.
 */
const MODEL = 'gemini-2.5-pro';

/** 400 prompt tokens, 300 of them read from a context cache; 9 of answer and 20 of thinking (billed as output). */
const USAGE: GeminiUsageMetadata = {
  promptTokenCount: 400,
  cachedContentTokenCount: 300,
  candidatesTokenCount: 9,
  thoughtsTokenCount: 20,
};
const BILLED = { promptTokens: 400, completionTokens: 29, cachedTokens: 300, cacheCreationTokens: 0 };
const CALL_CHARS = TOOL.name.length + TOOL_ARGS.length;

const chatRequest = (extra: Record<string, unknown> = {}) => ({
  model: 'google/gemini',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather in Tokyo?' },
  ],
  max_tokens: 100,
  ...extra,
});

const viaGemini = (extra: Record<string, unknown> = {}) =>
  startConversation('chat.completions', 'gemini', chatRequest(extra), MODEL, { created: CREATED });

const json = (body: unknown) => Buffer.from(JSON.stringify(body));

describe('chat.completions × gemini: the request', () => {
  test("goes to Gemini's generateContent in its format: system instruction, turns, the cap", () => {
    const conversation = viaGemini({ temperature: 0.5, stop: 'END', n: 2 });
    assert.equal(conversation.path, `/models/${MODEL}:generateContent`);
    assert.equal(conversation.stream, false);
    assert.deepEqual(conversation.headers, {});
    assert.deepEqual(conversation.payload, {
      contents: [{ role: 'user', parts: [{ text: 'Weather in Tokyo?' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 100, candidateCount: 2, temperature: 0.5, stopSequences: ['END'] },
    });
  });

  test('a stream goes to streamGenerateContent with alt=sse', () => {
    const conversation = viaGemini({ stream: true });
    assert.equal(conversation.path, `/models/${MODEL}:streamGenerateContent?alt=sse`);
    assert.equal(conversation.stream, true);
  });

  test('images inline, tool calls with their results (named by the call they answer), tools, tool choice', () => {
    const conversation = viaGemini({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: TOOL.name, arguments: TOOL_ARGS } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temperature": 22}' },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
        { role: 'user', content: 'Thanks' },
      ],
      tools: [{ type: 'function', function: { name: TOOL.name, parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: TOOL.name } },
      response_format: { type: 'json_schema', json_schema: { name: 'w', schema: { type: 'object' } } },
    });
    assert.deepEqual(conversation.payload, {
      contents: [
        {
          role: 'user',
          parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }],
        },
        { role: 'model', parts: [{ functionCall: { name: TOOL.name, args: TOOL.input } }] },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: TOOL.name, response: { temperature: 22 } } },
            { functionResponse: { name: TOOL.name, response: { output: 'sunny' } } },
            { text: 'Thanks' },
          ],
        },
      ],
      tools: [{ functionDeclarations: [{ name: TOOL.name, parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [TOOL.name] } },
      generationConfig: {
        maxOutputTokens: 100,
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
      },
    });
  });

  test('a logit bias, which Gemini lacks, is left out and named', () => {
    const conversation = viaGemini({ logit_bias: { 50256: -100 } });
    assert.deepEqual(conversation.dropped, ['logit_bias']);
    assert.equal('logit_bias' in conversation.payload, false);
  });

  test('what Gemini cannot take is a 400 naming the field, before anything is sent', () => {
    const refusals: [Record<string, unknown>, string][] = [
      [
        { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x.test/a.png' } }] }] },
        'messages[0].content[0].image_url.url',
      ],
      [{ messages: [{ role: 'tool', tool_call_id: 'nobody', content: 'x' }] }, 'messages[0].tool_call_id'],
      [{ modalities: ['text', 'audio'] }, 'modalities'],
    ];
    for (const [extra, param] of refusals) {
      assert.throws(
        () => viaGemini(extra),
        (error) => error instanceof TranslationError && error.param === param,
        param,
      );
    }
  });
});

describe('chat.completions × gemini: a JSON reply', () => {
  test('is an OpenAI chat completion; thinking and cache reads are billed as Google counts them', () => {
    const read = viaGemini().readJson(json(geminiResponseJson(MODEL, REPLY, USAGE, TOOL)));
    const completion = JSON.parse(read.body.toString());
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.created, CREATED);
    assert.equal(completion.model, MODEL);
    assert.equal(completion.choices[0].message.content, REPLY);
    assert.deepEqual(completion.choices[0].message.tool_calls, [
      { id: 'call_gemini-fake_0', type: 'function', function: { name: TOOL.name, arguments: TOOL_ARGS } },
    ]);
    assert.equal(completion.choices[0].finish_reason, 'tool_calls');
    assert.deepEqual(completion.usage, {
      prompt_tokens: 400,
      completion_tokens: 29,
      total_tokens: 429,
      prompt_tokens_details: { cached_tokens: 300 },
    });
    assert.deepEqual(read.usage, BILLED);
    assert.equal(read.completionChars, REPLY.length + CALL_CHARS);
  });

  test('what Google fed back from its own tools is billed as input', () => {
    const read = viaGemini().readJson(
      json(
        geminiResponseJson(MODEL, REPLY, {
          promptTokenCount: 100,
          toolUsePromptTokenCount: 50,
          candidatesTokenCount: 7,
        }),
      ),
    );
    assert.deepEqual(read.usage, { promptTokens: 150, completionTokens: 7, cachedTokens: 0, cacheCreationTokens: 0 });
  });

  test('stop reasons: MAX_TOKENS is length, a safety stop content_filter, a blocked prompt content_filter', () => {
    const stopped = (finishReason: string) => ({
      ...geminiResponseJson(MODEL, REPLY, USAGE),
      candidates: [{ content: { role: 'model', parts: [{ text: REPLY }] }, finishReason, index: 0 }],
    });
    const finish = (body: unknown) => JSON.parse(viaGemini().readJson(json(body)).body.toString()).choices[0];
    assert.equal(finish(stopped('MAX_TOKENS')).finish_reason, 'length');
    assert.equal(finish(stopped('SAFETY')).finish_reason, 'content_filter');
    assert.equal(finish(stopped('OTHER')).finish_reason, 'stop');
    const blocked = finish({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4 } });
    assert.deepEqual([blocked.finish_reason, blocked.message.content], ['content_filter', null]);
  });

  test('thought summaries are not the answer', () => {
    const body = geminiResponseJson(MODEL, REPLY, USAGE);
    body.candidates![0].content!.parts.unshift({ text: 'Let me think.', thought: true });
    const completion = JSON.parse(viaGemini().readJson(json(body)).body.toString());
    assert.equal(completion.choices[0].message.content, REPLY);
  });

  test('a 200 that is not a Gemini reply is a 502', () => {
    assert.throws(
      () => viaGemini().readJson(Buffer.from('{"ok": true}')),
      (error) => error instanceof Error && (error as { statusCode?: number }).statusCode === 502,
    );
  });
});

describe('chat.completions × gemini: a stream', () => {
  const body = geminiStream(MODEL, REPLY, USAGE, TOOL);
  for (const { name, chunks } of awkwardSplits(body)) {
    test(`${name}: OpenAI chunks, the finish reason, the usage chunk, [DONE] held back`, () => {
      const relay = viaGemini({ stream: true, stream_options: { include_usage: true } }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      assert.equal(receipt, 'data: [DONE]\n\n');
      const events = clientEvents(forwarded).map((event) => event.data as OpenAiChatChunk);
      assert.deepEqual(events[0].choices, [
        { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      ]);
      const text = events.map((event) => event.choices[0]?.delta?.content ?? '').join('');
      assert.equal(text, REPLY);
      const call = events.find((event) => event.choices[0]?.delta?.tool_calls)!.choices[0].delta.tool_calls![0];
      assert.deepEqual(call, {
        index: 0,
        id: 'call_gemini-fake_0',
        type: 'function',
        function: { name: TOOL.name, arguments: TOOL_ARGS },
      });
      assert.equal(events.at(-2)!.choices[0].finish_reason, 'tool_calls');
      assert.deepEqual(events.at(-1)!.choices, []);
      assert.equal(events.at(-1)!.usage?.completion_tokens, 29);
      assert.deepEqual(relay.usage, BILLED);
      assert.equal(relay.completionChars, REPLY.length + CALL_CHARS);
      assert.equal(relay.error, null);
    });
  }

  test('without include_usage: no usage chunk; the usage is still billed', () => {
    const relay = viaGemini({ stream: true }).relay();
    const { forwarded } = relayAll(relay, [Buffer.from(body)]);
    assert.ok(clientEvents(forwarded).every((event) => (event.data as { choices: unknown[] }).choices.length > 0));
    assert.deepEqual(relay.usage, BILLED);
  });

  test('usage that arrives only in the last chunk is billed', () => {
    const relay = viaGemini({ stream: true }).relay();
    relayAll(relay, [Buffer.from(geminiStream(MODEL, REPLY, USAGE, null, true))]);
    assert.deepEqual(relay.usage, BILLED);
  });

  test('a later null or missing count never erases an earlier one', () => {
    const chunks = geminiStreamChunks(MODEL, REPLY, USAGE);
    // A last usage-only chunk, after the finish, that says nothing of the prompt or the cache.
    chunks.push({ usageMetadata: { promptTokenCount: null, cachedContentTokenCount: null, candidatesTokenCount: 9 } });
    const relay = viaGemini({ stream: true }).relay();
    relayAll(relay, [Buffer.from(geminiSse(chunks))]);
    assert.deepEqual(relay.usage, BILLED);
  });

  test('a stream cut short (no finish reason): no receipt; the counts so far', () => {
    const relay = viaGemini({ stream: true }).relay();
    const { receipt } = relayAll(relay, [Buffer.from(geminiSse(geminiStreamChunks(MODEL, REPLY, USAGE).slice(0, 2)))]);
    assert.equal(receipt, '');
    assert.equal(relay.done, false);
    assert.deepEqual(relay.usage, { promptTokens: 400, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 });
  });

  test("Gemini's error chunk is OpenAI's in-stream error and the relay's error", () => {
    const error = { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' };
    const relay = viaGemini({ stream: true }).relay();
    const text = geminiSse([...geminiStreamChunks(MODEL, REPLY, USAGE).slice(0, 1), { error }]);
    const { forwarded, receipt } = relayAll(relay, [Buffer.from(text)]);
    assert.equal(receipt, '');
    assert.deepEqual(clientEvents(forwarded).at(-1)!.data, {
      error: { message: 'The model is overloaded.', type: 'api_error', code: 'upstream_error', param: null },
    });
    assert.deepEqual(relay.error, error);
  });
});

describe('messages × gemini: through chat completions', () => {
  const messages = (extra: Record<string, unknown> = {}) =>
    startConversation(
      'messages',
      'gemini',
      {
        model: 'google/gemini',
        system: 'Be brief.',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'Hi' }],
        ...extra,
      },
      MODEL,
      { created: CREATED },
    );

  test("the request in Gemini's format", () => {
    const conversation = messages({ stream: true, stop_sequences: ['END'] });
    assert.equal(conversation.path, `/models/${MODEL}:streamGenerateContent?alt=sse`);
    assert.deepEqual(conversation.payload, {
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 50, stopSequences: ['END'] },
    });
  });

  test('a JSON reply is an Anthropic message: text and tool_use, input tokens without the cache reads', () => {
    const read = messages().readJson(json(geminiResponseJson(MODEL, REPLY, USAGE, TOOL)));
    const message = JSON.parse(read.body.toString());
    assert.equal(message.type, 'message');
    assert.deepEqual(message.content, [
      { type: 'text', text: REPLY },
      { type: 'tool_use', id: 'call_gemini-fake_0', name: TOOL.name, input: TOOL.input },
    ]);
    assert.equal(message.stop_reason, 'tool_use');
    assert.deepEqual(message.usage, {
      input_tokens: 100,
      output_tokens: 29,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 300,
    });
    assert.deepEqual(read.usage, BILLED);
  });

  for (const { name, chunks } of awkwardSplits(geminiStream(MODEL, REPLY, USAGE, TOOL))) {
    test(`a stream, ${name}: Anthropic's events, message_delta with the usage, message_stop the receipt`, () => {
      const relay = messages({ stream: true }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      assert.equal(receipt, 'event: message_stop\ndata: {"type":"message_stop"}\n\n');
      const events = clientEvents(forwarded);
      assert.deepEqual(
        events.map((event) => event.name).filter((type, i, all) => type !== all[i - 1]),
        [
          'message_start',
          'content_block_start',
          'content_block_delta',
          'content_block_stop',
          'content_block_start',
          'content_block_delta',
          'content_block_stop',
          'message_delta',
        ],
      );
      const text = events.map((event) => (event.data as { delta?: { text?: string } }).delta?.text ?? '').join('');
      assert.equal(text, REPLY);
      assert.deepEqual(events.at(-1)!.data, {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { input_tokens: 100, output_tokens: 29, cache_creation_input_tokens: 0, cache_read_input_tokens: 300 },
      });
      assert.deepEqual(relay.usage, BILLED);
    });
  }

  test("the gateway's own error after the headers is Anthropic's error event", () => {
    assert.match(messages({ stream: true }).relay().errorEvent(upstreamFailed()), /^event: error\n.*"api_error"/);
  });
});

describe('generateContent × gemini: passthrough', () => {
  const door = (extra: Record<string, unknown> = {}) =>
    startConversation(
      'generateContent',
      'gemini',
      {
        model: 'google/gemini-2.5-pro',
        stream: false,
        contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
        generationConfig: { maxOutputTokens: 50, thinkingConfig: { thinkingBudget: 128 } },
        safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }],
        ...extra,
      },
      MODEL,
      { created: CREATED },
    );

  test("the client's body as it is, without the door's model and stream (Google's URL carries them)", () => {
    const conversation = door();
    assert.equal(conversation.path, `/models/${MODEL}:generateContent`);
    assert.deepEqual(conversation.payload, {
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      generationConfig: { maxOutputTokens: 50, thinkingConfig: { thinkingBudget: 128 } },
      safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }],
    });
    assert.equal(door({ stream: true }).path, `/models/${MODEL}:streamGenerateContent?alt=sse`);
  });

  test("a JSON reply is the provider's own bytes, billed with thinking and cache reads", () => {
    const raw = json(geminiResponseJson(MODEL, REPLY, USAGE, TOOL));
    const read = door().readJson(raw);
    assert.equal(read.body, raw);
    assert.deepEqual(read.usage, BILLED);
    assert.equal(read.completionChars, REPLY.length + CALL_CHARS);
  });

  const body = geminiStream(MODEL, REPLY, USAGE, TOOL);
  for (const { name, chunks } of awkwardSplits(body)) {
    test(`a stream, ${name}: relayed chunk for chunk, the last (with the finish reason) held back`, () => {
      const relay = door({ stream: true }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      const sent = geminiStreamChunks(MODEL, REPLY, USAGE, TOOL);
      assert.deepEqual(
        clientEvents(forwarded).map((event) => event.data),
        sent.slice(0, -1),
      );
      assert.deepEqual(
        clientEvents(receipt).map((event) => event.data),
        sent.slice(-1),
      );
      assert.equal(relay.done, true);
      assert.deepEqual(relay.usage, BILLED);
      assert.equal(relay.completionChars, REPLY.length + CALL_CHARS);
    });
  }

  test('usage in the last chunk only, and a later null, are billed right', () => {
    const chunks: GeminiResponse[] = geminiStreamChunks(MODEL, REPLY, USAGE, null, true);
    chunks.push({ usageMetadata: { promptTokenCount: null, thoughtsTokenCount: undefined, candidatesTokenCount: 9 } });
    const relay = door({ stream: true }).relay();
    const { receipt } = relayAll(relay, [Buffer.from(geminiSse(chunks))]);
    assert.equal(clientEvents(receipt).length, 2);
    assert.deepEqual(relay.usage, BILLED);
  });

  test("the gateway's own error after the headers is Google's error chunk, which its SDKs raise", () => {
    assert.deepEqual(clientEvents(door({ stream: true }).relay().errorEvent(upstreamFailed()))[0].data, {
      error: {
        code: 502,
        message: 'The model provider could not be reached or failed to answer.',
        status: 'UNAVAILABLE',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'UPSTREAM_ERROR', domain: 'gateway' }],
      },
    });
  });
});

describe('embeddings × gemini', () => {
  test("Google's OpenAI-compatible endpoint under the same base", () => {
    const conversation = startConversation('embeddings', 'gemini', { input: 'x' }, 'text-embedding-004', {
      created: CREATED,
    });
    assert.equal(conversation.path, '/openai/embeddings');
    assert.deepEqual(conversation.payload, { input: 'x', model: 'text-embedding-004' });
  });
});

test('the fake counts as Google adds up: prompt, tool-use prompt, candidates and thoughts', () => {
  assert.equal(geminiUsageMetadata({ ...USAGE, toolUsePromptTokenCount: 1 }).totalTokenCount, 430);
});
