import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import OpenAI, { APIError, toFile } from 'openai';
import type { OpenAiErrorBody } from '../formats/gatewayError';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  const teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 500);
  key = await ctx.key(owner);
});

const SERVED_LIST =
  'POST /v1/chat/completions, POST /v1/embeddings, POST /v1/moderations, POST /v1/responses, ' +
  'POST /v1/responses/input_tokens, ' +
  'GET /v1/models, POST /v1/messages, POST /v1/messages/count_tokens, ' +
  'POST /v1beta/models/{model}:generateContent, POST /v1beta/models/{model}:streamGenerateContent, ' +
  'POST /v1beta/models/{model}:countTokens, POST /v1/models/{model}:generateContent, ' +
  'POST /v1/models/{model}:streamGenerateContent, POST /v1/models/{model}:countTokens, ' +
  'POST /v1/images/generations, POST /v1/audio/speech, POST /v1/rerank, POST /v2/rerank, POST /v1/images/edits, ' +
  'POST /v1/audio/transcriptions, POST /v1/audio/translations, ' +
  'POST /v1/files, GET /v1/files, GET /v1/files/:file_id, GET /v1/files/:file_id/content, DELETE /v1/files/:file_id, ' +
  'POST /v1/batches, GET /v1/batches, GET /v1/batches/:batch_id, POST /v1/batches/:batch_id/cancel, POST /mcp';
const SERVED = `This gateway serves ${SERVED_LIST}.`;

/** The SDK call's rejection, which must be the SDK's APIError carrying our envelope. */
async function sdkError(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => assert.fail('the call should have failed'),
    (reason: unknown) => reason,
  );
  assert.ok(error instanceof APIError, String(error));
  return error;
}

describe('paths the gateway does not serve, asked by a gateway client', () => {
  test('the openai SDK surfaces status, message and code instead of "404 status code (no body)"', async () => {
    const client = ctx.client(key);
    const completions = await sdkError(client.completions.create({ model: 'echo/echo-1', prompt: 'hi' }));
    assert.equal(completions.status, 404);
    assert.equal(completions.message, `404 Unknown request URL: POST /v1/completions. ${SERVED}`);
    assert.equal(completions.code, 'unknown_url');
    assert.equal(completions.type, 'invalid_request_error');
    assert.equal(completions.param, null);

    // GET reaches the not-found handler through the static files' wildcard route, not the onRequest hook.
    const model = await sdkError(client.models.retrieve('echo/echo-1'));
    assert.equal(model.message, `404 Unknown request URL: GET /v1/models/echo%2Fecho-1. ${SERVED}`);

    // A multipart upload is answered before its body is parsed, and skips the cookie sessions' CSRF rule.
    const file = await toFile(Buffer.from('part'), 'part.bin');
    const upload = await sdkError(client.uploads.parts.create('upload_1', { data: file }));
    assert.equal(upload.message, `404 Unknown request URL: POST /v1/uploads/upload_1/parts. ${SERVED}`);
  });

  test('a base URL without /v1 is pointed out', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: ctx.origin, maxRetries: 0 });
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const error = await sdkError(client.chat.completions.create({ model: 'echo/echo-1', messages }));
    assert.equal(error.status, 404);
    assert.equal(
      error.message,
      `404 Unknown request URL: POST /chat/completions. This gateway serves ${SERVED_LIST}; is your client's base URL missing /v1?`,
    );
  });

  test('recognised by an sk- key or by the OpenAI SDK headers, whatever the body', async () => {
    const callers: Record<string, string>[] = [
      { authorization: `Bearer ${key}` },
      { authorization: 'Bearer sk-unknown' },
      { 'x-stainless-lang': 'python' },
    ];
    for (const headers of callers) {
      for (const body of ['{"model": "echo/echo-1"}', 'x'.repeat(100 * 1024), 'not json']) {
        const res = await fetch(`${ctx.origin}/v1/completions?user=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
        assert.equal(res.status, 404, JSON.stringify(headers));
        assert.deepEqual((await res.json()) as OpenAiErrorBody, {
          error: {
            message: `Unknown request URL: POST /v1/completions. ${SERVED}`,
            type: 'invalid_request_error',
            code: 'unknown_url',
            param: null,
          },
        });
      }
    }
    // A method the path does not take is an unknown URL too.
    const get = await fetch(`${ctx.origin}/v1/chat/completions`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(get.status, 404);
    assert.equal(((await get.json()) as OpenAiErrorBody).error.code, 'unknown_url');
    assert.equal(ctx.upstream.requests.length, 0);
  });
});

describe('dashboard callers keep the dashboard format', () => {
  test('a session cookie, a session JWT or no credentials get { code, message }', async () => {
    const sessions: Record<string, string>[] = [
      { cookie: `jwt=${owner.token}` },
      { authorization: `Bearer ${owner.token}` },
      {},
    ];
    for (const headers of sessions) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.request(method, '/v1/completions', { headers, body: method === 'POST' ? {} : undefined });
        assert.equal(res.status, 404);
        assert.deepEqual(res.body, { code: 'NOT_FOUND', message: `Route ${method} /v1/completions not found` });
      }
    }
  });

  test('a request no route matches is a 404, not a CSRF refusal; real routes still refuse', async () => {
    const headers = { cookie: `jwt=${owner.token}`, 'content-type': 'text/plain' };
    const unknown = await ctx.request('POST', '/v1/nothing-here', { headers, body: 'x' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'NOT_FOUND');
    const real = await ctx.request('POST', '/v1/api-keys/', { headers, body: 'x' });
    assert.equal(real.status, 403);
    assert.equal(real.body.code, 'CSRF_REJECTED');
  });
});
