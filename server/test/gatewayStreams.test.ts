import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { OpenAiErrorBody } from '../formats/gatewayError';
import { balanceCents } from '../ledger/ledger';
import { chunk, sendJson, startStream, type ReceivedRequest } from './fakeUpstream';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

const PROVIDERS = { GOOGLE_API_KEY: 'k', GOOGLE_BASE_URL: 'http://127.0.0.1:1/v1' };
/** The app under test; the timeout suite swaps in one with a 400 ms upstream timeout. */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext(PROVIDERS);
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 10_000);
  // One cent per token either way, so a bill in cents is a token count.
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 10_000, completion: 10_000 });
  await ctx.tier({ provider: 'google', model: 'gemini-2.5-pro', prompt: 1, completion: 1 });
  key = await ctx.key(owner);
});

/** Resolves with the provider's view of the next request, once its handler has run. */
function nextUpstreamCall(handler: (request: ReceivedRequest, res: ServerResponse) => void) {
  return new Promise<ReceivedRequest>((resolve) => {
    ctx.upstream.handler = (request, res) => {
      handler(request, res);
      resolve(request);
    };
  });
}

async function lastEvent() {
  await ctx.app.gateway.settled();
  const [event] = await ctx.db.query<{
    status: string;
    prompt_tokens: number;
    completion_tokens: number;
    cost_cents: number;
  }>('SELECT status, prompt_tokens, completion_tokens, cost_cents FROM usage_events ORDER BY id DESC LIMIT 1');
  const [team] = await ctx.db.query<{ reserved_cents: number }>('SELECT reserved_cents FROM teams WHERE id = $1', [
    teamId,
  ]);
  assert.equal(team.reserved_cents, 0, 'the reservation is released');
  return event;
}

const story = { model: 'gpt-4o', messages: [{ role: 'user', content: 'Tell me a story' }], stream: true };

async function readUntil(res: globalThis.Response, marker: string) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(marker)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

const hello = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };

async function failed(res: globalThis.Response, status: number, code: string) {
  const body = (await res.json()) as OpenAiErrorBody;
  assert.equal(res.status, status, JSON.stringify(body));
  assert.equal(body.error.code, code);
  assert.equal(body.error.param, null);
  assert.deepEqual(await lastEvent(), { status: 'error', prompt_tokens: 0, completion_tokens: 0, cost_cents: 0 });
  assert.equal(await balanceCents(ctx.db, teamId), 10_000);
  return body.error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request the test can hang up on; `response` settles with the Response, or the AbortError after a hang-up. */
function send(body: unknown) {
  const controller = new AbortController();
  const response = fetch(`${ctx.origin}/v1/chat/completions`, {
    method: 'POST',
    signal: controller.signal,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  return { response, hangUp: () => controller.abort() };
}

// A regression that stops aborting the provider hangs on `aborted`: the timeout turns that into a failure.
describe('a client that hangs up', { timeout: 10_000 }, () => {
  test('mid-stream: the provider is stopped and what was streamed is billed, at 4 characters per token', async () => {
    const call = nextUpstreamCall((_request, res) => {
      startStream(res);
      for (const word of ['Once', ' upon', ' a', ' time']) res.write(chunk('gpt-4o', word));
    });
    const { response, hangUp } = send(story);
    assert.match(await readUntil(await response, ' time'), /Once/);
    hangUp();
    await (
      await call
    ).aborted;
    // 'Tell me a story' (15 characters) -> 4 prompt tokens; 'Once upon a time' (16) -> 4 completion tokens.
    assert.deepEqual(await lastEvent(), { status: 'success', prompt_tokens: 4, completion_tokens: 4, cost_cents: 8 });
  });

  test('mid-stream after the usage chunk: billed from the provider’s own count', async () => {
    const call = nextUpstreamCall((_request, res) => {
      startStream(res);
      res.write(chunk('gpt-4o', 'The end.'));
      res.write(chunk('gpt-4o', null, { usage: { prompt_tokens: 30, completion_tokens: 3, total_tokens: 33 } }));
    });
    const { response, hangUp } = send({ ...story, stream_options: { include_usage: true } });
    assert.match(await readUntil(await response, '"usage"'), /The end/);
    hangUp();
    await (
      await call
    ).aborted;
    assert.deepEqual(await lastEvent(), { status: 'success', prompt_tokens: 30, completion_tokens: 3, cost_cents: 33 });
  });

  test('before a non-streamed answer: the provider finishes, and its count is billed (it bills the operator too)', async () => {
    let answer!: () => void;
    const call = nextUpstreamCall((request, res) => {
      answer = () => sendJson(res, request.body.model, 'A whole story.', { prompt_tokens: 30, completion_tokens: 12 });
    });
    const { response, hangUp } = send({ ...story, stream: false });
    const upstream = await call;
    hangUp();
    await assert.rejects(response, { name: 'AbortError' });
    // The provider is not stopped: it answers after the client left.
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    await Promise.race([upstream.aborted.then(() => assert.fail('the provider was stopped')), sleep(100)]);
    assert.deepEqual(await lastEvent(), { status: 'error', prompt_tokens: 30, completion_tokens: 12, cost_cents: 42 });
    const [event] = await ctx.db.query<{ error_code: string }>(
      'SELECT error_code FROM usage_events ORDER BY id DESC LIMIT 1',
    );
    assert.equal(event.error_code, 'client_closed');
    assert.equal(await balanceCents(ctx.db, teamId), 10_000 - 42);
  });
});

describe('provider failures come back in OpenAI format and are not billed', { timeout: 10_000 }, () => {
  const replies: [number, string, number, string][] = [
    [500, '{"error":{"message":"internal","type":"server_error"}}', 502, 'upstream_error'],
    [
      401,
      '{"error":{"message":"bad provider key","type":"invalid_request_error","code":"invalid_api_key"}}',
      502,
      'upstream_error',
    ],
    [429, '{"error":{"message":"slow down","type":"requests"}}', 429, 'upstream_rate_limited'],
    [
      400,
      '{"error":{"message":"temperature is too high","type":"invalid_request_error","code":"bad_temperature"}}',
      400,
      'bad_temperature',
    ],
  ];
  for (const [upstreamStatus, text, status, code] of replies) {
    test(`a provider ${upstreamStatus} answers ${status} ${code}`, async () => {
      ctx.upstream.handler = (_request, res) => {
        res.writeHead(upstreamStatus, { 'content-type': 'application/json' });
        res.end(text);
      };
      const error = await failed(await ctx.chat(key, hello), status, code);
      if (status === 400) assert.equal(error.message, 'temperature is too high');
      if (status === 502) assert.doesNotMatch(error.message, /provider key/);
    });
  }

  test('an unreachable provider answers 502 and the failure shows in the activity feed', async () => {
    await failed(await ctx.chat(key, { ...hello, model: 'google/gemini-2.5-pro' }), 502, 'upstream_error');
    const activity = await ctx.request('GET', '/v1/dashboard/activity', { as: owner });
    assert.equal(activity.body.activities[0].message, 'A request to gemini-2.5-pro failed');
  });
});

describe('timeouts', { timeout: 10_000 }, () => {
  let patient: GatewayTestContext;
  before(async () => {
    patient = ctx;
    ctx = await createGatewayContext({ ...PROVIDERS, GATEWAY_UPSTREAM_TIMEOUT_MS: '400' });
  });
  after(async () => {
    await ctx.close();
    ctx = patient;
  });

  test('a provider that does not answer in GATEWAY_UPSTREAM_TIMEOUT_MS is stopped: 504', async () => {
    const call = nextUpstreamCall(() => undefined);
    await failed(await ctx.chat(key, hello), 504, 'upstream_timeout');
    await (
      await call
    ).aborted;
  });

  test('a stream that stalls or breaks ends with an error event; what it streamed until then is billed', async () => {
    const cases: [string, (res: ServerResponse) => void, string][] = [
      ['stalls', () => undefined, 'upstream_timeout'],
      ['breaks', (res) => res.destroy(), 'upstream_error'],
    ];
    for (const [, misbehave, code] of cases) {
      nextUpstreamCall((_request, res) => {
        startStream(res);
        res.write(chunk('gpt-4o', 'Once'));
        setImmediate(() => misbehave(res));
      });
      const res = await ctx.chat(key, story);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.match(text, /Once/);
      const events = text.trim().split('\n\n');
      assert.equal(JSON.parse(events.at(-1)!.slice('data: '.length)).error.code, code);
      // 'Tell me a story' (15 characters) -> 4 prompt tokens; 'Once' -> 1 completion token.
      assert.deepEqual(await lastEvent(), { status: 'error', prompt_tokens: 4, completion_tokens: 1, cost_cents: 5 });
    }
    assert.equal(await balanceCents(ctx.db, teamId), 10_000 - 2 * 5);
  });
});
