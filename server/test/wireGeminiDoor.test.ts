import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { insufficientCredits } from '../gateway/errors';
import { GatewayError } from '../formats/gatewayError';
import { googleErrorBody } from '../formats/googleErrors';
import { namedSse } from '../formats/sse';
import type { AnthropicStreamEvent } from '../formats/translate/anthropicTypes';
import { TranslationError } from '../formats/translate/translationError';
import { anthropicMessageJson, anthropicStream, anthropicStreamEvents } from './fakeProviderFormats';
import { chunk, type Usage } from './fakeUpstream';
import {
  ANTHROPIC_USAGE,
  BILLED as ANTHROPIC_BILLED,
  CREATED,
  REPLY,
  TOOL,
  TOOL_ARGS,
  awkwardSplits,
  clientEvents,
  relayAll,
  startConversation,
  type DialectName,
} from './wireHelpers';

/**
 * The Gemini door in front of a deployment of another dialect: one adapter (providers/geminiViaChat/) sends the
 * request through the dialect's own chat completions and answers in Gemini's format, JSON or stream, with the usage
 * the gateway bills.
 */
const geminiRequest = (extra: Record<string, unknown> = {}) => ({
  model: 'team/default-smart',
  stream: false,
  systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }] },
  contents: [{ role: 'user', parts: [{ text: 'Weather in Tokyo?' }] }],
  generationConfig: { maxOutputTokens: 100 },
  ...extra,
});

const door = (dialect: DialectName, extra: Record<string, unknown> = {}, options = {}) =>
  startConversation('generateContent', dialect, geminiRequest(extra), dialect === 'openai' ? 'gpt-4o' : 'claude-x', {
    created: CREATED,
    ...options,
  });

const OPENAI_USAGE: Usage = { prompt_tokens: 412, completion_tokens: 9, prompt_tokens_details: { cached_tokens: 300 } };
const OPENAI_BILLED = { promptTokens: 412, completionTokens: 9, cachedTokens: 300, cacheCreationTokens: 0 };
/** What a Gemini client is told: the counts billed, as Gemini names them. */
const GEMINI_USAGE = {
  promptTokenCount: 412,
  candidatesTokenCount: 9,
  totalTokenCount: 421,
  cachedContentTokenCount: 300,
};

const completionJson = (message: Record<string, unknown>, finish: string) =>
  Buffer.from(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: CREATED,
      model: 'gpt-4o',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
      usage: { ...OPENAI_USAGE, total_tokens: 421 },
    }),
  );

describe('generateContent × openai: the request', () => {
  test('becomes chat completions: the system instruction, the turns, the cap in the provider`s own field', () => {
    const conversation = door('openai', {}, { chatOutputCap: 'max_completion_tokens' });
    assert.equal(conversation.path, '/chat/completions');
    assert.equal(conversation.stream, false);
    assert.deepEqual(conversation.payload, {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Tokyo?' },
      ],
      max_completion_tokens: 100,
    });
    assert.equal(door('openai').payload.max_tokens, 100);
  });

  test('a stream asks for its usage, which Gemini`s last chunk carries', () => {
    const conversation = door('openai', { stream: true });
    assert.equal(conversation.stream, true);
    assert.deepEqual(conversation.payload.stream_options, { include_usage: true });
  });

  test('function calls and their results (paired by name and order), images, audio, tools and their schema', () => {
    const conversation = door('openai', {
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'What is this?' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
            { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } },
          ],
        },
        {
          role: 'model',
          parts: [
            { text: 'Let me think.', thought: true },
            { functionCall: { name: TOOL.name, args: TOOL.input } },
            { functionCall: { name: TOOL.name, args: { city: 'Paris' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: TOOL.name, response: { output: '22°C' } } },
            { functionResponse: { name: TOOL.name, response: { temperature: 18 } } },
          ],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: TOOL.name,
              description: 'The weather',
              parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' }, type: { type: 'STRING' } } },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: {
        maxOutputTokens: 100,
        temperature: 1.5,
        topP: 0.9,
        stopSequences: ['END'],
        candidateCount: 2,
        seed: 7,
        responseMimeType: 'application/json',
        thinkingConfig: { thinkingBudget: 0 },
      },
      safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }],
    });
    assert.deepEqual(conversation.payload, {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_0', type: 'function', function: { name: TOOL.name, arguments: TOOL_ARGS } },
            { id: 'call_1', type: 'function', function: { name: TOOL.name, arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_0', content: '22°C' },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temperature":18}' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: TOOL.name,
            description: 'The weather',
            parameters: { type: 'object', properties: { city: { type: 'string' }, type: { type: 'string' } } },
          },
        },
      ],
      tool_choice: 'required',
      max_tokens: 100,
      n: 2,
      temperature: 1.5,
      top_p: 0.9,
      stop: ['END'],
      seed: 7,
      response_format: { type: 'json_object' },
    });
  });

  test('function call ids, when the client has them, pair calls and results', () => {
    const conversation = door('openai', {
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'fc_9', name: TOOL.name, args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'fc_9', name: TOOL.name, response: { ok: true } } }] },
      ],
    });
    const [, assistant, tool] = conversation.payload.messages as {
      tool_calls?: { id: string }[];
      tool_call_id?: string;
    }[];
    assert.deepEqual([assistant.tool_calls![0].id, tool.tool_call_id], ['fc_9', 'fc_9']);
  });

  test('what chat completions cannot express is a 400 naming the Gemini field', () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ tools: [{ googleSearch: {} }] }, 'tools[0]'],
      [{ cachedContent: 'cachedContents/abc' }, 'cachedContent'],
      [{ generationConfig: { responseModalities: ['TEXT', 'IMAGE'] } }, 'generationConfig.responseModalities'],
      [{ generationConfig: { responseMimeType: 'text/x.enum' } }, 'generationConfig.responseMimeType'],
      [
        { toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b'] } } },
        'toolConfig.functionCallingConfig.allowedFunctionNames',
      ],
      [
        {
          contents: [
            {
              role: 'user',
              parts: [{ fileData: { fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/x' } }],
            },
          ],
        },
        'contents[0].parts[0]',
      ],
      [
        { contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'application/pdf', data: 'JVBE' } }] }] },
        'contents[0].parts[0].inlineData',
      ],
      [
        { systemInstruction: { parts: [{ inlineData: { mimeType: 'image/png', data: 'x' } }] } },
        'systemInstruction.parts[0]',
      ],
    ];
    for (const [extra, param] of refusals) {
      assert.throws(
        () => door('openai', extra),
        (error) => error instanceof TranslationError && error.param === param,
        param,
      );
    }
  });

  test('sampling hints chat completions lacks are left out and named, or refused when the route says so', () => {
    const hints = { generationConfig: { topK: 40, temperature: 0.2, thinkingConfig: { thinkingBudget: 0 } } };
    const dropped = door('openai', { ...hints, safetySettings: [], labels: { team: 'a' } });
    assert.deepEqual(dropped.dropped, ['safetySettings', 'labels', 'topK', 'thinkingConfig']);
    assert.equal((dropped.payload as { temperature?: number }).temperature, 0.2);
    assert.equal('top_k' in dropped.payload || 'topK' in dropped.payload, false);
    // Through Anthropic's translation of chat completions, too: its hints by the Gemini client's names.
    const viaAnthropic = door('anthropic', { generationConfig: { seed: 7, presencePenalty: 0.5 } });
    assert.deepEqual(viaAnthropic.dropped, ['presencePenalty', 'seed']);
    assert.throws(
      () => door('openai', hints, { unsupportedParams: 'refuse' }),
      (error) =>
        error instanceof TranslationError &&
        error.param === 'generationConfig.topK' &&
        /topK has no counterpart for this model/.test(error.message),
    );
    assert.deepEqual(door('openai').dropped, []);
  });

  test("the dialect's own refusals name the field the Gemini client wrote", () => {
    const refused = (extra: Record<string, unknown>) => {
      try {
        door('anthropic', extra);
      } catch (error) {
        return error instanceof TranslationError ? error.param : 'not a TranslationError';
      }
      return 'accepted';
    };
    assert.equal(refused({ generationConfig: { candidateCount: 2 } }), 'generationConfig.candidateCount');
    assert.equal(refused({ generationConfig: { temperature: 1.5 } }), 'generationConfig.temperature');
    assert.equal(
      refused({ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/tiff', data: 'x' } }] }] }),
      'contents[0]',
    );
  });
});

describe('generateContent × openai: the reply', () => {
  test('JSON: a Gemini response, text and function calls, the usage billed as Gemini names it', () => {
    const raw = completionJson(
      {
        content: REPLY,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: TOOL.name, arguments: TOOL_ARGS } }],
      },
      'tool_calls',
    );
    const read = door('openai').readJson(raw);
    assert.deepEqual(JSON.parse(read.body.toString()), {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: REPLY }, { functionCall: { id: 'call_1', name: TOOL.name, args: TOOL.input } }],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: GEMINI_USAGE,
      modelVersion: 'gpt-4o',
      responseId: 'chatcmpl-1',
    });
    assert.deepEqual(read.usage, OPENAI_BILLED);
    assert.equal(read.completionChars, REPLY.length + TOOL.name.length + TOOL_ARGS.length);
  });

  test('finish reasons: length is MAX_TOKENS, content_filter SAFETY', () => {
    const finish = (reason: string) =>
      JSON.parse(
        door('openai')
          .readJson(completionJson({ content: 'x' }, reason))
          .body.toString(),
      ).candidates[0].finishReason;
    assert.deepEqual([finish('length'), finish('content_filter'), finish('stop')], ['MAX_TOKENS', 'SAFETY', 'STOP']);
  });

  test('a 200 that is not a chat completion is a 502', () => {
    assert.throws(
      () => door('openai').readJson(Buffer.from('not json')),
      (error) => (error as { statusCode?: number }).statusCode === 502,
    );
  });

  const chatStream =
    chunk('gpt-4o', 'Grüße') +
    chunk('gpt-4o', ' aus 東京') +
    chunk('gpt-4o', null, {
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: TOOL.name, arguments: '' } }],
          },
          finish_reason: null,
        },
      ],
    }) +
    chunk('gpt-4o', null, {
      choices: [
        { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: TOOL_ARGS } }] }, finish_reason: null },
      ],
    }) +
    chunk('gpt-4o', null, { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }) +
    chunk('gpt-4o', null, { usage: { ...OPENAI_USAGE, total_tokens: 421 } }) +
    'data: [DONE]\n\n';

  for (const { name, chunks } of awkwardSplits(chatStream)) {
    test(`a stream, ${name}: a Gemini chunk per text delta, then the calls, finish and usage as the receipt`, () => {
      const relay = door('openai', { stream: true }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      assert.deepEqual(
        clientEvents(forwarded).map((event) => event.data),
        ['Grüße', ' aus 東京'].map((text) => ({
          candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }],
          modelVersion: 'gpt-4o',
          responseId: 'chatcmpl-fake',
        })),
      );
      assert.deepEqual(
        clientEvents(receipt).map((event) => event.data),
        [
          {
            candidates: [
              {
                content: {
                  role: 'model',
                  parts: [{ functionCall: { id: 'call_1', name: TOOL.name, args: TOOL.input } }],
                },
                finishReason: 'STOP',
                index: 0,
              },
            ],
            modelVersion: 'gpt-4o',
            responseId: 'chatcmpl-fake',
            usageMetadata: GEMINI_USAGE,
          },
        ],
      );
      assert.equal(relay.done, true);
      assert.deepEqual(relay.usage, OPENAI_BILLED);
    });
  }

  test('a stream cut short has no receipt; an in-stream error is Gemini`s error chunk and the relay`s error', () => {
    const cut = door('openai', { stream: true }).relay();
    assert.equal(relayAll(cut, [Buffer.from(chunk('gpt-4o', 'Hi'))]).receipt, '');
    const failing = door('openai', { stream: true }).relay();
    const error = { message: 'Overloaded', type: 'server_error', code: null };
    const { forwarded } = relayAll(failing, [
      Buffer.from(chunk('gpt-4o', 'Hi') + `data: ${JSON.stringify({ error })}\n\n`),
    ]);
    assert.deepEqual(clientEvents(forwarded).at(-1)!.data, {
      error: {
        code: 502,
        message: 'Overloaded',
        status: 'UNAVAILABLE',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'UPSTREAM_ERROR', domain: 'gateway' }],
      },
    });
    assert.deepEqual(failing.error, error);
  });

  test("the gateway's own refusal after the headers is Google's error chunk with its status name", () => {
    const event = door('openai', { stream: true }).relay().errorEvent(insufficientCredits());
    assert.match(event, /^data: \{"error":\{"code":402,.*"status":"RESOURCE_EXHAUSTED"/);
  });
});

describe('generateContent × anthropic: through chat completions to the Messages API', () => {
  test("the request in Anthropic's format", () => {
    const conversation = door('anthropic', { stream: true });
    assert.equal(conversation.path, '/messages');
    assert.deepEqual(conversation.headers, { 'anthropic-version': '2023-06-01' });
    assert.deepEqual(conversation.payload, {
      model: 'claude-x',
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Tokyo?' }] }],
      max_tokens: 100,
      stream: true,
    });
  });

  test("a JSON reply as Gemini's, the cache counts billed as Anthropic reports them", () => {
    const read = door('anthropic').readJson(
      Buffer.from(JSON.stringify(anthropicMessageJson('claude-x', REPLY, ANTHROPIC_USAGE, TOOL))),
    );
    const response = JSON.parse(read.body.toString());
    assert.deepEqual(response.candidates[0].content.parts, [
      { text: REPLY },
      { functionCall: { id: TOOL.id, name: TOOL.name, args: TOOL.input } },
    ]);
    // Anthropic's counts add up to OpenAI's test usage: the same Gemini counts.
    assert.deepEqual(response.usageMetadata, GEMINI_USAGE);
    assert.deepEqual(read.usage, ANTHROPIC_BILLED);
  });

  for (const { name, chunks } of awkwardSplits(anthropicStream('claude-x', REPLY, ANTHROPIC_USAGE, TOOL))) {
    test(`a stream, ${name}: Gemini chunks from Anthropic's events, the receipt at message_stop`, () => {
      const relay = door('anthropic', { stream: true }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      const texts = clientEvents(forwarded).map(
        (event) =>
          (event.data as { candidates: { content: { parts: { text: string }[] } }[] }).candidates[0].content.parts[0]
            .text,
      );
      assert.equal(texts.join(''), REPLY);
      const [last] = clientEvents(receipt).map((event) => event.data as Record<string, never>);
      assert.deepEqual(last.candidates, [
        {
          content: { role: 'model', parts: [{ functionCall: { id: TOOL.id, name: TOOL.name, args: TOOL.input } }] },
          finishReason: 'STOP',
          index: 0,
        },
      ]);
      assert.deepEqual(relay.usage, ANTHROPIC_BILLED);
    });
  }

  test("Anthropic's error event reaches a Gemini client as Google's error chunk", () => {
    const error: AnthropicStreamEvent = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const text = [...anthropicStreamEvents('claude-x', REPLY, ANTHROPIC_USAGE).slice(0, 3), error]
      .map((event) => namedSse(event))
      .join('');
    const relay = door('anthropic', { stream: true }).relay();
    const { forwarded, receipt } = relayAll(relay, [Buffer.from(text)]);
    assert.equal(receipt, '');
    assert.match(forwarded, /"message":"Overloaded","status":"UNAVAILABLE"/);
    assert.deepEqual(relay.error, error.error);
  });
});

describe("googleErrorBody: our errors in Google's envelope, with Google's status name for each HTTP status", () => {
  const table: [number, string][] = [
    [400, 'INVALID_ARGUMENT'],
    [401, 'UNAUTHENTICATED'],
    [402, 'RESOURCE_EXHAUSTED'],
    [403, 'PERMISSION_DENIED'],
    [404, 'NOT_FOUND'],
    [413, 'INVALID_ARGUMENT'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [502, 'UNAVAILABLE'],
    [503, 'UNAVAILABLE'],
    [504, 'DEADLINE_EXCEEDED'],
    [529, 'INTERNAL'],
  ];
  for (const [code, status] of table) {
    test(`${code} → ${status}`, () => {
      const error = new GatewayError(code, 'x', 'some_code', `status ${code}`, 'contents');
      assert.deepEqual(googleErrorBody(error), {
        error: {
          code,
          message: `status ${code}`,
          status,
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'SOME_CODE',
              domain: 'gateway',
              metadata: { param: 'contents' },
            },
          ],
        },
      });
    });
  }
});
