import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * Strict about what is measured and billed, liberal about the rest (docs/gateway.md, "Compatibility"): on the
 * same-format path a field, role, block type or provider header the gateway does not know reaches the provider as the
 * client sent it; across formats a hint the target lacks is left out and named in `x-gateway-dropped-params`, or
 * refused naming the field and the deployment when the route says so. The fake provider records what it was sent.
 */
let ctx: GatewayTestContext;
let key: string;

before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic', 'google']);
});
after(() => ctx.close());

beforeEach(async () => {
  await ctx.reset();
  ({ key } = await ctx.funded(100_000));
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 250, completion: 1_000 });
  await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 300, completion: 1_500 });
  await ctx.tier({ provider: 'google', model: 'gemini-2.5-pro', prompt: 125, completion: 1_000 });
});

const post = (path: string, body: unknown, headers: Record<string, string>) => ctx.post(path, body, headers);

const INVENTED = { gateway_test_option: { level: 3 } };

describe('the same format: what the gateway does not know is forwarded as sent', () => {
  test('chat completions: an invented field and an invented role reach an OpenAI deployment', async () => {
    const body = {
      model: 'openai/gpt-4o',
      messages: [
        { role: 'critic', content: 'Be harsh.' },
        { role: 'user', content: 'Review this.', invented_part: true },
      ],
      ...INVENTED,
    };
    const res = await post('/v1/chat/completions', body, { authorization: `Bearer ${key}` });
    assert.equal(res.status, 200, await res.clone().text());
    const [sent] = ctx.upstream.requests;
    // Only what the gateway must change: the deployment's model, and the output cap it holds for (none was set).
    const cap = Number(res.headers.get('x-gateway-max-tokens'));
    assert.deepEqual(sent.body, { ...body, model: 'gpt-4o', max_completion_tokens: cap });
    assert.equal(res.headers.get('x-gateway-dropped-params'), null);
  });

  test('messages: a system role among the turns, an invented block and every anthropic-* header reach Anthropic', async () => {
    const body = {
      model: 'anthropic/claude-sonnet-4',
      max_tokens: 64,
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'system', content: [{ type: 'text', text: 'Answer in French.' }] },
        {
          role: 'user',
          content: [
            { type: 'future_block', data: 'x' },
            { type: 'text', text: 'Bonjour?' },
          ],
        },
      ],
      thinking: { type: 'adaptive' },
      output_config: { effort: 'low' },
      context_management: { edits: [] },
      ...INVENTED,
    };
    const res = await post('/v1/messages', body, {
      'x-api-key': key,
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'interleaved-thinking-2025-05-14,context-management-2025-06-27',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    assert.equal(res.status, 200, await res.clone().text());
    const [sent] = ctx.upstream.requests;
    assert.deepEqual(sent.body, { ...body, model: 'claude-sonnet-4' });
    assert.equal(sent.headers['anthropic-beta'], 'interleaved-thinking-2025-05-14,context-management-2025-06-27');
    assert.equal(sent.headers['anthropic-dangerous-direct-browser-access'], 'true');
    assert.equal(sent.headers['x-api-key'], 'sk-upstream-anthropic');
  });

  test('responses: an invented field and an invented input item type reach an OpenAI deployment', async () => {
    const body = {
      model: 'openai/gpt-4o',
      input: [
        { type: 'future_item', content: 'x' },
        { role: 'user', content: 'Hi' },
      ],
      ...INVENTED,
    };
    const res = await post('/v1/responses', body, { authorization: `Bearer ${key}` });
    assert.equal(res.status, 200, await res.clone().text());
    const cap = Number(res.headers.get('x-gateway-max-tokens'));
    assert.deepEqual(ctx.upstream.requests[0].body, { ...body, model: 'gpt-4o', max_output_tokens: cap });
  });

  test('generateContent: an invented field and an invented role reach a Gemini deployment', async () => {
    // In the lowerCamelCase Google writes: the door reads snake_case too, and passes it on in camelCase.
    const body = {
      contents: [
        { role: 'narrator', parts: [{ text: 'Once upon a time.' }] },
        { role: 'user', parts: [{ text: 'Go on.' }] },
      ],
      generationConfig: { topK: 40, futureSetting: true },
      gatewayTestOption: { level: 3 },
    };
    const res = await post('/v1beta/models/google/gemini-2.5-pro:generateContent', body, { 'x-goog-api-key': key });
    assert.equal(res.status, 200, await res.clone().text());
    const cap = Number(res.headers.get('x-gateway-max-tokens'));
    assert.deepEqual(ctx.upstream.requests[0].body, {
      ...body,
      generationConfig: { ...body.generationConfig, maxOutputTokens: cap },
    });
    assert.equal(res.headers.get('x-gateway-dropped-params'), null);
  });
});

describe('across formats: hints are dropped and named, or refused when the route says so', () => {
  const gemini = {
    contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
    generationConfig: { topK: 40, temperature: 0.3 },
  };

  test('a Gemini request with topK to an OpenAI deployment is answered, naming topK', async () => {
    const res = await post('/v1beta/models/openai/gpt-4o:generateContent', gemini, { 'x-goog-api-key': key });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('x-gateway-dropped-params'), 'topK');
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.body.temperature, 0.3);
    assert.equal('top_k' in sent.body || 'topK' in sent.body, false);
  });

  test('streamed, the header comes with the stream', async () => {
    const res = await post('/v1beta/models/openai/gpt-4o:streamGenerateContent?alt=sse', gemini, {
      'x-goog-api-key': key,
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-dropped-params'), 'topK');
    assert.match(await res.text(), /data: /);
  });

  test('a route set to refuse answers 400 in Google`s envelope, naming topK and the deployment', async () => {
    await ctx.route('team/strict', [{ provider: 'openai', model: 'gpt-4o' }], { unsupportedParams: 'refuse' });
    const res = await post('/v1beta/models/team/strict:generateContent', gemini, { 'x-goog-api-key': key });
    assert.equal(res.status, 400);
    const { error } = (await res.json()) as { error: { status: string; message: string } };
    assert.equal(error.status, 'INVALID_ARGUMENT');
    assert.match(error.message, /topK has no counterpart for openai\/gpt-4o/);
    assert.equal(ctx.upstream.requests.length, 0);
  });

  test('Anthropic`s top_k, thinking and beta fields to an OpenAI deployment: answered, each named', async () => {
    const res = await post(
      '/v1/messages',
      {
        model: 'openai/gpt-4o',
        max_tokens: 32,
        top_k: 5,
        thinking: { type: 'adaptive' },
        output_config: { effort: 'low' },
        messages: [
          { role: 'user', content: 'Hello' },
          { role: 'system', content: 'Answer in French.' },
          { role: 'user', content: 'Bonjour?' },
        ],
      },
      { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    );
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('x-gateway-dropped-params'), 'top_k, thinking, output_config');
    const [sent] = ctx.upstream.requests;
    assert.deepEqual(
      sent.body.messages.map((message: { role: string }) => message.role),
      ['user', 'system', 'user'],
    );
  });

  test('a role the target format has no place for is refused, naming the message and the deployment', async () => {
    const res = await post(
      '/v1/messages',
      { model: 'openai/gpt-4o', max_tokens: 32, messages: [{ role: 'critic', content: 'Hi' }] },
      { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    );
    assert.equal(res.status, 400);
    const { error } = (await res.json()) as { error: { type: string; message: string } };
    assert.equal(error.type, 'invalid_request_error');
    assert.equal(error.message, 'Messages with role "critic" cannot be translated for openai/gpt-4o.');
  });

  test('a message without a role is still refused, in the door`s own envelope', async () => {
    const res = await post(
      '/v1/messages',
      { model: 'anthropic/claude-sonnet-4', max_tokens: 32, messages: [{ content: 'Hi' }] },
      { 'x-api-key': key },
    );
    assert.equal(res.status, 400);
    const { error } = (await res.json()) as { error: { message: string } };
    assert.match(error.message, /every message needs a role/);
  });
});
