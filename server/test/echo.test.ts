import assert from 'node:assert/strict';
import { CallStop } from '../providers/callStop';
import { describe, test } from 'node:test';
import { echoReply, echoUpstream } from '../providers/echo/upstream';
import type { UpstreamReply } from '../providers/upstream';

// The echo provider's counts (docs/gateway.md#the-echo-provider): 4 characters per token, rounded up.
const HELLO = 'Say hello to the gateway'; // 24 characters: 6 tokens

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests assert on the wire JSON field by field
type Json = any;

async function text(reply: UpstreamReply): Promise<string> {
  let body = '';
  for await (const chunk of reply.body) body += String(chunk);
  return body;
}

const json = async (reply: UpstreamReply): Promise<Json> => JSON.parse(await text(reply));

/** Server-sent events as `{ event, data }`; `event` is null for OpenAI chat's bare `data:` lines. */
async function events(reply: UpstreamReply): Promise<{ event: string | null; data: Json }[]> {
  const raw = await text(reply);
  assert.ok(raw.endsWith('\n\n'), 'every event ends with a blank line');
  return raw
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? null;
      const data = /^data: (.*)$/m.exec(block)![1];
      return { event, data: data === '[DONE]' ? data : JSON.parse(data) };
    });
}

const call = (path: string, payload: Record<string, unknown>) => echoReply(path, payload, new AbortController().signal);

describe('echo /chat/completions', () => {
  const messages = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: HELLO },
  ];

  test('answers the last user message with deterministic usage', async () => {
    const reply = await call('/chat/completions', { model: 'echo-1', messages });
    assert.equal(reply.status, 200);
    const body = await json(reply);
    assert.match(body.id, /^chatcmpl-echo-/);
    assert.equal(body.object, 'chat.completion');
    assert.equal(body.model, 'echo-1');
    assert.deepEqual(body.choices, [
      {
        index: 0,
        message: { role: 'assistant', content: HELLO, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ]);
    // Prompt: "Be brief.\nSay hello to the gateway" = 34 characters.
    assert.deepEqual(body.usage, { prompt_tokens: 9, completion_tokens: 6, total_tokens: 15 });
  });

  test('cuts the answer at max_tokens', async () => {
    const body = await json(await call('/chat/completions', { model: 'echo-1', messages, max_tokens: 2 }));
    assert.equal(body.choices[0].message.content, 'Say hell');
    assert.equal(body.choices[0].finish_reason, 'length');
    assert.equal(body.usage.completion_tokens, 2);
  });

  test('streams a word per chunk, then the finish, the usage and [DONE]', async () => {
    const stream = await events(await call('/chat/completions', { model: 'echo-1', messages, stream: true }));
    assert.equal(stream.at(-1)!.data, '[DONE]');
    const chunks = stream.slice(0, -1).map((event) => event.data);
    assert.deepEqual(chunks[0].choices[0].delta, { role: 'assistant', content: '' });
    const words = chunks.slice(1, -2).map((chunk) => chunk.choices[0].delta.content);
    assert.deepEqual(words, ['Say', ' hello', ' to', ' the', ' gateway']);
    assert.equal(chunks.at(-2).choices[0].finish_reason, 'stop');
    assert.deepEqual(chunks.at(-1).usage, { prompt_tokens: 9, completion_tokens: 6, total_tokens: 15 });
  });

  test('echoUpstream answers by path', async () => {
    const reply = await echoUpstream().send('/chat/completions', { model: 'echo-1', messages }, {}, new CallStop());
    assert.equal((await json(reply)).choices[0].message.content, HELLO);
  });
});

describe('echo /messages', () => {
  const request = {
    model: 'echo-1',
    max_tokens: 100,
    system: 'Be brief.',
    messages: [
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: [{ type: 'text', text: 'First answer' }] },
      { role: 'user', content: [{ type: 'text', text: HELLO }] },
    ],
  };
  // "Be brief.\nFirst question\nFirst answer\nSay hello to the gateway" = 63 characters: 16 tokens.

  test("answers in Anthropic's message format", async () => {
    const reply = await call('/messages', request);
    assert.equal(reply.status, 200);
    const body = await json(reply);
    assert.match(body.id, /^msg_echo_/);
    assert.deepEqual(
      { ...body, id: 'x' },
      {
        id: 'x',
        type: 'message',
        role: 'assistant',
        model: 'echo-1',
        content: [{ type: 'text', text: HELLO }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 16, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    );
  });

  test('system text blocks count; blocks with cache_control are reported as a cache write', async () => {
    const cached = 'A long reference text!!'; // 23 characters: 6 tokens
    const body = await json(
      await call('/messages', {
        ...request,
        system: [
          { type: 'text', text: 'Be brief.' },
          { type: 'text', text: cached, cache_control: { type: 'ephemeral' } },
        ],
      }),
    );
    // All: "Be brief.\n<cached>\nFirst question\nFirst answer\nSay hello to the gateway" = 86 characters: 22 tokens.
    assert.deepEqual(body.usage, {
      input_tokens: 16,
      output_tokens: 6,
      cache_creation_input_tokens: 6,
      cache_read_input_tokens: 0,
    });
  });

  test('cuts the answer at max_tokens', async () => {
    const body = await json(await call('/messages', { ...request, max_tokens: 3 }));
    assert.deepEqual(body.content, [{ type: 'text', text: 'Say hello to' }]);
    assert.equal(body.stop_reason, 'max_tokens');
    assert.equal(body.usage.output_tokens, 3);
  });

  test("streams Anthropic's event sequence, a word per delta", async () => {
    const stream = await events(await call('/messages', { ...request, stream: true }));
    for (const { event, data } of stream) assert.equal(event, data.type);
    const types = stream.map((event) => event.event);
    assert.deepEqual(types, [
      'message_start',
      'content_block_start',
      'ping',
      ...Array(5).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = stream[0].data.message;
    assert.match(start.id, /^msg_echo_/);
    assert.deepEqual(start.content, []);
    assert.equal(start.stop_reason, null);
    assert.equal(start.usage.input_tokens, 16);
    assert.deepEqual(stream[1].data, {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    const deltas = stream.filter((event) => event.event === 'content_block_delta').map((event) => event.data);
    assert.deepEqual(deltas[0], { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Say' } });
    assert.equal(deltas.map((delta) => delta.delta.text).join(''), HELLO);
    assert.deepEqual(stream.at(-2)!.data, {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 6 },
    });
  });
});

describe('echo /embeddings', () => {
  const vector = (embedding: number[]) => Math.hypot(...embedding);

  test("answers OpenAI's embeddings list: 8 floats of unit length, the same for the same text", async () => {
    const reply = await call('/embeddings', { model: 'embed-1', input: [HELLO, 'other', HELLO] });
    assert.equal(reply.status, 200);
    const body = await json(reply);
    assert.equal(body.object, 'list');
    assert.equal(body.model, 'embed-1');
    assert.deepEqual(
      body.data.map((item: Json) => [item.object, item.index, item.embedding.length]),
      [
        ['embedding', 0, 8],
        ['embedding', 1, 8],
        ['embedding', 2, 8],
      ],
    );
    for (const item of body.data) assert.ok(Math.abs(vector(item.embedding) - 1) < 1e-6);
    assert.deepEqual(body.data[2].embedding, body.data[0].embedding);
    assert.notDeepEqual(body.data[1].embedding, body.data[0].embedding);
    assert.deepEqual(body.usage, { prompt_tokens: 6 + 2 + 6, total_tokens: 14 });
  });

  test('a token array counts its length', async () => {
    const one = await json(await call('/embeddings', { model: 'embed-1', input: [1, 2, 3] }));
    assert.equal(one.data.length, 1);
    assert.deepEqual(one.usage, { prompt_tokens: 3, total_tokens: 3 });
    const two = await json(await call('/embeddings', { model: 'embed-1', input: [[1, 2], [3]] }));
    assert.equal(two.data.length, 2);
    assert.deepEqual(two.usage, { prompt_tokens: 3, total_tokens: 3 });
  });

  test('base64 is the float32 array, little-endian', async () => {
    const floats = await json(await call('/embeddings', { model: 'embed-1', input: HELLO }));
    const base64 = await json(await call('/embeddings', { model: 'embed-1', input: HELLO, encoding_format: 'base64' }));
    const bytes = Buffer.from(base64.data[0].embedding, 'base64');
    assert.equal(bytes.length, 8 * 4);
    const decoded = Array.from({ length: 8 }, (_, i) => bytes.readFloatLE(i * 4));
    assert.deepEqual(decoded, floats.data[0].embedding);
  });

  test('dimensions is honoured', async () => {
    for (const dimensions of [1, 20, 256]) {
      const body = await json(await call('/embeddings', { model: 'embed-1', input: HELLO, dimensions }));
      assert.equal(body.data[0].embedding.length, dimensions);
      assert.ok(Math.abs(vector(body.data[0].embedding) - 1) < 1e-6);
    }
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['dimensions 0', { input: HELLO, dimensions: 0 }, 'dimensions'],
    ['dimensions 257', { input: HELLO, dimensions: 257 }, 'dimensions'],
    ['dimensions not an integer', { input: HELLO, dimensions: 1.5 }, 'dimensions'],
    ['no input', {}, 'input'],
    ['an empty list', { input: [] }, 'input'],
    ['strings and numbers mixed', { input: ['a', 1] }, 'input'],
  ];
  for (const [name, payload, param] of refused) {
    test(`refuses ${name} with a 400 naming ${param}`, async () => {
      const reply = await call('/embeddings', { model: 'embed-1', ...payload });
      assert.equal(reply.status, 400);
      const body = await json(reply);
      assert.equal(body.error.type, 'invalid_request_error');
      assert.equal(body.error.param, param);
    });
  }
});

describe('echo /responses', () => {
  const request = {
    model: 'echo-1',
    instructions: 'Be brief.',
    input: [
      { role: 'user', content: 'First question' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: HELLO }] },
    ],
  };
  // "Be brief.\nFirst question\nSay hello to the gateway" = 49 characters: 13 tokens.
  const usage = (input: number, output: number) => ({
    input_tokens: input,
    output_tokens: output,
    total_tokens: input + output,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens_details: { reasoning_tokens: 0 },
  });

  test("answers OpenAI's response object", async () => {
    const reply = await call('/responses', request);
    assert.equal(reply.status, 200);
    const body = await json(reply);
    assert.match(body.id, /^resp_echo_/);
    assert.equal(body.object, 'response');
    assert.equal(typeof body.created_at, 'number');
    assert.equal(body.status, 'completed');
    assert.equal(body.incomplete_details, null);
    assert.equal(body.instructions, 'Be brief.');
    assert.equal(body.model, 'echo-1');
    assert.equal(body.output.length, 1);
    assert.deepEqual(
      { ...body.output[0], id: 'x' },
      {
        type: 'message',
        id: 'x',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: HELLO, annotations: [] }],
      },
    );
    assert.deepEqual(body.usage, usage(13, 6));
  });

  test('a string input is the user message', async () => {
    const body = await json(await call('/responses', { model: 'echo-1', input: HELLO }));
    assert.equal(body.output[0].content[0].text, HELLO);
    assert.equal(body.instructions, null);
    assert.deepEqual(body.usage, usage(6, 6));
  });

  test('max_output_tokens cuts the answer: status incomplete', async () => {
    const body = await json(await call('/responses', { ...request, max_output_tokens: 2 }));
    assert.equal(body.status, 'incomplete');
    assert.deepEqual(body.incomplete_details, { reason: 'max_output_tokens' });
    assert.equal(body.output[0].content[0].text, 'Say hell');
    assert.equal(body.usage.output_tokens, 2);
  });

  test("streams OpenAI's semantic events, numbered, a word per delta", async () => {
    const stream = await events(await call('/responses', { ...request, stream: true }));
    stream.forEach(({ event, data }, i) => {
      assert.equal(event, data.type);
      assert.equal(data.sequence_number, i);
    });
    assert.deepEqual(
      stream.map((event) => event.event),
      [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
        ...Array(5).fill('response.output_text.delta'),
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.completed',
      ],
    );
    const [created] = stream;
    assert.equal(created.data.response.status, 'in_progress');
    assert.deepEqual(created.data.response.output, []);
    const added = stream[2].data.item;
    assert.deepEqual(
      { ...added, id: 'x' },
      { type: 'message', id: 'x', status: 'in_progress', role: 'assistant', content: [] },
    );
    const deltas = stream.filter((event) => event.event === 'response.output_text.delta').map((event) => event.data);
    for (const delta of deltas) {
      assert.deepEqual([delta.item_id, delta.output_index, delta.content_index], [added.id, 0, 0]);
    }
    assert.equal(deltas.map((delta) => delta.delta).join(''), HELLO);
    assert.equal(stream[9].data.text, HELLO);
    const done = stream.at(-1)!.data.response;
    assert.equal(done.status, 'completed');
    assert.equal(done.output[0].content[0].text, HELLO);
    assert.deepEqual(done.usage, usage(13, 6));
  });

  test('a stream cut at max_output_tokens ends with response.incomplete', async () => {
    const stream = await events(await call('/responses', { ...request, stream: true, max_output_tokens: 2 }));
    assert.equal(stream.at(-1)!.event, 'response.incomplete');
    assert.equal(stream.at(-1)!.data.response.status, 'incomplete');
    assert.equal(stream.at(-2)!.data.item.status, 'incomplete');
  });
});

describe('echo failures', () => {
  const message = 'The echo deployment "unavailable-1" is unavailable (demo of a failing deployment).';
  const openAi = { error: { message, type: 'server_error', code: 'service_unavailable', param: null } };
  const cases: [string, Record<string, unknown>, object][] = [
    ['/chat/completions', { messages: [{ role: 'user', content: 'hi' }], stream: true }, openAi],
    ['/embeddings', { input: 'hi' }, openAi],
    ['/responses', { input: 'hi' }, openAi],
    [
      '/messages',
      { max_tokens: 5, messages: [], stream: true },
      { type: 'error', error: { type: 'overloaded_error', message } },
    ],
  ];
  for (const [path, payload, error] of cases) {
    test(`unavailable-1 answers 503 on ${path}`, async () => {
      const reply = await call(path, { model: 'unavailable-1', ...payload });
      assert.equal(reply.status, 503);
      assert.deepEqual(await json(reply), error);
    });
  }

  test('an unknown path is a 404', async () => {
    const reply = await call('/completions', { model: 'echo-1' });
    assert.equal(reply.status, 404);
    assert.equal((await json(reply)).error.code, 'unknown_url');
  });

  for (const path of ['/chat/completions', '/messages', '/responses']) {
    test(`aborting stops a stream on ${path}`, async () => {
      const controller = new AbortController();
      const content = 'many words '.repeat(50);
      const payload = { model: 'echo-1', stream: true, max_tokens: 1000, input: content };
      const reply = await echoReply(path, { ...payload, messages: [{ role: 'user', content }] }, controller.signal);
      let received = 0;
      await assert.rejects(
        async () => {
          for await (const _chunk of reply.body) {
            if (++received === 3) controller.abort();
          }
        },
        { name: 'AbortError' },
      );
      assert.equal(received, 3);
    });
  }
});
