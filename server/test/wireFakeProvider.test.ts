import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startConversation } from './wireHelpers';
import type { EndpointName } from '../formats/types';
import type { DialectName } from './wireHelpers';
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream';
import { CREATED, REPLY, relayAll } from './wireHelpers';

/**
 * The fake provider answers every endpoint in the provider's own format, and each conversation reads it: what the
 * gateway tests (and SDK tests) will see through the real pipeline.
 */
let fake: FakeUpstream;
before(async () => {
  fake = await startFakeUpstream();
});
after(() => fake.close());

async function call(endpoint: EndpointName, dialect: DialectName, body: Record<string, unknown>) {
  const conversation = startConversation(endpoint, dialect, body, 'deployment-model', { created: CREATED });
  const response = await fetch(fake.url + conversation.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-fake', ...conversation.headers },
    body: JSON.stringify(conversation.payload),
  });
  const raw = Buffer.from(await response.arrayBuffer());
  if (!conversation.stream) return { read: conversation.readJson(raw), relay: null, forwarded: '', receipt: '' };
  const relay = conversation.relay();
  return { read: null, relay, ...relayAll(relay, [raw]) };
}

describe('the fake provider, read by the conversations', () => {
  test("/messages in Anthropic's format: JSON with cache counts and a tool_use block, the request recorded", async () => {
    fake.reset();
    fake.reply = REPLY;
    fake.anthropicUsage = {
      input_tokens: 5,
      output_tokens: 7,
      cache_creation_input_tokens: 20,
      cache_read_input_tokens: 30,
    };
    fake.toolUse = { id: 'toolu_1', name: 'lookup', input: { q: 'x' } };
    const { read } = await call('messages', 'anthropic', {
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 9,
    });
    const message = JSON.parse(read!.body.toString());
    assert.deepEqual(
      message.content.map((block: { type: string }) => block.type),
      ['text', 'tool_use'],
    );
    assert.deepEqual(read!.usage, { promptTokens: 55, completionTokens: 7, cachedTokens: 30, cacheCreationTokens: 20 });
    const [request] = fake.requests;
    assert.equal(request.path, '/v1/messages');
    assert.equal(request.headers['x-api-key'], 'sk-ant-fake');
    assert.equal(request.headers['anthropic-version'], '2023-06-01');
    assert.equal(request.body.model, 'deployment-model');
  });

  test('/messages streamed, translated for a chat completions client', async () => {
    fake.reset();
    fake.reply = REPLY;
    const { relay, forwarded, receipt } = await call('chat.completions', 'anthropic', {
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    assert.equal(receipt, 'data: [DONE]\n\n');
    assert.ok(forwarded.includes('"finish_reason":"stop"'));
    assert.deepEqual(relay!.usage, { promptTokens: 10, completionTokens: 5, cachedTokens: 0, cacheCreationTokens: 0 });
    assert.equal(relay!.completionChars, REPLY.length);
  });

  test('/embeddings and /responses (JSON and streamed)', async () => {
    fake.reset();
    fake.usage = { prompt_tokens: 12, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 8 } };
    const embeddings = await call('embeddings', 'openai', { input: ['a', 'b'] });
    assert.equal(JSON.parse(embeddings.read!.body.toString()).data.length, 2);
    assert.equal(embeddings.read!.usage?.promptTokens, 12);
    const billed = { promptTokens: 12, completionTokens: 4, cachedTokens: 8, cacheCreationTokens: 0 };
    const json = await call('responses', 'openai', { input: 'Hi' });
    assert.deepEqual(json.read!.usage, billed);
    const streamed = await call('responses', 'openai', { input: 'Hi', stream: true });
    assert.match(streamed.receipt, /^event: response\.completed/);
    assert.deepEqual(streamed.relay!.usage, billed);
    assert.deepEqual(
      fake.requests.map((request) => request.path),
      ['/v1/embeddings', '/v1/responses', '/v1/responses'],
    );
  });
});
