import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * Counting a prompt without answering it (docs/gateway.md, "Counting tokens"): Anthropic's `/v1/messages/count_tokens`
 * (Claude Code asks it), Gemini's `:countTokens` and the Responses API's `/v1/responses/input_tokens`. Answered by the
 * deployment's provider when its API counts that door's requests, estimated otherwise, never held or billed, limited
 * by key like every gateway call.
 */
let ctx: GatewayTestContext;
let owner: TestUser;
let key: string;

before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic', 'google', 'openrouter']);
});
after(() => ctx.close());

beforeEach(async () => {
  await ctx.reset();
  ({ owner, key } = await ctx.funded(100_000));
  await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 300, completion: 1_500 });
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 250, completion: 1_000 });
  await ctx.tier({ provider: 'google', model: 'gemini-2.5-pro', prompt: 125, completion: 1_000 });
  await ctx.tier({ provider: 'openrouter', model: 'meta/llama', prompt: 100, completion: 100 });
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 2_000, completion: 6_000 });
});

const post = (path: string, body: unknown, headers: Record<string, string>) => ctx.post(path, body, headers);

/** Nothing held, billed or logged by a count. */
async function nothingBilled() {
  await ctx.app.gateway.settled();
  const [row] = await ctx.db.query<{ events: number; reserved: number }>(
    'SELECT (SELECT count(*)::int FROM usage_events) AS events, (SELECT sum(reserved_cents)::int FROM teams) AS reserved',
  );
  assert.deepEqual(row, { events: 0, reserved: 0 });
}

const conversation = [{ role: 'user' as const, content: 'What is the capital of France? '.repeat(4) }];

describe('counted by the provider when its API counts', () => {
  test('Anthropic`s SDK: messages.countTokens on an Anthropic deployment, the request forwarded as written', async () => {
    ctx.upstream.anthropicUsage = { input_tokens: 1234, output_tokens: 0 };
    const claude = new Anthropic({ apiKey: key, baseURL: ctx.origin, maxRetries: 0 });
    const counted = await claude.messages.countTokens({
      model: 'anthropic/claude-sonnet-4',
      system: 'Be brief.',
      messages: conversation,
    });
    assert.equal(counted.input_tokens, 1234);
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/messages/count_tokens');
    assert.deepEqual(sent.body, { model: 'claude-sonnet-4', system: 'Be brief.', messages: conversation });
    assert.equal(sent.headers['x-api-key'], 'sk-upstream-anthropic');
    await nothingBilled();
  });

  test('Google`s SDK: models.countTokens on a Gemini deployment', async () => {
    ctx.upstream.geminiUsage = { promptTokenCount: 77, candidatesTokenCount: 0 };
    const genai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: ctx.origin } });
    const counted = await genai.models.countTokens({ model: 'google/gemini-2.5-pro', contents: 'Count me.' });
    assert.equal(counted.totalTokens, 77);
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/models/gemini-2.5-pro:countTokens');
    assert.deepEqual(sent.body, { contents: [{ role: 'user', parts: [{ text: 'Count me.' }] }] });
    await nothingBilled();
  });

  test('Gemini`s generateContentRequest form, with a system instruction, names the deployment`s model', async () => {
    const request = {
      generateContentRequest: {
        model: 'models/google/gemini-2.5-pro',
        contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
      },
    };
    const res = await post('/v1beta/models/google/gemini-2.5-pro:countTokens', request, { 'x-goog-api-key': key });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('x-gateway-token-count'), 'provider');
    assert.deepEqual(ctx.upstream.requests[0].body, {
      generateContentRequest: { ...request.generateContentRequest, model: 'models/gemini-2.5-pro' },
    });
  });

  test('the Responses API`s input_tokens on an OpenAI deployment', async () => {
    ctx.upstream.usage = { prompt_tokens: 42, completion_tokens: 0 };
    const res = await post(
      '/v1/responses/input_tokens',
      { model: 'openai/gpt-4o', input: 'Count me.', instructions: 'Be brief.' },
      { authorization: `Bearer ${key}` },
    );
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { object: 'response.input_tokens', input_tokens: 42 });
    assert.equal(res.headers.get('x-gateway-token-count'), 'provider');
    assert.equal(ctx.upstream.requests[0].path, '/v1/responses/input_tokens');
    await nothingBilled();
  });

  test('the echo provider counts as it bills: the count is the prompt tokens of the call that follows', async () => {
    const body = { model: 'echo/echo-1', messages: conversation };
    const count = await post('/v1/messages/count_tokens', body, { 'x-api-key': key });
    const { input_tokens: counted } = (await count.json()) as { input_tokens: number };
    assert.equal(count.headers.get('x-gateway-token-count'), 'provider');
    const call = await post('/v1/messages', { ...body, max_tokens: 8 }, { 'x-api-key': key });
    const { usage } = (await call.json()) as { usage: { input_tokens: number } };
    assert.equal(counted, usage.input_tokens);
  });
});

describe('estimated by the gateway otherwise', () => {
  test('a Messages count for an OpenAI deployment is the gateway`s estimate, in Anthropic`s shape', async () => {
    const res = await post(
      '/v1/messages/count_tokens',
      { model: 'openai/gpt-4o', messages: conversation },
      { 'x-api-key': key },
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-token-count'), 'estimate');
    const { input_tokens: tokens } = (await res.json()) as { input_tokens: number };
    // 120 characters of English: about 30 tokens, never nothing.
    assert.ok(tokens > 10 && tokens < 60, String(tokens));
    assert.equal(ctx.upstream.requests.length, 0);
    await nothingBilled();
  });

  test('a Gemini count for an Anthropic deployment, and input_tokens for OpenRouter, which has no count', async () => {
    const gemini = await post(
      '/v1beta/models/anthropic/claude-sonnet-4:countTokens',
      { contents: [{ parts: [{ text: 'Count me, please.' }] }] },
      { 'x-goog-api-key': key },
    );
    assert.equal(gemini.headers.get('x-gateway-token-count'), 'estimate');
    assert.ok(((await gemini.json()) as { totalTokens: number }).totalTokens > 0);
    const responses = await post(
      '/v1/responses/input_tokens',
      { model: 'openrouter/meta/llama', input: 'Count me.' },
      { authorization: `Bearer ${key}` },
    );
    assert.equal(responses.headers.get('x-gateway-token-count'), 'estimate');
    assert.equal(ctx.upstream.requests.length, 0);
  });

  test('a provider that fails to count leaves the estimate', async () => {
    ctx.upstream.handler = (_request, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"type":"error","error":{"type":"api_error","message":"down"}}');
    };
    const res = await post(
      '/v1/messages/count_tokens',
      { model: 'anthropic/claude-sonnet-4', messages: conversation },
      { 'x-api-key': key },
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-token-count'), 'estimate');
    assert.equal(ctx.upstream.requests.length, 1);
  });
});

describe('refused as the call itself would be', () => {
  test('a bad key, an unknown model, a model outside the key`s allow-list, a missing model', async () => {
    const body = { model: 'anthropic/claude-sonnet-4', messages: conversation };
    const bad = await post('/v1/messages/count_tokens', body, { 'x-api-key': 'sk-nope' });
    assert.equal(bad.status, 401);
    assert.equal(((await bad.json()) as { type: string }).type, 'error');
    const unknown = await post('/v1/messages/count_tokens', { ...body, model: 'nobody/nothing' }, { 'x-api-key': key });
    assert.equal(unknown.status, 404);
    const limited = await ctx.request('POST', '/v1/api-keys/', {
      as: owner,
      body: { name: 'only gpt', allowed_models: ['openai/gpt-4o'] },
    });
    assert.equal(limited.status, 201, limited.text);
    const outside = await post('/v1/messages/count_tokens', body, { 'x-api-key': limited.body.key });
    assert.equal(outside.status, 403);
    assert.match(((await outside.json()) as { error: { message: string } }).error.message, /allow-list/);
    const noModel = await post('/v1/responses/input_tokens', { input: 'x' }, { authorization: `Bearer ${key}` });
    assert.equal(noModel.status, 400);
    assert.equal(ctx.upstream.requests.length, 0);
  });
});
