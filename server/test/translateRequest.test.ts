import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AnthropicRequest } from '../formats/translate/anthropicTypes';
import { anthropicRequestToOpenai } from '../formats/translate/anthropicRequestToOpenai';
import { DEFAULT_MAX_TOKENS, openaiToAnthropic } from '../formats/translate/openaiToAnthropic';
import type { OpenAiChatRequest, OpenAiMessage } from '../formats/translate/openaiTypes';
import { Omissions } from '../formats/translate/omissions';
import { TranslationError } from '../formats/translate/translationError';

const PNG = 'iVBORw0KGgo=';
const chat = (messages: OpenAiMessage[], extra: Partial<OpenAiChatRequest> = {}): OpenAiChatRequest => ({
  model: 'claude-sonnet-4',
  messages,
  ...extra,
});
/** A translated request without its model and messages: the parameters a table compares. */
const parametersOf = <T extends { model: string; messages: unknown[] }>({
  model: _model,
  messages: _messages,
  ...rest
}: T) => rest;
const lookup = { type: 'function' as const, function: { name: 'lookup', arguments: '{"city":"Oslo"}' } };

describe('openaiToAnthropic: messages and content', () => {
  const cases: { name: string; messages: OpenAiMessage[]; system?: string; expected: AnthropicRequest['messages'] }[] =
    [
      {
        name: 'a string user message is one text block',
        messages: [{ role: 'user', content: 'hi' }],
        expected: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      },
      {
        name: 'system and developer messages become `system`, wherever they are',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
          { role: 'developer', content: [{ type: 'text', text: 'Use French.' }] },
        ],
        system: 'Be brief.\n\nUse French.',
        expected: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      },
      {
        name: 'a data: URL image is a base64 image block',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            ],
          },
        ],
        expected: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            ],
          },
        ],
      },
      {
        name: 'an http URL image is a url image block',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x.test/a.jpg' } }] }],
        expected: [
          { role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://x.test/a.jpg' } }] },
        ],
      },
      {
        name: 'assistant tool calls are tool_use blocks after the text; tool messages are tool_result blocks in a user turn',
        messages: [
          { role: 'user', content: 'Weather in Oslo?' },
          { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'call_1', ...lookup }] },
          { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
        ],
        expected: [
          { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Looking.' },
              { type: 'tool_use', id: 'call_1', name: 'lookup', input: { city: 'Oslo' } },
            ],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'Sunny' }] },
        ],
      },
      {
        name: 'consecutive same-role turns are merged: two tool results and a user message make one user turn',
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'a', ...lookup },
              { id: 'b', ...lookup },
            ],
          },
          { role: 'tool', tool_call_id: 'a', content: [{ type: 'text', text: 'Sunny' }] },
          { role: 'tool', tool_call_id: 'b', content: 'Rain' },
          { role: 'user', content: 'Thanks' },
        ],
        expected: [
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'a', name: 'lookup', input: { city: 'Oslo' } },
              { type: 'tool_use', id: 'b', name: 'lookup', input: { city: 'Oslo' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'a', content: 'Sunny' },
              { type: 'tool_result', tool_use_id: 'b', content: 'Rain' },
              { type: 'text', text: 'Thanks' },
            ],
          },
        ],
      },
      {
        name: 'empty tool call arguments are an empty input',
        messages: [
          { role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 'now', arguments: '' } }] },
        ],
        expected: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'now', input: {} }] }],
      },
    ];
  for (const { name, messages, system, expected } of cases) {
    test(name, () => {
      const translated = openaiToAnthropic(chat(messages));
      assert.deepEqual(translated.messages, expected);
      assert.equal(translated.system, system);
    });
  }
});

describe('openaiToAnthropic: parameters', () => {
  const cases: { name: string; extra: Partial<OpenAiChatRequest>; expected: Partial<AnthropicRequest> }[] = [
    { name: 'no max tokens: the default', extra: {}, expected: { max_tokens: DEFAULT_MAX_TOKENS } },
    { name: 'max_tokens', extra: { max_tokens: 50 }, expected: { max_tokens: 50 } },
    {
      name: 'max_completion_tokens wins over max_tokens',
      extra: { max_tokens: 50, max_completion_tokens: 70 },
      expected: { max_tokens: 70 },
    },
    {
      name: 'temperature, top_p, stream',
      extra: { temperature: 0.3, top_p: 0.9, stream: true, stream_options: { include_usage: true } },
      expected: { max_tokens: DEFAULT_MAX_TOKENS, temperature: 0.3, top_p: 0.9, stream: true },
    },
    {
      name: 'stop as a string',
      extra: { stop: 'END' },
      expected: { max_tokens: DEFAULT_MAX_TOKENS, stop_sequences: ['END'] },
    },
    {
      name: 'stop as a list',
      extra: { stop: ['a', 'b'] },
      expected: { max_tokens: DEFAULT_MAX_TOKENS, stop_sequences: ['a', 'b'] },
    },
    {
      name: 'user',
      extra: { user: 'u-1' },
      expected: { max_tokens: DEFAULT_MAX_TOKENS, metadata: { user_id: 'u-1' } },
    },
    {
      name: 'metadata.user',
      extra: { metadata: { user: 'u-2', other: 'x' } },
      expected: { max_tokens: DEFAULT_MAX_TOKENS, metadata: { user_id: 'u-2' } },
    },
    { name: 'n = 1 is the default and accepted', extra: { n: 1 }, expected: { max_tokens: DEFAULT_MAX_TOKENS } },
    {
      name: 'zero penalties and a text response_format change nothing',
      extra: { presence_penalty: 0, frequency_penalty: 0, response_format: { type: 'text' }, logprobs: false },
      expected: { max_tokens: DEFAULT_MAX_TOKENS },
    },
  ];
  for (const { name, extra, expected } of cases) {
    test(name, () => {
      assert.deepEqual(parametersOf(openaiToAnthropic(chat([{ role: 'user', content: 'hi' }], extra))), expected);
    });
  }
});

describe('openaiToAnthropic: tools and tool_choice', () => {
  const tools = [
    { type: 'function' as const, function: { name: 'lookup', description: 'Weather', parameters: { type: 'object' } } },
    { type: 'function' as const, function: { name: 'now' } },
  ];
  test('tools become name, description and input_schema', () => {
    assert.deepEqual(openaiToAnthropic(chat([{ role: 'user', content: 'hi' }], { tools })).tools, [
      { name: 'lookup', description: 'Weather', input_schema: { type: 'object' } },
      { name: 'now', input_schema: { type: 'object', properties: {} } },
    ]);
  });
  const choices: [Partial<OpenAiChatRequest>, AnthropicRequest['tool_choice']][] = [
    [{}, undefined],
    [{ tool_choice: 'auto' }, { type: 'auto' }],
    [{ tool_choice: 'none' }, { type: 'none' }],
    [{ tool_choice: 'required' }, { type: 'any' }],
    [{ tool_choice: { type: 'function', function: { name: 'lookup' } } }, { type: 'tool', name: 'lookup' }],
    [{ parallel_tool_calls: false }, { type: 'auto', disable_parallel_tool_use: true }],
    [
      { tool_choice: 'required', parallel_tool_calls: false },
      { type: 'any', disable_parallel_tool_use: true },
    ],
    [{ tool_choice: 'none', parallel_tool_calls: false }, { type: 'none' }],
    [{ tool_choice: 'auto', parallel_tool_calls: true }, { type: 'auto' }],
  ];
  for (const [extra, expected] of choices) {
    test(`${JSON.stringify(extra)} → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(
        openaiToAnthropic(chat([{ role: 'user', content: 'hi' }], { tools, ...extra })).tool_choice,
        expected,
      );
    });
  }
});

describe('chat completions → Anthropic: hints left out and named', () => {
  test('the penalties, a logit bias, seed and fields Anthropic lacks are dropped and named, zero penalties are not', () => {
    const omissions = new Omissions();
    const translated = openaiToAnthropic(
      chat([{ role: 'user', content: 'hi' }], {
        presence_penalty: 0.5,
        frequency_penalty: 0,
        logit_bias: { '50256': -100 },
        seed: 7,
        reasoning_effort: 'low',
        service_tier: 'auto',
      }),
      omissions,
    );
    assert.deepEqual(omissions.dropped, ['logit_bias', 'presence_penalty', 'seed', 'reasoning_effort', 'service_tier']);
    for (const field of ['presence_penalty', 'logit_bias', 'seed', 'reasoning_effort', 'service_tier']) {
      assert.equal(field in translated, false, field);
    }
  });

  test('a route that refuses them answers 400 naming the first', () => {
    assert.throws(
      () => openaiToAnthropic(chat([{ role: 'user', content: 'hi' }], { seed: 7 }), new Omissions('refuse')),
      (error) =>
        error instanceof TranslationError && error.param === 'seed' && /seed has no counterpart/.test(error.message),
    );
  });
});

describe('Anthropic → chat completions: hints left out and named', () => {
  test('top_k, thinking and the fields chat completions lacks (Claude Code`s beta fields)', () => {
    const omissions = new Omissions();
    const translated = anthropicRequestToOpenai(
      anthropic([{ role: 'user', content: 'hi' }], {
        top_k: 5,
        thinking: { type: 'adaptive' },
        output_config: { effort: 'low' },
        context_management: { edits: [] },
      }),
      omissions,
    );
    assert.deepEqual(omissions.dropped, ['top_k', 'thinking', 'output_config', 'context_management']);
    assert.deepEqual(Object.keys(translated).sort(), ['max_tokens', 'messages', 'model']);
  });
});

/** Each refusal: the request, the `param` the client gets, and a word its message must contain. */
const openAiRefusals: [string, OpenAiChatRequest, string, string][] = [
  ['n > 1', chat([{ role: 'user', content: 'hi' }], { n: 2 }), 'n', 'n > 1'],
  ['logprobs', chat([{ role: 'user', content: 'hi' }], { logprobs: true }), 'logprobs', 'Log probabilities'],
  ['top_logprobs', chat([{ role: 'user', content: 'hi' }], { top_logprobs: 3 }), 'top_logprobs', 'Log probabilities'],
  [
    'response_format json_schema',
    chat([{ role: 'user', content: 'hi' }], { response_format: { type: 'json_schema', json_schema: {} } }),
    'response_format',
    'json_schema',
  ],
  [
    'response_format json_object',
    chat([{ role: 'user', content: 'hi' }], { response_format: { type: 'json_object' } }),
    'response_format',
    'json_object',
  ],
  ['audio output', chat([{ role: 'user', content: 'hi' }], { modalities: ['text', 'audio'] }), 'modalities', 'Audio'],
  ['audio parameters', chat([{ role: 'user', content: 'hi' }], { audio: { voice: 'alloy' } }), 'audio', 'Audio'],
  ['legacy functions', chat([{ role: 'user', content: 'hi' }], { functions: [] }), 'functions', 'tools'],
  [
    'legacy function_call',
    chat([{ role: 'user', content: 'hi' }], { function_call: 'auto' }),
    'function_call',
    'tool_choice',
  ],
  [
    'temperature above 1',
    chat([{ role: 'user', content: 'hi' }], { temperature: 1.5 }),
    'temperature',
    'between 0 and 1',
  ],
  [
    'an audio part',
    chat([{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: '', format: 'wav' } }] }]),
    'messages[0].content[0]',
    'input_audio',
  ],
  [
    'a file part',
    chat([
      { role: 'user', content: 'a' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'b' },
          { type: 'file', file: {} },
        ],
      },
    ]),
    'messages[1].content[1]',
    'file',
  ],
  [
    'an image of an unsupported type',
    chat([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/tiff;base64,AA==' } }] }]),
    'messages[0].content[0].image_url.url',
    'image/tiff',
  ],
  [
    'an image that is neither a data: nor an http URL',
    chat([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }] }]),
    'messages[0].content[0].image_url.url',
    'data: URL',
  ],
  [
    'tool call arguments that are not JSON',
    chat([{ role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{' } }] }]),
    'messages[0].tool_calls[0].function.arguments',
    'JSON object',
  ],
  [
    'tool call arguments that are a JSON array',
    chat([
      { role: 'assistant', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '[1]' } }] },
    ]),
    'messages[0].tool_calls[0].function.arguments',
    'JSON object',
  ],
  ['the legacy function role', chat([{ role: 'function', name: 'f', content: 'x' }]), 'messages[0].role', 'function'],
  [
    'an image in a system message',
    chat([{ role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://x.test/a.png' } }] as never }]),
    'messages[0].content[0]',
    'text',
  ],
];

describe('openaiToAnthropic: what cannot be translated is a 400 naming the field', () => {
  for (const [name, request, param, word] of openAiRefusals) {
    test(name, () => {
      assert.throws(
        () => openaiToAnthropic(request),
        (error: unknown) => {
          assert.ok(error instanceof TranslationError);
          assert.equal(error.statusCode, 400);
          const { error: body } = error.body();
          assert.equal(body.param, param);
          assert.equal(body.type, 'invalid_request_error');
          assert.equal(body.code, 'unsupported_parameter');
          assert.ok(body.message.includes(word), body.message);
          assert.deepEqual(error.anthropicBody(), {
            type: 'error',
            error: { type: 'invalid_request_error', message: body.message },
          });
          return true;
        },
      );
    });
  }
});

const anthropic = (
  messages: AnthropicRequest['messages'],
  extra: Partial<AnthropicRequest> = {},
): AnthropicRequest => ({
  model: 'gpt-4o',
  max_tokens: 100,
  messages,
  ...extra,
});

describe('anthropicRequestToOpenai: messages and content', () => {
  const cases: { name: string; request: AnthropicRequest; expected: OpenAiMessage[] }[] = [
    {
      name: 'a string system and a string user message',
      request: anthropic([{ role: 'user', content: 'hi' }], { system: 'Be brief.' }),
      expected: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    },
    {
      name: 'system text blocks are joined; text-only user blocks are one string',
      request: anthropic(
        [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
        {
          system: [
            { type: 'text', text: 'One.' },
            { type: 'text', text: 'Two.' },
          ],
        },
      ),
      expected: [
        { role: 'system', content: 'One.\n\nTwo.' },
        { role: 'user', content: 'ab' },
      ],
    },
    {
      name: 'images become image_url parts: base64 as a data: URL, url as it is',
      request: anthropic([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            { type: 'image', source: { type: 'url', url: 'https://x.test/a.jpg' } },
          ],
        },
      ]),
      expected: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            { type: 'image_url', image_url: { url: 'https://x.test/a.jpg' } },
          ],
        },
      ],
    },
    {
      name: 'tool_use blocks are tool calls; thinking is left out; tool results are tool messages before the user text',
      request: anthropic([
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 's' },
            { type: 'text', text: 'Looking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { city: 'Oslo' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Also, thanks' },
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'Sunny' }] },
          ],
        },
      ]),
      expected: [
        { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'toolu_1', ...lookup }] },
        { role: 'tool', tool_call_id: 'toolu_1', content: 'Sunny' },
        { role: 'user', content: 'Also, thanks' },
      ],
    },
    {
      name: 'a turn of tool results only is tool messages only; an empty result is an empty string',
      request: anthropic([
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'a', content: 'x' },
            { type: 'tool_result', tool_use_id: 'b' },
          ],
        },
      ]),
      expected: [
        { role: 'tool', tool_call_id: 'a', content: 'x' },
        { role: 'tool', tool_call_id: 'b', content: '' },
      ],
    },
    {
      name: 'an assistant turn of tool calls only has null content',
      request: anthropic([{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'now', input: {} }] }]),
      expected: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 't', type: 'function', function: { name: 'now', arguments: '{}' } }],
        },
      ],
    },
  ];
  for (const { name, request, expected } of cases) {
    test(name, () => assert.deepEqual(anthropicRequestToOpenai(request).messages, expected));
  }
});

describe('anthropicRequestToOpenai: parameters and tools', () => {
  const cases: { name: string; extra: Partial<AnthropicRequest>; expected: Partial<OpenAiChatRequest> }[] = [
    { name: 'max_tokens', extra: {}, expected: { max_tokens: 100 } },
    {
      name: 'temperature, top_p, stop_sequences, metadata.user_id',
      extra: { temperature: 0.2, top_p: 0.8, stop_sequences: ['END'], metadata: { user_id: 'u-1' } },
      expected: { max_tokens: 100, temperature: 0.2, top_p: 0.8, stop: ['END'], user: 'u-1' },
    },
    {
      name: 'a stream asks for the usage, which ends the Anthropic stream',
      extra: { stream: true },
      expected: { max_tokens: 100, stream: true, stream_options: { include_usage: true } },
    },
    {
      name: 'thinking is dropped',
      extra: { thinking: { type: 'enabled', budget_tokens: 1024 } },
      expected: { max_tokens: 100 },
    },
    {
      name: 'tools and tool_choice any without parallel calls',
      extra: {
        tools: [
          { name: 'lookup', description: 'Weather', input_schema: { type: 'object' } },
          { type: 'custom', name: 'now' },
        ],
        tool_choice: { type: 'any', disable_parallel_tool_use: true },
      },
      expected: {
        max_tokens: 100,
        tools: [
          { type: 'function', function: { name: 'lookup', description: 'Weather', parameters: { type: 'object' } } },
          { type: 'function', function: { name: 'now', parameters: { type: 'object', properties: {} } } },
        ],
        tool_choice: 'required',
        parallel_tool_calls: false,
      },
    },
    {
      name: 'tool_choice auto',
      extra: { tool_choice: { type: 'auto' } },
      expected: { max_tokens: 100, tool_choice: 'auto' },
    },
    {
      name: 'tool_choice none',
      extra: { tool_choice: { type: 'none' } },
      expected: { max_tokens: 100, tool_choice: 'none' },
    },
    {
      name: 'tool_choice tool',
      extra: { tool_choice: { type: 'tool', name: 'lookup' } },
      expected: { max_tokens: 100, tool_choice: { type: 'function', function: { name: 'lookup' } } },
    },
  ];
  for (const { name, extra, expected } of cases) {
    test(name, () => {
      const translated = anthropicRequestToOpenai(anthropic([{ role: 'user', content: 'hi' }], extra));
      assert.deepEqual(parametersOf(translated), expected);
    });
  }

  const refusals: [string, AnthropicRequest, string, string][] = [
    [
      'a server tool',
      anthropic([{ role: 'user', content: 'hi' }], { tools: [{ type: 'web_search_20250305', name: 'web_search' }] }),
      'tools[0]',
      'web_search_20250305',
    ],
    [
      'a document block',
      anthropic([{ role: 'user', content: [{ type: 'document', source: {} }] }]),
      'messages[0].content[0]',
      'document',
    ],
    [
      'an image in a tool result',
      anthropic([
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'a',
              content: [{ type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } }],
            },
          ],
        },
      ]),
      'messages[0].content[0].content[0]',
      'text',
    ],
    [
      'a server tool block in an assistant turn',
      anthropic([
        { role: 'assistant', content: [{ type: 'server_tool_use', id: 's', name: 'web_search', input: {} }] },
      ]),
      'messages[0].content[0]',
      'server_tool_use',
    ],
  ];
  for (const [name, request, param, word] of refusals) {
    test(`refused: ${name}`, () => {
      assert.throws(
        () => anthropicRequestToOpenai(request),
        (error: unknown) => error instanceof TranslationError && error.param === param && error.message.includes(word),
      );
    });
  }
});

describe('round trip: OpenAI → Anthropic → OpenAI keeps the meaning', () => {
  // Requests already in the shape both formats share (system first, turns alternating, strings where text only):
  // they come back unchanged.
  const canonical: OpenAiChatRequest[] = [
    chat([{ role: 'user', content: 'hi' }], { max_tokens: 20 }),
    chat(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: 'Looking.', tool_calls: [{ id: 'call_1', ...lookup }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
        { role: 'assistant', content: 'Sunny.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'And this?' },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG}` } },
          ],
        },
      ],
      {
        max_tokens: 300,
        temperature: 0.5,
        top_p: 0.9,
        stop: ['END'],
        user: 'u-1',
        tools: [
          { type: 'function', function: { name: 'lookup', description: 'Weather', parameters: { type: 'object' } } },
        ],
        tool_choice: { type: 'function', function: { name: 'lookup' } },
        parallel_tool_calls: false,
      },
    ),
    chat([{ role: 'user', content: 'hi' }], { max_tokens: 5, stream: true, stream_options: { include_usage: true } }),
  ];
  canonical.forEach((request, i) => {
    test(`canonical request ${i} comes back as it was`, () => {
      assert.deepEqual(anthropicRequestToOpenai(openaiToAnthropic(request)), request);
    });
  });

  test('any supported request: translating back and forth again changes nothing (Anthropic side is a fixed point)', () => {
    const texts = ['hi', 'Weather?', ''];
    const cases: OpenAiChatRequest[] = [];
    for (const system of [
      [],
      [{ role: 'system', content: 'S' } as const],
      [{ role: 'developer', content: 'D' } as const],
    ]) {
      for (const text of texts) {
        for (const tools of [undefined, [{ type: 'function' as const, function: { name: 'lookup' } }]]) {
          cases.push(
            chat(
              [
                ...system,
                { role: 'user', content: text || 'x' },
                { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x.test/i.png' } }] },
                { role: 'assistant', content: text || null, tool_calls: [{ id: 'c', ...lookup }] },
                { role: 'tool', tool_call_id: 'c', content: text },
                { role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: 'more' }] },
              ],
              { tools, stop: 'X', max_completion_tokens: 9 },
            ),
          );
        }
      }
    }
    for (const request of cases) {
      const once = openaiToAnthropic(request);
      assert.deepEqual(openaiToAnthropic(anthropicRequestToOpenai(once)), once, JSON.stringify(request));
    }
  });
});
