import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { REQUEST_LOG_PATH } from '../../contract/apiPaths';
import type { RequestLogPage } from '../../contract/schemas/requestLog';
import type { GeminiErrorBody } from '../formats/translate/geminiTypes';
import { google } from '../providers/google/provider';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * The Gemini door (`POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse`) with Google's
 * own SDK, `@google/genai`, and over plain HTTP; and the Google provider called through Gemini's native API from
 * every door. The fake provider answers Gemini's paths in Gemini's wire format (fakeProviderFormats.ts).
 */
let ctx: GatewayTestContext;
let owner: TestUser;
let teamId: string;
let key: string;

before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic', 'google']);
});
after(() => ctx.close());

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 100_000);
  key = await ctx.key(owner);
  // The demo's echo prices: 0.2 and 0.6 cent per token, so one short call shows.
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 2_000, completion: 6_000 });
  // $1.25 / $10 per 1M, cache reads $0.31: Gemini 2.5 Pro's prices, at 100x so cents show.
  await ctx.tier({ provider: 'google', model: 'gemini-2.5-pro', prompt: 125, completion: 1_000, cacheRead: 31 });
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 250, completion: 1_000 });
});

const genai = (apiKey = key, baseUrl = ctx.origin) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl } });

async function lastEvent() {
  await ctx.app.gateway.settled();
  const [event] = await ctx.db.query<{
    endpoint: string;
    provider: string;
    model: string;
    status: string;
    prompt_tokens: number;
    completion_tokens: number;
    cached_tokens: number;
    cost_cents: number;
  }>(
    `SELECT endpoint, provider, model, status, prompt_tokens, completion_tokens, cached_tokens, cost_cents
     FROM usage_events ORDER BY id DESC LIMIT 1`,
  );
  return event && { ...event, cost_cents: Number(event.cost_cents) };
}

const ECHO_BILL = {
  endpoint: 'generateContent',
  provider: 'echo',
  model: 'echo-1',
  status: 'success',
  prompt_tokens: 6,
  completion_tokens: 6,
  cached_tokens: 0,
  // 6 x 0.2 + 6 x 0.6 cent = 4.8 cents, rounded down.
  cost_cents: 4,
};

/** POST to the door over plain HTTP, as Google's REST examples do. */
function post(path: string, body: unknown, headers: Record<string, string> = { 'x-goog-api-key': key }) {
  return fetch(`${ctx.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const hello = { contents: [{ role: 'user', parts: [{ text: 'Say hello to the gateway' }] }] };

/** A refusal in Google's envelope: the HTTP status, Google's status name, our code as the ErrorInfo's reason. */
async function googleError(res: Response, code: number, status: string, reason: string) {
  const body = (await res.json()) as GeminiErrorBody;
  assert.equal(res.status, code, JSON.stringify(body));
  assert.equal(body.error.code, code);
  assert.equal(body.error.status, status);
  assert.equal(body.error.details?.[0].reason, reason);
  assert.ok(body.error.message.length > 10);
  return body.error;
}

/** The SDK's ApiError: the status, and our envelope as its message. */
async function sdkError(call: Promise<unknown>): Promise<{ status: number; body: GeminiErrorBody }> {
  const error = await call.then(
    () => assert.fail('the call should have failed'),
    (reason: unknown) => reason,
  );
  assert.ok(error instanceof ApiError, String(error));
  return { status: error.status, body: JSON.parse(error.message) as GeminiErrorBody };
}

describe('@google/genai against the echo provider, offline', () => {
  test('generateContent: the answer, the usage, the bill', async () => {
    const response = await genai().models.generateContent({
      model: 'echo/echo-1',
      contents: 'Say hello to the gateway',
    });
    assert.equal(response.text, 'Say hello to the gateway');
    assert.equal(response.candidates?.[0].finishReason, 'STOP');
    assert.deepEqual(response.usageMetadata, { promptTokenCount: 6, candidatesTokenCount: 6, totalTokenCount: 12 });
    assert.deepEqual(await lastEvent(), ECHO_BILL);
  });

  test('generateContentStream: the answer word by word, the usage in the last chunk, the bill', async () => {
    const stream = await genai().models.generateContentStream({
      model: 'echo/echo-1',
      contents: 'Say hello to the gateway',
    });
    const chunks: GenerateContentResponse[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    assert.equal(chunks.map((chunk) => chunk.text ?? '').join(''), 'Say hello to the gateway');
    assert.ok(chunks.length > 2);
    assert.equal(chunks.at(-1)!.candidates?.[0].finishReason, 'STOP');
    assert.deepEqual(chunks.at(-1)!.usageMetadata, {
      promptTokenCount: 6,
      candidatesTokenCount: 6,
      totalTokenCount: 12,
    });
    assert.deepEqual(await lastEvent(), ECHO_BILL);
  });

  test('a system instruction and an output cap: the answer is cut there, MAX_TOKENS', async () => {
    const response = await genai().models.generateContent({
      model: 'echo/echo-1',
      contents: 'Say hello to the gateway',
      config: { systemInstruction: 'Be brief.', maxOutputTokens: 2 },
    });
    assert.equal(response.text, 'Say hell');
    assert.equal(response.candidates?.[0].finishReason, 'MAX_TOKENS');
    // "Be brief." and the question: 9 + 24 characters over two messages.
    assert.equal(response.usageMetadata?.promptTokenCount, 9);
  });

  test('errors are the SDK`s ApiError with Google`s envelope', async () => {
    const unauthenticated = await sdkError(
      genai('sk-not-a-key').models.generateContent({ model: 'echo/echo-1', contents: 'hi' }),
    );
    assert.equal(unauthenticated.status, 401);
    assert.equal(unauthenticated.body.error.status, 'UNAUTHENTICATED');
    const notFound = await sdkError(genai().models.generateContent({ model: 'nobody/nothing', contents: 'hi' }));
    assert.deepEqual([notFound.status, notFound.body.error.status], [404, 'NOT_FOUND']);
    const invalid = await sdkError(
      genai().models.generateContent({ model: 'echo/echo-1', contents: 'hi', config: { candidateCount: 9 } }),
    );
    assert.deepEqual([invalid.status, invalid.body.error.status], [400, 'INVALID_ARGUMENT']);
    assert.equal(invalid.body.error.message, 'candidateCount must be an integer from 1 to 8');
  });
});

describe('the door over HTTP', () => {
  test('the key as x-goog-api-key or ?key=, streamed or not, each billed as generateContent', async () => {
    const plain = await post('/v1beta/models/echo/echo-1:generateContent', hello);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('x-gateway-deployment'), 'echo/echo-1');
    const json = (await plain.json()) as GenerateContentResponse;
    assert.equal(json.candidates?.[0].content?.parts?.[0].text, 'Say hello to the gateway');
    assert.deepEqual(await lastEvent(), ECHO_BILL);

    const byQuery = await post(`/v1beta/models/echo/echo-1:streamGenerateContent?alt=sse&key=${key}`, hello, {});
    assert.equal(byQuery.status, 200);
    assert.match(byQuery.headers.get('content-type') ?? '', /^text\/event-stream/);
    const events = (await byQuery.text()).split('\n\n').filter(Boolean);
    assert.ok(events.every((event) => event.startsWith('data: {')));
    assert.match(events.at(-1)!, /"finishReason":"STOP".*"usageMetadata"/);
    assert.deepEqual(await lastEvent(), ECHO_BILL);
    const [{ count }] = await ctx.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM usage_events WHERE endpoint = 'generateContent' AND status = 'success'",
    );
    assert.equal(count, 2);
  });

  test('a bearer token works too; a route`s name with / in the path falls back like any route', async () => {
    const bearer = await post('/v1beta/models/echo/echo-1:generateContent', hello, { authorization: `Bearer ${key}` });
    assert.equal(bearer.status, 200);
    await ctx.tier({ provider: 'echo', model: 'unavailable-1', prompt: 2_000, completion: 6_000 });
    await ctx.route('team/default-smart', [
      { provider: 'echo', model: 'unavailable-1' },
      { provider: 'echo', model: 'echo-1', rank: 2 },
    ]);
    const routed = await post('/v1beta/models/team/default-smart:streamGenerateContent?alt=sse', hello);
    assert.equal(routed.status, 200);
    assert.deepEqual(
      ['x-gateway-route', 'x-gateway-deployment', 'x-gateway-attempts'].map((name) => routed.headers.get(name)),
      ['team/default-smart', 'echo/echo-1', '2'],
    );
    assert.match(await routed.text(), /"text":" gateway"/);
    assert.deepEqual(await lastEvent(), ECHO_BILL);
  });

  test('in the request log, with its endpoint, tokens and cost', async () => {
    await post('/v1beta/models/echo/echo-1:generateContent', hello);
    await ctx.app.gateway.settled();
    const res = await ctx.request('GET', REQUEST_LOG_PATH, { as: owner });
    const [row] = (res.body as RequestLogPage).rows;
    assert.deepEqual(
      [row.endpoint, row.provider, row.model, row.status, row.prompt_tokens, row.completion_tokens, row.cost_cents],
      ['generateContent', 'echo', 'echo-1', 'success', 6, 6, 4],
    );
  });

  test('snake_case field names, as Google`s REST examples write them, are read as Google reads them', async () => {
    const res = await post('/v1beta/models/echo/echo-1:generateContent', {
      system_instruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Say hello to the gateway' }] }],
      generation_config: { max_output_tokens: 2 },
    });
    const json = (await res.json()) as GenerateContentResponse;
    assert.equal(json.candidates?.[0].content?.parts?.[0].text, 'Say hell');
    assert.equal(json.usageMetadata?.promptTokenCount, 9);
  });

  test('errors in Google`s envelope: a bad body, a bad key, no alt=sse, an unknown model', async () => {
    const path = '/v1beta/models/echo/echo-1:generateContent';
    await googleError(await post(path, 'not json'), 400, 'INVALID_ARGUMENT', 'INVALID_REQUEST_ERROR');
    const empty = await googleError(
      await post(path, { contents: [] }),
      400,
      'INVALID_ARGUMENT',
      'INVALID_REQUEST_ERROR',
    );
    assert.equal(empty.message, 'contents must be a non-empty array of { role, parts }');
    // A role Gemini lacks goes to a Gemini deployment as sent; translated for another format, it is refused.
    const role = await post(path, { contents: [{ role: 'system', parts: [{ text: 'x' }] }] });
    assert.equal(
      (await googleError(role, 400, 'INVALID_ARGUMENT', 'UNSUPPORTED_PARAMETER')).message,
      'Contents with role "system" cannot be translated for echo/echo-1.',
    );
    await googleError(
      await post(path, hello, { 'x-goog-api-key': 'sk-nope' }),
      401,
      'UNAUTHENTICATED',
      'INVALID_API_KEY',
    );
    await googleError(await post(path, hello, {}), 401, 'UNAUTHENTICATED', 'INVALID_API_KEY');
    const noSse = await post('/v1beta/models/echo/echo-1:streamGenerateContent', hello);
    assert.match((await googleError(noSse, 400, 'INVALID_ARGUMENT', 'INVALID_REQUEST_ERROR')).message, /alt=sse/);
    await googleError(
      await post('/v1beta/models/nobody/nothing:generateContent', hello),
      404,
      'NOT_FOUND',
      'MODEL_NOT_FOUND',
    );
    await ctx.app.gateway.settled();
    // Only the translation's refusal of the role is logged, as the failure it was; nothing is billed.
    const events = await ctx.db.query<{ status: string; cost: number }>(
      'SELECT status, cost_cents::int AS cost FROM usage_events',
    );
    assert.deepEqual(events, [{ status: 'error', cost: 0 }]);
  });

  test('a prompt too long for every model is refused before anything is held', async () => {
    // At least one token per 8 bytes: 1.7 MB is over 200,000 tokens, echo-1's window.
    const long = { contents: [{ parts: [{ text: 'x'.repeat(1_700_000) }] }] };
    const error = await googleError(
      await post('/v1beta/models/echo/echo-1:generateContent', long),
      400,
      'INVALID_ARGUMENT',
      'CONTEXT_LENGTH_EXCEEDED',
    );
    assert.match(error.message, /too long for "echo\/echo-1": it takes at most 200,000 tokens/);
    assert.deepEqual(error.details?.[0].metadata, { param: 'contents' });
  });

  test('a refused hold says what is left and what would fit, as the other doors say it (402, 429)', async () => {
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 50 WHERE id = $1', [teamId]);
    const capped = { ...hello, generationConfig: { maxOutputTokens: 1000 } };
    const credit = await googleError(
      await post('/v1beta/models/echo/echo-1:generateContent', capped),
      402,
      'RESOURCE_EXHAUSTED',
      'INSUFFICIENT_CREDITS',
    );
    // At most 32 prompt tokens (6.4 cents) and 1,000 output tokens at 0.6 cent: $6.07; 72 fit in 50 cents (49.6).
    assert.equal(
      credit.message,
      'This request may cost up to $6.07 (a prompt of up to 32 tokens and up to 1,000 output tokens); your team has ' +
        '$0.50 of credit left. Send a smaller prompt or a lower generationConfig.maxOutputTokens (at most 72 would ' +
        'fit). Or buy credits on the Billing page.',
    );

    await ctx.db.query('UPDATE teams SET credit_balance_cents = 100000, budget_limit_cents = 3 WHERE id = $1', [
      teamId,
    ]);
    const budget = await googleError(
      await post('/v1beta/models/echo/echo-1:streamGenerateContent?alt=sse', capped),
      429,
      'RESOURCE_EXHAUSTED',
      'BUDGET_EXCEEDED',
    );
    assert.match(budget.message, /\$0\.03 left of its monthly budget/);
  });

  test('unknown URLs under /v1beta, and a Google SDK with a wrong base URL, get Google`s 404', async () => {
    const served =
      'POST /v1beta/models/{model}:generateContent, POST /v1beta/models/{model}:streamGenerateContent, ' +
      'POST /v1beta/models/{model}:countTokens';
    const embed = await googleError(
      await post('/v1beta/models/echo/echo-1:embedContent', hello),
      404,
      'NOT_FOUND',
      'UNKNOWN_URL',
    );
    assert.match(
      embed.message,
      /^Unknown request URL: POST \/v1beta\/models\/echo\/echo-1:embedContent\. This gateway serves .*POST \/v1beta/,
    );
    assert.ok(embed.message.includes(served));
    await googleError(await fetch(`${ctx.origin}/v1beta/models`), 404, 'NOT_FOUND', 'UNKNOWN_URL');
    await googleError(await post('/v1beta/tunedModels/x:generateContent', hello), 404, 'NOT_FOUND', 'UNKNOWN_URL');
    const wrongBase = await sdkError(
      genai(key, `${ctx.origin}/v1`).models.generateContent({ model: 'echo/echo-1', contents: 'hi' }),
    );
    assert.equal(wrongBase.status, 404);
    assert.match(
      wrongBase.body.error.message,
      /POST \/v1\/v1(beta)?\/models\/echo\/echo-1:generateContent\. .*without a path\?$/,
    );
  });
});

describe('Google models through Gemini`s native API', () => {
  test('the Gemini door, natively: the key in x-goog-api-key, thinking and cache reads billed', async () => {
    ctx.upstream.geminiUsage = {
      promptTokenCount: 10_000,
      cachedContentTokenCount: 8_000,
      candidatesTokenCount: 1_000,
      thoughtsTokenCount: 3_000,
    };
    const response = await genai().models.generateContent({
      model: 'google/gemini-2.5-pro',
      contents: 'Hello',
      config: { maxOutputTokens: 5_000, thinkingConfig: { thinkingBudget: 4_000 } },
    });
    assert.equal(response.text, 'Hello from the fake provider');
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/models/gemini-2.5-pro:generateContent');
    assert.equal(sent.headers['x-goog-api-key'], 'sk-upstream-google');
    assert.equal(sent.headers.authorization, undefined);
    assert.deepEqual(sent.body, {
      contents: [{ parts: [{ text: 'Hello' }], role: 'user' }],
      generationConfig: { maxOutputTokens: 5_000, thinkingConfig: { thinkingBudget: 4_000 } },
    });
    // 2,000 x $125 + 8,000 x $31 + (1,000 + 3,000) x $1,000 per 1M = 0.25 + 0.248 + 4 = $4.498.
    assert.deepEqual(await lastEvent(), {
      endpoint: 'generateContent',
      provider: 'google',
      model: 'gemini-2.5-pro',
      status: 'success',
      prompt_tokens: 10_000,
      completion_tokens: 4_000,
      cached_tokens: 8_000,
      cost_cents: 449,
    });
  });

  test('a stream without an output cap: the gateway sets maxOutputTokens and says so', async () => {
    ctx.upstream.geminiUsage = { promptTokenCount: 1_000, candidatesTokenCount: 1_000 };
    const chunks: string[] = [];
    const stream = await genai().models.generateContentStream({ model: 'google/gemini-2.5-pro', contents: 'Hello' });
    for await (const chunk of stream) chunks.push(chunk.text ?? '');
    assert.equal(chunks.join(''), 'Hello from the fake provider');
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/models/gemini-2.5-pro:streamGenerateContent');
    assert.equal(sent.search, '?alt=sse');
    assert.equal(typeof sent.body.generationConfig.maxOutputTokens, 'number');
    // 1,000 x $125 + 1,000 x $1,000 per 1M = $1.125.
    assert.equal((await lastEvent()).cost_cents, 112);
  });

  test('chat completions and Messages clients get Gemini models translated, streamed too', async () => {
    ctx.upstream.geminiUsage = { promptTokenCount: 1_000, candidatesTokenCount: 500, thoughtsTokenCount: 500 };
    const completion = await ctx.client(key).chat.completions.create({
      model: 'google/gemini-2.5-pro',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
      ],
    });
    assert.equal(completion.choices[0].message.content, 'Hello from the fake provider');
    assert.equal(completion.usage?.completion_tokens, 1_000);
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/models/gemini-2.5-pro:generateContent');
    assert.deepEqual(sent.body.systemInstruction, { parts: [{ text: 'Be brief.' }] });
    // No max_tokens: the cap the hold pays for, in Gemini's field.
    assert.equal(typeof sent.body.generationConfig.maxOutputTokens, 'number');
    assert.deepEqual((await lastEvent()).endpoint, 'chat.completions');

    const claude = new Anthropic({ apiKey: key, baseURL: ctx.origin, maxRetries: 0 });
    const stream = claude.messages.stream({
      model: 'google/gemini-2.5-pro',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    const message = await stream.finalMessage();
    assert.equal(message.content[0].type === 'text' && message.content[0].text, 'Hello from the fake provider');
    assert.equal(message.usage.output_tokens, 1_000);
    // 1,000 x $125 + 1,000 x $1,000 per 1M = $1.125.
    assert.deepEqual([(await lastEvent()).endpoint, (await lastEvent()).cost_cents], ['messages', 112]);
  });

  test('a chat message of a shape no translation can read is a 400, never a 500 (Gemini`s and Anthropic`s)', async () => {
    await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 300, completion: 1_500 });
    const malformed = [
      [{ role: 'user' }],
      [{ role: 'user', content: 5 }],
      [{ role: 'assistant', tool_calls: 'x' }],
      [{ role: 'user', content: [{ type: 'image_url' }] }],
    ];
    for (const model of ['google/gemini-2.5-pro', 'anthropic/claude-sonnet-4']) {
      for (const messages of malformed) {
        const res = await ctx.chat(key, { model, messages });
        const body = (await res.json()) as { error: { code: string; message: string } };
        assert.equal(res.status, 400, `${model} ${JSON.stringify(messages)}: ${JSON.stringify(body)}`);
        assert.match(body.error.message, /wrong shape/);
      }
    }
    assert.equal(ctx.upstream.requests.length, 0);
  });

  test('embeddings go to Google`s OpenAI-compatible endpoint under the same base', async () => {
    await ctx.tier({ provider: 'google', model: 'text-embedding-004', prompt: 10, completion: 0 });
    const result = await ctx.client(key).embeddings.create({ model: 'google/text-embedding-004', input: 'x' });
    assert.equal(result.data.length, 1);
    assert.equal(ctx.upstream.requests[0].path, '/v1/openai/embeddings');
    assert.equal(ctx.upstream.requests[0].headers['x-goog-api-key'], 'sk-upstream-google');
  });

  test('a base URL configured as the old OpenAI-compatible one is read as the API`s base', () => {
    assert.equal(
      google.baseUrlFor!('https://generativelanguage.googleapis.com/v1beta/openai/'),
      'https://generativelanguage.googleapis.com/v1beta',
    );
    assert.equal(google.baseUrlFor!('https://proxy.test/gemini'), 'https://proxy.test/gemini');
  });
});

describe('the Gemini door in front of other dialects', () => {
  test('an OpenAI model: a function call and its result, round trip, through the SDK', async () => {
    ctx.upstream.toolUse = { id: 'call_1', name: 'get_weather', input: { city: 'Paris' } };
    ctx.upstream.usage = { prompt_tokens: 1_000, completion_tokens: 1_000 };
    ctx.upstream.handler = null;
    const tools = [
      {
        functionDeclarations: [
          { name: 'get_weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } } },
        ],
      },
    ];
    const response = await genai().models.generateContent({
      model: 'openai/gpt-4o',
      contents: 'Weather in Paris?',
      config: { tools, maxOutputTokens: 100 },
    });
    assert.equal(response.text, 'Hello from the fake provider');
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/chat/completions');
    assert.deepEqual(sent.body.tools, [
      {
        type: 'function',
        function: { name: 'get_weather', parameters: tools[0].functionDeclarations[0].parametersJsonSchema },
      },
    ]);
    assert.equal(sent.body.max_completion_tokens, 100);
    // 1,000 x $250 + 1,000 x $1,000 per 1M = $1.25.
    assert.deepEqual([(await lastEvent()).endpoint, (await lastEvent()).cost_cents], ['generateContent', 125]);

    ctx.upstream.reset();
    await genai().models.generateContent({
      model: 'openai/gpt-4o',
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'call_1', name: 'get_weather', response: { output: '18°C' } } }],
        },
      ],
      config: { tools },
    });
    assert.deepEqual(ctx.upstream.requests[0].body.messages.slice(1), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
    ]);
  });

  test('an Anthropic model streams to the SDK; Google`s own tools are refused with the field named', async () => {
    await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 300, completion: 1_500 });
    const stream = await genai().models.generateContentStream({
      model: 'anthropic/claude-sonnet-4',
      contents: 'Hello',
      config: { maxOutputTokens: 100 },
    });
    let text = '';
    for await (const chunk of stream) text += chunk.text ?? '';
    assert.equal(text, 'Hello from the fake provider');
    assert.equal(ctx.upstream.requests[0].path, '/v1/messages');
    // 10 x $300 + 5 x $1,500 per 1M = 1.05 cents.
    assert.deepEqual(await lastEvent(), {
      endpoint: 'generateContent',
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      status: 'success',
      prompt_tokens: 10,
      completion_tokens: 5,
      cached_tokens: 0,
      cost_cents: 1,
    });

    const refused = await sdkError(
      genai().models.generateContent({
        model: 'anthropic/claude-sonnet-4',
        contents: 'Search the web',
        config: { tools: [{ googleSearch: {} }] },
      }),
    );
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.status, 'INVALID_ARGUMENT');
    assert.deepEqual(refused.body.error.details?.[0], {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'UNSUPPORTED_PARAMETER',
      domain: 'gateway',
      metadata: { param: 'tools[0]' },
    });
  });
});
