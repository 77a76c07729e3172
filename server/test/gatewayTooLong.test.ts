import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * Refused before anything is held, in the format of the door the request came through (issue 26): a prompt too long
 * for every model its route could reach (docs/gateway.md#holding-credits), and a message with a role its format does
 * not have.
 */
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
  await ctx.topUp(teamId, 10_000_000);
  // gpt-4o's context window is documented (128,000 tokens); 'mystery' has none.
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10 });
  await ctx.tier({ provider: 'openai', model: 'mystery', prompt: 2.5, completion: 10 });
  key = await ctx.key(owner);
});

type Door = 'chat' | 'responses' | 'messages';

async function send(door: Door, body: Record<string, unknown>) {
  const [path, extra] =
    door === 'chat'
      ? ['/v1/chat/completions', {}]
      : door === 'responses'
        ? ['/v1/responses', {}]
        : ['/v1/messages', { max_tokens: 100 }];
  const res = await fetch(`${ctx.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ ...extra, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const prompt = (door: Door, text: string) =>
  door === 'responses' ? { input: text } : { messages: [{ role: 'user', content: text }] };

async function nothingHeld() {
  await ctx.app.gateway.settled();
  assert.equal(ctx.upstream.requests.length, 0, 'no provider was called');
  const [row] = await ctx.db.query<{ events: number; reserved: number }>(
    'SELECT (SELECT count(*) FROM usage_events) AS events, (SELECT sum(reserved_cents) FROM teams) AS reserved',
  );
  assert.deepEqual(row, { events: 0, reserved: 0 });
}

describe('a prompt too long for every model the route reaches: 400 context_length_exceeded', () => {
  // 2 MB: at least 262,144 tokens at 8 bytes a token, twice gpt-4o's window.
  const tooLong = 'a'.repeat(2 * 1024 * 1024);
  for (const door of ['chat', 'responses'] as const) {
    test(`${door}: in OpenAI's format`, async () => {
      const res = await send(door, { model: 'openai/gpt-4o', ...prompt(door, tooLong) });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, {
        error: {
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
          param: door === 'chat' ? 'messages' : 'input',
          message:
            'This prompt is too long for "openai/gpt-4o": it takes at most 128,000 tokens of context, and the prompt ' +
            'has at least 262,144 tokens. Send a shorter prompt.',
        },
      });
      await nothingHeld();
    });
  }

  test("messages: in Anthropic's format", async () => {
    const res = await send('messages', { model: 'openai/gpt-4o', ...prompt('messages', tooLong) });
    assert.equal(res.status, 400);
    assert.equal(res.body.type, 'error');
    assert.deepEqual(Object.keys(res.body.error as object), ['type', 'message']);
    assert.equal((res.body.error as { type: string }).type, 'invalid_request_error');
    assert.match((res.body.error as { message: string }).message, /too long for "openai\/gpt-4o"/);
    await nothingHeld();
  });

  test('a route is refused only when every deployment’s window is too small; an unknown window may take it', async () => {
    await ctx.route('team/both', [{ model: 'gpt-4o' }, { model: 'mystery' }]);
    await ctx.route('team/small', [{ model: 'gpt-4o' }]);
    const small = await send('chat', { model: 'team/small', ...prompt('chat', tooLong) });
    assert.equal(small.status, 400);
    assert.match(JSON.stringify(small.body), /context_length_exceeded/);
    const both = await send('chat', { model: 'team/both', max_tokens: 10, ...prompt('chat', tooLong) });
    assert.notEqual((both.body as { error?: { code: string } }).error?.code, 'context_length_exceeded');
  });

  test('an invalid key is told so first', async () => {
    key = 'sk-not-a-key';
    const res = await send('chat', { model: 'openai/gpt-4o', ...prompt('chat', tooLong) });
    assert.equal(res.status, 401);
  });

  test('a long prompt that may fit is not refused: 600 KB of prose is about 150,000 tokens, within a 200K window', async () => {
    await ctx.tier({ provider: 'openai', model: 'gpt-5', prompt: 1.25, completion: 10 });
    const prose = 'The quick brown fox jumps over the lazy dog. '.repeat(600_000 / 45);
    const res = await send('chat', { model: 'openai/gpt-5', max_tokens: 10, ...prompt('chat', prose) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
});

describe('a message with a role the gateway does not know', () => {
  test('chat completions: forwarded to a deployment of the same format as the client wrote it', async () => {
    const res = await send('chat', { model: 'openai/gpt-4o', messages: [{ role: 'wizard', content: 'hi' }] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(ctx.upstream.requests.at(-1)?.body.messages, [{ role: 'wizard', content: 'hi' }]);
  });

  test('messages: a system role is translated for an OpenAI deployment; an unknown one is a 400 naming it', async () => {
    const res = await send('messages', { model: 'openai/gpt-4o', messages: [{ role: 'wizard', content: 'hi' }] });
    assert.equal(res.status, 400);
    assert.equal(res.body.type, 'error');
    assert.equal(
      (res.body.error as { message: string }).message,
      'Messages with role "wizard" cannot be translated for openai/gpt-4o.',
    );
    // Refused after admission, as every translation's refusal: no provider called, nothing held or billed, and the
    // failure in the request log.
    await ctx.app.gateway.settled();
    assert.equal(ctx.upstream.requests.length, 0, 'no provider was called');
    const [row] = await ctx.db.query<{ status: string; cost: number; reserved: number }>(
      `SELECT (SELECT string_agg(status, ',') FROM usage_events) AS status,
              (SELECT sum(cost_cents)::int FROM usage_events) AS cost, (SELECT sum(reserved_cents)::int FROM teams) AS reserved`,
    );
    assert.deepEqual(row, { status: 'error', cost: 0, reserved: 0 });
    const system = await send('messages', { model: 'openai/gpt-4o', messages: [{ role: 'system', content: 'hi' }] });
    assert.equal(system.status, 200, JSON.stringify(system.body));
  });
});
