import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, beforeEach, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { REPO_ROOT } from '../config';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import type { TestUser } from './helpers';
import { FAKE_EMBEDDING } from './fakeProviderFormats';

/**
 * The official clients, `openai` and `@anthropic-ai/sdk`, against the gateway in front of a fake provider that speaks
 * each provider's real wire format (Anthropic natively on /messages): every endpoint, plain and streamed, tools,
 * images, cache tokens and errors, each call billed to the cent (docs/gateway.md#calling-it).
 */
let ctx: GatewayTestContext;
let key: string;
let teamId: string;
let openai: OpenAI;
let claude: Anthropic;

const anthropicClient = (apiKey: string) => new Anthropic({ apiKey, baseURL: ctx.origin, maxRetries: 0 });

async function lastEvent() {
  await ctx.app.gateway.settled();
  const [event] = await ctx.db.query<{
    model: string;
    provider: string;
    endpoint: string;
    status: string;
    prompt_tokens: number;
    completion_tokens: number;
    cached_tokens: number;
    cache_creation_tokens: number;
    cost_cents: number;
  }>(
    `SELECT model, provider, endpoint, status, prompt_tokens, completion_tokens, cached_tokens, cache_creation_tokens,
            cost_cents FROM usage_events ORDER BY id DESC LIMIT 1`,
  );
  return event;
}

before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic']);
});
after(() => ctx.close());

let owner: TestUser;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 100_000);
  key = await ctx.key(owner);
  openai = ctx.client(key);
  claude = anthropicClient(key);
  // $3 / $15 per 1M, cache reads $0.30 and writes $3.75: Anthropic's published Sonnet prices, at 100x so cents show.
  await ctx.tier({
    provider: 'anthropic',
    model: 'claude-sonnet-4',
    prompt: 300,
    completion: 1_500,
    cacheRead: 30,
    cacheCreate: 375,
  });
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 250, completion: 1_000 });
  await ctx.tier({ provider: 'openai', model: 'text-embedding-3-small', prompt: 2_000, completion: 0 });
});

describe('@anthropic-ai/sdk on /v1/messages', () => {
  test('an Anthropic model: passed through natively, with the provider key and the client`s anthropic-version', async () => {
    ctx.upstream.anthropicUsage = {
      input_tokens: 100,
      output_tokens: 50,
      cache_read_input_tokens: 1_000,
      cache_creation_input_tokens: 200,
    };
    const message = await claude.messages.create({
      model: 'anthropic/claude-sonnet-4',
      max_tokens: 100,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    assert.equal(message.type, 'message');
    assert.deepEqual(message.content, [{ type: 'text', text: 'Hello from the fake provider' }]);
    assert.equal(message.usage.cache_read_input_tokens, 1_000);
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/messages');
    assert.equal(sent.headers['x-api-key'], 'sk-upstream-anthropic');
    // The SDK's own version header, passed on (the gateway adds 2023-06-01 only when a client sends none).
    assert.match(String(sent.headers['anthropic-version']), /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(sent.body.model, 'claude-sonnet-4');
    assert.equal(sent.body.system, 'Be brief.');
    // 100 x $300 + 1,000 x $30 + 200 x $375 + 50 x $1,500 per 1M = 0.03 + 0.03 + 0.075 + 0.075 = $0.21.
    const event = await lastEvent();
    assert.deepEqual(
      [event.endpoint, event.prompt_tokens, event.cached_tokens, event.cache_creation_tokens, event.cost_cents],
      ['messages', 1_300, 1_000, 200, 21],
    );
  });

  test('a stream through the SDK`s helper: the final message and the bill', async () => {
    ctx.upstream.anthropicUsage = { input_tokens: 2_000, output_tokens: 1_000 };
    const stream = claude.messages.stream({
      model: 'anthropic/claude-sonnet-4',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    const message = await stream.finalMessage();
    assert.equal(texts.join(''), 'Hello from the fake provider');
    assert.equal(message.stop_reason, 'end_turn');
    // 2,000 x $300 + 1,000 x $1,500 per 1M = $2.10.
    assert.equal((await lastEvent()).cost_cents, 210);
  });

  test('an OpenAI model answers in Anthropic`s format, streamed too (translated both ways)', async () => {
    ctx.upstream.usage = { prompt_tokens: 1_000, completion_tokens: 1_000 };
    const message = await claude.messages.create({
      model: 'openai/gpt-4o',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    assert.deepEqual(message.content, [{ type: 'text', text: 'Hello from the fake provider' }]);
    assert.equal(message.stop_reason, 'end_turn');
    assert.equal(ctx.upstream.requests[0].path, '/v1/chat/completions');
    assert.equal((await lastEvent()).cost_cents, 125);

    const stream = claude.messages.stream({
      model: 'openai/gpt-4o',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    const final = await stream.finalMessage();
    assert.equal(final.content[0].type === 'text' && final.content[0].text, 'Hello from the fake provider');
    assert.equal(final.usage.output_tokens, 1_000);
    assert.equal((await lastEvent()).cost_cents, 125);
  });

  test('tools: a tool_use block reaches the client with its input', async () => {
    ctx.upstream.toolUse = { id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } };
    const message = await claude.messages.create({
      model: 'anthropic/claude-sonnet-4',
      max_tokens: 100,
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    assert.equal(message.stop_reason, 'tool_use');
    const tool = message.content.find((block) => block.type === 'tool_use');
    assert.deepEqual(tool && tool.input, { city: 'Paris' });
  });

  test('errors come back as the SDK`s own error classes, with Anthropic`s error types', async () => {
    await assert.rejects(
      anthropicClient('sk-not-a-key').messages.create({
        model: 'anthropic/claude-sonnet-4',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'hi' }],
      }),
      (error: unknown) =>
        error instanceof Anthropic.AuthenticationError &&
        error.status === 401 &&
        (error.error as { error: { type: string } }).error.type === 'authentication_error',
    );
    await assert.rejects(
      claude.messages.create({ model: 'nobody/nothing', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
      (error: unknown) => error instanceof Anthropic.NotFoundError,
    );
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 0 WHERE id = $1', [teamId]);
    await assert.rejects(
      claude.messages.create({
        model: 'anthropic/claude-sonnet-4',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'hi' }],
      }),
      (error: unknown) =>
        error instanceof Anthropic.APIError &&
        error.status === 402 &&
        (error.error as { error: { type: string } }).error.type === 'billing_error',
    );
    assert.equal(ctx.upstream.requests.length, 0);
  });

  test('the echo model answers in Anthropic`s format offline', async () => {
    await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 2_000, completion: 6_000 });
    const message = await claude.messages.create({
      model: 'echo/echo-1',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Say hello to the gateway' }],
    });
    assert.deepEqual(message.content, [{ type: 'text', text: 'Say hello to the gateway' }]);
    assert.deepEqual([message.usage.input_tokens, message.usage.output_tokens], [6, 6]);
  });
});

describe('openai SDK', () => {
  test('chat completions to an Anthropic model: translated, with cache tokens and an image', async () => {
    ctx.upstream.anthropicUsage = { input_tokens: 100, output_tokens: 10, cache_read_input_tokens: 900 };
    const completion = await openai.chat.completions.create({
      model: 'anthropic/claude-sonnet-4',
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      ],
    });
    assert.equal(completion.choices[0].message.content, 'Hello from the fake provider');
    assert.equal(completion.choices[0].finish_reason, 'stop');
    assert.equal(completion.usage?.prompt_tokens, 1_000);
    assert.equal(completion.usage?.prompt_tokens_details?.cached_tokens, 900);
    const sent = ctx.upstream.requests[0];
    assert.equal(sent.path, '/v1/messages');
    assert.equal(sent.body.system, 'Be brief.');
    assert.deepEqual(sent.body.messages[0].content[1], {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
    });
    // 100 x $300 + 900 x $30 + 10 x $1,500 per 1M = 0.03 + 0.027 + 0.015 = 7.2 cents, billed 7.
    assert.equal((await lastEvent()).cost_cents, 7);
  });

  test('a streamed chat completion from an Anthropic model, with tool call deltas', async () => {
    ctx.upstream.toolUse = { id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } };
    const stream = await openai.chat.completions.create({
      model: 'anthropic/claude-sonnet-4',
      max_tokens: 100,
      stream: true,
      stream_options: { include_usage: true },
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    let text = '';
    let args = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined = null;
    for await (const part of stream) {
      text += part.choices[0]?.delta?.content ?? '';
      args += part.choices[0]?.delta?.tool_calls?.[0]?.function?.arguments ?? '';
      finish = part.choices[0]?.finish_reason ?? finish;
      usage = part.usage ?? usage;
    }
    assert.equal(text, 'Hello from the fake provider');
    assert.deepEqual(JSON.parse(args), { city: 'Paris' });
    assert.equal(finish, 'tool_calls');
    assert.equal(usage?.completion_tokens, 5);
  });

  test('embeddings: the SDK`s default base64 decodes to the provider`s vector; billed on input tokens', async () => {
    ctx.upstream.usage = { prompt_tokens: 5_000, completion_tokens: 0 };
    const result = await openai.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['one', 'two'] });
    assert.equal(result.data.length, 2);
    assert.deepEqual(
      result.data[0].embedding.map((x) => Math.round(x * 10) / 10),
      FAKE_EMBEDDING,
    );
    assert.equal(ctx.upstream.requests[0].path, '/v1/embeddings');
    const event = await lastEvent();
    // 5,000 x $2,000 per 1M = $10.
    assert.deepEqual(
      [event.endpoint, event.prompt_tokens, event.completion_tokens, event.cost_cents],
      ['embeddings', 5_000, 0, 1_000],
    );
    await ctx.tier({ provider: 'echo', model: 'embed-1', prompt: 20, completion: 0 });
    const echo = await openai.embeddings.create({ model: 'echo/embed-1', input: 'a sentence to embed' });
    assert.equal(echo.data[0].embedding.length, 8);
  });

  test('an embeddings model answers no chat: a 400 saying what it is, and the catalog lists embeddings only', async () => {
    await ctx.tier({ provider: 'echo', model: 'embed-1', prompt: 20, completion: 0 });
    await assert.rejects(
      openai.chat.completions.create({ model: 'echo/embed-1', messages: [{ role: 'user', content: 'hi' }] }),
      (error: unknown) =>
        error instanceof OpenAI.BadRequestError &&
        error.param === 'model' &&
        /"echo\/embed-1" is an embeddings or moderation model: it answers \/v1\/embeddings and \/v1\/moderations requests only/.test(
          error.message,
        ),
    );
    const catalog = await ctx.request('GET', '/v1/dashboard/models', { as: owner });
    const embed = (catalog.body as { models: { id: string; endpoints: string[] }[] }).models.find(
      (model) => model.id === 'echo/embed-1',
    );
    assert.deepEqual(embed?.endpoints, ['embeddings']);
  });

  test('an Anthropic model offers no embeddings: a 400 naming the model', async () => {
    await assert.rejects(
      openai.embeddings.create({ model: 'anthropic/claude-sonnet-4', input: 'x' }),
      (error: unknown) => error instanceof OpenAI.BadRequestError && error.param === 'model',
    );
  });

  test('the Responses API, plain and streamed', async () => {
    ctx.upstream.usage = { prompt_tokens: 1_000, completion_tokens: 1_000 };
    const response = await openai.responses.create({ model: 'openai/gpt-4o', input: 'Hello', max_output_tokens: 100 });
    assert.equal(response.output_text, 'Hello from the fake provider');
    assert.equal(ctx.upstream.requests[0].path, '/v1/responses');
    assert.deepEqual([(await lastEvent()).endpoint, (await lastEvent()).cost_cents], ['responses', 125]);

    const stream = await openai.responses.create({ model: 'openai/gpt-4o', input: 'Hello', stream: true });
    let text = '';
    let completed = false;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = true;
    }
    assert.equal(text, 'Hello from the fake provider');
    assert.ok(completed);
    assert.equal((await lastEvent()).cost_cents, 125);
  });

  test('a route that falls back: the SDK sees one answer; the failed try is on record at no cost', async () => {
    await ctx.tier({ provider: 'echo', model: 'unavailable-1', prompt: 2_000, completion: 6_000 });
    await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 2_000, completion: 6_000 });
    await ctx.route('echo/flaky', [
      { provider: 'echo', model: 'unavailable-1' },
      { provider: 'echo', model: 'echo-1', rank: 2 },
    ]);
    const { data, response } = await openai.chat.completions
      .create({ model: 'echo/flaky', messages: [{ role: 'user', content: 'Say hello to the gateway' }] })
      .withResponse();
    assert.equal(data.choices[0].message.content, 'Say hello to the gateway');
    assert.equal(response.headers.get('x-gateway-deployment'), 'echo/echo-1');
    await ctx.app.gateway.settled();
    const rows = await ctx.db.query<{ model: string; status: string; cost_cents: number; error_code: string | null }>(
      'SELECT model, status, cost_cents, error_code FROM usage_events ORDER BY id',
    );
    assert.deepEqual(
      rows.map((r) => [r.model, r.status, Number(r.cost_cents), r.error_code]),
      [
        ['unavailable-1', 'error', 0, 'upstream_error'],
        ['echo-1', 'success', 4, null],
      ],
    );
  });
});

describe('npm run try:gateway (the README`s SDK walk-through)', () => {
  test('runs against a gateway with the demo`s echo models and route, and reports each call', async () => {
    for (const model of ['echo-1', 'embed-1', 'unavailable-1']) {
      await ctx.tier({ provider: 'echo', model, prompt: 2_000, completion: 6_000 });
    }
    await ctx.route('echo/flaky', [
      { provider: 'echo', model: 'unavailable-1' },
      { provider: 'echo', model: 'echo-1', rank: 2 },
    ]);
    // Asynchronously: the gateway answering it runs in this very process.
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/try-gateway.mts')],
      { env: { ...process.env, GATEWAY_URL: ctx.origin, KEY: key }, encoding: 'utf8', timeout: 60_000 },
    );
    assert.match(run.stdout, /POST \/v1\/messages \(Anthropic SDK\), echo\/echo-1: "Hello from the Anthropic SDK"/);
    assert.match(run.stdout, /echo\/embed-1: 8 dimensions/);
    assert.match(run.stdout, /answered by echo\/echo-1 at try 2/);
    assert.match(
      run.stdout,
      /streamGenerateContent \(GenAI SDK\): "Hello from the GenAI SDK"\n {2}\d+ chunks; usage: 6 prompt \+ 6 output tokens/,
    );
    await ctx.app.gateway.settled();
    const [{ count }] = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM usage_events');
    assert.equal(count, 5);
  });
});
