import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { google } from '../providers/google/provider';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * The Google provider called through Gemini's native API from every door. The fake provider answers Gemini's paths
 * in Gemini's wire format (fakeProviderFormats.ts).
 */
let ctx: GatewayTestContext;
let teamId: string;
let key: string;

before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic', 'google']);
});
after(() => ctx.close());

beforeEach(async () => {
  await ctx.reset();
  const owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 100_000);
  key = await ctx.key(owner);
  // $1.25 / $10 per 1M, cache reads $0.31: Gemini 2.5 Pro's prices, at 100x so cents show.
  await ctx.tier({ provider: 'google', model: 'gemini-2.5-pro', prompt: 125, completion: 1_000, cacheRead: 31 });
});

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

describe('Google models through Gemini`s native API', () => {
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
