import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { upstreamTimeout } from '../formats/gatewayError';
import { TranslationError } from '../formats/translate/translationError';
import { startConversation } from './wireHelpers';
import { namedSse } from '../formats/sse';
import type { EndpointName } from '../formats/types';
import { embeddingsJson, responsesJson, responsesStream, responsesUsageOf } from './fakeProviderFormats';
import { CREATED, REPLY, awkwardSplits, relayAll } from './wireHelpers';

const start = (endpoint: EndpointName, dialect: 'openai' | 'anthropic', body: Record<string, unknown>) =>
  startConversation(endpoint, dialect, body, 'deployment-model', { created: CREATED });

describe('embeddings', () => {
  test('× openai: passed through to /embeddings, billed for its prompt tokens only', () => {
    const body = { model: 'openai/text-embedding-3-small', input: ['a', 'b'] };
    const conversation = start('embeddings', 'openai', body);
    assert.equal(conversation.path, '/embeddings');
    assert.equal(conversation.stream, false);
    assert.deepEqual(conversation.payload, { ...body, model: 'deployment-model' });
    const raw = Buffer.from(JSON.stringify(embeddingsJson('deployment-model', body.input, 7)));
    assert.deepEqual(conversation.readJson(raw), {
      body: raw,
      usage: { promptTokens: 7, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 },
      completionChars: 0,
    });
  });

  test('a `stream` field is a 400: embeddings are not streamed', () => {
    assert.throws(
      () => start('embeddings', 'openai', { model: 'm', input: 'a', stream: false }),
      (error) => error instanceof TranslationError && error.param === 'stream' && error.statusCode === 400,
    );
  });
});

describe('what an Anthropic deployment does not offer is a 400 naming the model', () => {
  const table: [EndpointName, string][] = [
    [
      'embeddings',
      'Anthropic models do not offer embeddings; use an embedding model such as openai/text-embedding-3-small.',
    ],
    ['responses', 'The Responses API is not offered for Anthropic models; call /v1/messages or /v1/chat/completions.'],
  ];
  for (const [endpoint, message] of table) {
    test(endpoint, () => {
      assert.throws(
        () => start(endpoint, 'anthropic', { model: 'anthropic/claude', input: 'hi' }),
        (error) =>
          error instanceof TranslationError &&
          error.statusCode === 400 &&
          error.param === 'model' &&
          error.message === message,
      );
    });
  }
});

describe('responses × openai: passthrough', () => {
  const usage = responsesUsageOf(400, 9, 300);
  const BILLED = { promptTokens: 400, completionTokens: 9, cachedTokens: 300, cacheCreationTokens: 0 };

  test('the request goes to /responses with the deployment model', () => {
    const body = { model: 'openai/gpt-4o', input: 'Hi', stream: true };
    const conversation = start('responses', 'openai', body);
    assert.equal(conversation.path, '/responses');
    assert.equal(conversation.stream, true);
    assert.deepEqual(conversation.payload, { ...body, model: 'deployment-model' });
    assert.deepEqual(conversation.headers, {});
  });

  test('a JSON reply: its own bytes, input_tokens (cached included) and output_tokens', () => {
    const raw = Buffer.from(JSON.stringify(responsesJson('deployment-model', REPLY, usage)));
    assert.deepEqual(start('responses', 'openai', { input: 'Hi' }).readJson(raw), {
      body: raw,
      usage: BILLED,
      completionChars: REPLY.length,
    });
  });

  const body = responsesStream('deployment-model', REPLY, usage);
  const completed = `${body.trimEnd().split('\n\n').at(-1)}\n\n`;
  for (const { name, chunks } of awkwardSplits(body)) {
    test(`a stream, ${name}: relayed byte for byte, response.completed held back as the receipt`, () => {
      const relay = start('responses', 'openai', { input: 'Hi', stream: true }).relay();
      const { forwarded, receipt } = relayAll(relay, chunks);
      assert.equal(forwarded + receipt, body);
      assert.equal(receipt, completed);
      assert.match(receipt, /^event: response\.completed\n/);
      assert.equal(relay.done, true);
      assert.deepEqual(relay.usage, BILLED);
      assert.equal(relay.completionChars, REPLY.length);
      assert.equal(relay.error, null);
    });
  }

  test('response.incomplete (the token limit) also ends the stream, with its usage', () => {
    const incomplete = {
      type: 'response.incomplete',
      response: { ...responsesJson('m', REPLY, usage), status: 'incomplete' },
    };
    const relay = start('responses', 'openai', { input: 'Hi', stream: true }).relay();
    const { forwarded, receipt } = relayAll(relay, [Buffer.from(namedSse(incomplete))]);
    assert.equal(forwarded, '');
    assert.equal(receipt, namedSse(incomplete));
    assert.deepEqual(relay.usage, BILLED);
  });

  test("response.failed and error events are forwarded and are the relay's error; no receipt", () => {
    const failure = { code: 'server_error', message: 'boom' };
    const failed = {
      type: 'response.failed',
      response: { ...responsesJson('m', '', usage), status: 'failed', error: failure },
    };
    const relay = start('responses', 'openai', { input: 'Hi', stream: true }).relay();
    const { forwarded, receipt } = relayAll(relay, [Buffer.from(namedSse(failed))]);
    assert.equal(forwarded, namedSse(failed));
    assert.equal(receipt, '');
    assert.deepEqual(relay.error, failure);
    assert.deepEqual(relay.usage, BILLED);

    const other = start('responses', 'openai', { input: 'Hi', stream: true }).relay();
    const error = { type: 'error', code: 'rate_limit_exceeded', message: 'slow down', param: null };
    relayAll(other, [Buffer.from(namedSse(error))]);
    assert.deepEqual(other.error, error);
  });

  test("the gateway's own error after the headers is the Responses API's error event", () => {
    const relay = start('responses', 'openai', { input: 'Hi', stream: true }).relay();
    assert.equal(
      relay.errorEvent(upstreamTimeout()),
      'event: error\ndata: {"type":"error","code":"upstream_timeout","message":"The model provider did not answer in time.","param":null}\n\n',
    );
  });
});
