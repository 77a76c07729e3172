import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { AnthropicStreamEvent } from '../formats/translate/anthropicTypes';
import { anthropicStreamEvents } from './fakeProviderFormats';
import { chunk, startStream, type ReceivedRequest } from './fakeUpstream';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * No call is free by accident (issue 30, docs/gateway.md#billing): usage is merged field by field (a null never
 * erases a count), the output billed is never less than the provider's own counts imply, and an answer cut short is
 * billed for what it streamed. Prices are one cent per token either way, so a bill in cents is a token count.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic']);
});
after(() => ctx.close());

let owner: TestUser;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  const teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 1_000_000);
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 10_000, completion: 10_000 });
  await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 10_000, completion: 10_000 });
  key = await ctx.key(owner);
});

async function billed() {
  await ctx.app.gateway.settled();
  const [event] = await ctx.db.query<{ status: string; prompt: number; completion: number; cost: number }>(
    `SELECT status, prompt_tokens AS prompt, completion_tokens AS completion, cost_cents AS cost
     FROM usage_events ORDER BY id DESC LIMIT 1`,
  );
  return event;
}

const sse = (events: object[]) =>
  events.map((event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`).join('');

/** Anthropic's stream, with its message_delta's usage as given (Anthropic's SDK types input_tokens as number | null). */
function anthropicStreamWith(deltaUsage: object) {
  const events = anthropicStreamEvents('claude-sonnet-4', 'Once upon a time there was a gateway', {
    input_tokens: 1_000,
    output_tokens: 20,
  }).map((event) => (event.type === 'message_delta' ? { ...event, usage: deltaUsage } : event));
  return (_request: ReceivedRequest, res: ServerResponse) => {
    startStream(res);
    res.end(sse(events));
  };
}

const ask = (model: string, extra: object = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Tell me a story' }],
  max_tokens: 100,
  ...extra,
});

async function call(path: '/v1/chat/completions' | '/v1/messages', body: object) {
  const res = await fetch(`${ctx.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return res.text();
}

describe('a null in a stream’s last usage keeps the earlier count', () => {
  for (const door of ['/v1/chat/completions', '/v1/messages'] as const) {
    test(`Anthropic's message_delta with input_tokens: null, through ${door}`, async () => {
      ctx.upstream.handler = anthropicStreamWith({ input_tokens: null, output_tokens: 20 });
      await call(door, ask('anthropic/claude-sonnet-4', { stream: true }));
      // Before: { prompt: 0, completion: 20 }: only the output was charged.
      assert.deepEqual(await billed(), { status: 'success', prompt: 1_000, completion: 20, cost: 1_020 });
    });
  }

  test('an OpenAI-compatible stream whose later usage chunk has prompt_tokens: null', async () => {
    ctx.upstream.handler = (request, res) => {
      startStream(res);
      res.write(chunk('gpt-4o', 'Once'));
      res.write(chunk('gpt-4o', null, { usage: { prompt_tokens: 100, completion_tokens: 5 } }));
      res.write(chunk('gpt-4o', null, { usage: { prompt_tokens: null, completion_tokens: 40 } }));
      res.end('data: [DONE]\n\n');
      void request;
    };
    await call('/v1/chat/completions', ask('openai/gpt-4o', { stream: true }));
    assert.deepEqual(await billed(), { status: 'success', prompt: 100, completion: 40, cost: 140 });
  });
});

describe('the output billed is never less than the provider’s own counts imply', () => {
  const answers: [string, object, number][] = [
    // Google's OpenAI-compatible endpoint: thinking only in total_tokens (1,000 + 1,000 visible + 1,000 thinking).
    ['thinking only in total_tokens', { prompt_tokens: 1_000, completion_tokens: 1_000, total_tokens: 3_000 }, 2_000],
    [
      'thinking only in reasoning_tokens, more than completion_tokens (so outside it)',
      { prompt_tokens: 1_000, completion_tokens: 50, completion_tokens_details: { reasoning_tokens: 400 } },
      450,
    ],
    [
      "OpenAI's own: reasoning inside completion_tokens is not counted twice",
      {
        prompt_tokens: 1_000,
        completion_tokens: 500,
        total_tokens: 1_500,
        completion_tokens_details: { reasoning_tokens: 400 },
      },
      500,
    ],
  ];
  for (const [name, usage, completion] of answers) {
    test(`${name}: JSON and stream`, async () => {
      ctx.upstream.handler = (request, res) => {
        if (!request.body.stream) {
          // Written here: sendJson would set total_tokens to prompt + completion.
          res.writeHead(200, { 'content-type': 'application/json' });
          const message = { role: 'assistant', content: 'Hi' };
          return res.end(JSON.stringify({ id: 'c', model: 'gpt-4o', choices: [{ index: 0, message }], usage }));
        }
        startStream(res);
        res.write(chunk('gpt-4o', 'Hi'));
        res.write(chunk('gpt-4o', null, { usage }));
        res.end('data: [DONE]\n\n');
      };
      await call('/v1/chat/completions', ask('openai/gpt-4o'));
      assert.deepEqual(await billed(), { status: 'success', prompt: 1_000, completion, cost: 1_000 + completion });
      await call('/v1/chat/completions', ask('openai/gpt-4o', { stream: true }));
      assert.deepEqual(await billed(), { status: 'success', prompt: 1_000, completion, cost: 1_000 + completion });
    });
  }
});

describe('an answer cut short is billed for what it streamed', () => {
  test('an Anthropic stream the client leaves: not output 1 from message_start, but what was streamed', async () => {
    const text = 'word '.repeat(400);
    const events = anthropicStreamEvents('claude-sonnet-4', text, { input_tokens: 1_000, output_tokens: 20 });
    let aborted!: Promise<void>;
    ctx.upstream.handler = (request, res) => {
      aborted = request.aborted;
      startStream(res);
      // Everything but message_delta and message_stop: the client leaves before the provider's final count.
      res.write(
        sse(events.filter((event: AnthropicStreamEvent) => !['message_delta', 'message_stop'].includes(event.type))),
      );
    };
    const controller = new AbortController();
    const res = await fetch(`${ctx.origin}/v1/messages`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(ask('anthropic/claude-sonnet-4', { stream: true, max_tokens: 1_000 })),
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('content_block_stop')) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await aborted;
    // 2,000 characters streamed: 500 output tokens, not the 1 message_start reported.
    assert.deepEqual(await billed(), { status: 'success', prompt: 1_000, completion: 500, cost: 1_500 });
  });

  test('a provider that fails after 20 chunks: the prompt and what it streamed are billed, the request is an error', async () => {
    ctx.upstream.handler = (_request, res) => {
      startStream(res);
      for (let i = 0; i < 20; i++) res.write(chunk('gpt-4o', 'abcd'));
      setImmediate(() => res.destroy());
    };
    const text = await call('/v1/chat/completions', ask('openai/gpt-4o', { stream: true }));
    assert.match(text, /upstream_error/);
    // 'Tell me a story' -> 4 prompt tokens (estimated: no count came); 80 characters -> 20 output tokens.
    assert.deepEqual(await billed(), { status: 'error', prompt: 4, completion: 20, cost: 24 });
  });
});
