import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type http from 'node:http';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import type { ReceivedRequest } from './fakeUpstream';
import { isFinished } from '../batches/wireObjects';
import { TEAM_GUARDRAILS_PATH } from '../../contract/apiPaths';
import type { TestUser } from './helpers';

/**
 * A batch sent whole to its provider's own Batch API (docs/batches.md#the-providers-batch-api): echo's in the demo, and
 * OpenAI's wire format from a fake provider. Each line is billed once, at the batch price, from the usage in the
 * provider's output file; what is not used is given back; a cancel reaches the provider.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({ BATCHES_PROVIDER_POLL_MS: '100' }, ['openai', 'anthropic']);
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
let key: string;
let client: OpenAI;
beforeEach(async () => {
  await ctx.reset();
  ({ owner, teamId, key } = await ctx.funded(100_000));
  client = ctx.client(key);
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 1_000, completion: 1_000 });
  // 5 prompt tokens at $2,000/1M and 40 output tokens at $2,250/1M: 10 cents a request, 5 cents at the batch price.
  await ctx.tier({ provider: 'openai', model: 'gpt-test', prompt: 2_000, completion: 2_250 });
  await ctx.tier({ provider: 'anthropic', model: 'claude-test', prompt: 2_000, completion: 2_250 });
});

const line = (n: number, model: string, extra: object = {}) => ({
  custom_id: `q${n}`,
  method: 'POST',
  url: '/v1/chat/completions',
  body: { model, messages: [{ role: 'user', content: `Say ${n} please` }], ...extra },
});
async function run(lines: object[]) {
  const file = await client.files.create({
    file: await toFile(Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')), 'in.jsonl'),
    purpose: 'batch',
  });
  return client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
}
async function finished(id: string) {
  for (let i = 0; i < 600; i++) {
    const batch = await client.batches.retrieve(id);
    if (isFinished(batch.status)) return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`batch ${id} did not finish`);
}
async function rows() {
  await ctx.app.gateway.settled();
  return ctx.db.query<{ status: string; cost_cents: number; prompt_tokens: number; completion_tokens: number }>(
    `SELECT status, cost_cents::int AS cost_cents, prompt_tokens, completion_tokens FROM usage_events
     WHERE team_id = $1 AND batch_id IS NOT NULL ORDER BY request_id`,
    [teamId],
  );
}
const upstreamOf = async (id: string) =>
  (
    await ctx.db.query<{ upstream: { batchId: string } | null }>('SELECT upstream FROM gateway_batches WHERE id = $1', [
      id,
    ])
  )[0].upstream;
const reserved = async () =>
  (await ctx.db.query<{ cents: number }>('SELECT reserved_cents::int AS cents FROM teams WHERE id = $1', [teamId]))[0]
    .cents;

test('echo (the demo): the batch goes whole to echo’s Batch API, each line billed once at half price from its usage', async () => {
  const lines = Array.from({ length: 20 }, (_, i) => line(i + 1, 'echo/echo-1', i % 2 ? { max_tokens: 30 } : {}));
  // The same lines sent alone, for their usage and price.
  for (const one of lines) {
    const res = await ctx.chat(key, one.body);
    assert.equal(res.status, 200);
  }
  await ctx.app.gateway.settled();
  const alone = (
    await ctx.db.query<{ cents: number }>(
      'SELECT sum(cost_cents)::int AS cents FROM usage_events WHERE team_id = $1 AND batch_id IS NULL',
      [teamId],
    )
  )[0].cents;
  const created = await run(lines);
  const done = await finished(created.id);
  assert.equal(done.status, 'completed');
  assert.deepEqual(done.request_counts, { total: 20, completed: 20, failed: 0 });
  assert.match(String((await upstreamOf(created.id))?.batchId), /^batch_echo/);
  const output = (await (await client.files.content(done.output_file_id!)).text()).trim().split('\n');
  assert.equal(output.length, 20);
  assert.deepEqual(
    output.map((text) => JSON.parse(text).custom_id),
    lines.map((one) => one.custom_id),
  );
  const billed = await rows();
  assert.equal(billed.length, 20);
  assert.ok(billed.every((row) => row.status === 'success'));
  const total = billed.reduce((sum, row) => sum + row.cost_cents, 0);
  // Half of each request's price, each rounded down to the cent once: within a cent a line of half the total alone.
  assert.ok(total <= alone / 2 && total >= alone / 2 - 20, `batch ${total} against ${alone} alone`);
  for (let i = 0; i < 50; i++) await client.batches.retrieve(created.id);
  assert.equal((await rows()).length, 20, 'retrieving bills nothing');
  assert.equal(await reserved(), 0, 'what the hold had left was given back');
});

test('a key with guardrails: its lines run through the gateway, which checks each', async () => {
  const set = await ctx.request('PUT', TEAM_GUARDRAILS_PATH, {
    as: owner,
    body: { detectors: { email: 'redact' }, patterns: [] },
  });
  assert.equal(set.status, 200);
  const created = await run([line(1, 'echo/echo-1'), line(2, 'echo/echo-1')]);
  const done = await finished(created.id);
  assert.equal(done.status, 'completed');
  assert.equal(await upstreamOf(created.id), null);
  assert.equal((await rows()).length, 2);
});

describe('OpenAI’s Batch API (a fake provider speaking its wire format)', () => {
  /** The provider's batch: in progress until `done` is set (or a cancel arrives), then its output file. */
  function fakeBatchApi(answer: (custom: string, body: Record<string, unknown>) => object | null) {
    const state = {
      uploaded: '',
      created: null as Record<string, unknown> | null,
      status: 'in_progress',
      polls: 0,
      done: false,
    };
    const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    ctx.upstream.handler = (request: ReceivedRequest, res) => {
      const { path } = request;
      if (path === '/v1/batches' && request.search.startsWith('?limit')) return send(res, 200, { data: [] });
      if (path === '/v1/files') {
        state.uploaded = String(request.body.multipart);
        return send(res, 200, { id: 'file-up1', object: 'file', purpose: 'batch' });
      }
      if (path === '/v1/batches') {
        state.created = request.body;
        return send(res, 200, { id: 'batch_up1', object: 'batch', status: 'validating' });
      }
      if (path === '/v1/batches/batch_up1/cancel') {
        state.status = 'cancelled';
        return send(res, 200, { id: 'batch_up1', status: 'cancelling' });
      }
      if (path === '/v1/batches/batch_up1') {
        state.polls++;
        if (state.done) state.status = 'completed';
        const ended = state.status !== 'in_progress';
        return send(res, 200, { id: 'batch_up1', status: state.status, output_file_id: ended ? 'file-out1' : null });
      }
      if (path === '/v1/files/file-out1/content') {
        const input = /\r\n\r\n(\{[\s\S]*\})\r\n--/
          .exec(state.uploaded)![1]
          .split('\n')
          .map((text) => JSON.parse(text));
        const out = input.flatMap((sent: { custom_id: string; body: Record<string, unknown> }) => {
          const body = answer(sent.custom_id, sent.body);
          return body
            ? [JSON.stringify({ custom_id: sent.custom_id, response: { status_code: 200, request_id: 'r', body } })]
            : [];
        });
        return send(res, 200, `${out.join('\n')}\n`, 'application/jsonl');
      }
      send(res, 404, { error: { message: `fake: ${request.path}` } });
    };
    return state;
  }
  const chatAnswer = (body: Record<string, unknown>) => ({
    id: 'c',
    object: 'chat.completion',
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5, completion_tokens: 40, total_tokens: 45 },
  });

  test('uploaded as JSONL with the deployment’s model and an output cap, polled until done, each line billed from its usage', async () => {
    const provider = fakeBatchApi((_custom, body) => chatAnswer(body));
    const created = await run([line(1, 'openai/gpt-test'), line(2, 'openai/gpt-test', { max_completion_tokens: 40 })]);
    while (provider.polls < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal((await client.batches.retrieve(created.id)).status, 'in_progress');
    provider.done = true;
    const done = await finished(created.id);
    assert.equal(done.status, 'completed');
    assert.match(provider.uploaded, /name="purpose"\r\n\r\nbatch\r\n/);
    const sent = /\r\n\r\n(\{[\s\S]*\})\r\n--/
      .exec(provider.uploaded)![1]
      .split('\n')
      .map((text) => JSON.parse(text));
    assert.deepEqual(
      sent.map((one: { custom_id: string; url: string; body: { model: string } }) => [
        one.custom_id,
        one.url,
        one.body.model,
      ]),
      [
        ['line-1', '/v1/chat/completions', 'gpt-test'],
        ['line-2', '/v1/chat/completions', 'gpt-test'],
      ],
    );
    assert.ok(Number(sent[0].body.max_completion_tokens) > 0, 'a line without a cap gets the one its hold pays for');
    assert.equal(sent[1].body.max_completion_tokens, 40);
    assert.deepEqual(provider.created, {
      input_file_id: 'file-up1',
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
      metadata: { gateway_batch_id: created.id },
    });
    assert.deepEqual(
      (await rows()).map((row) => [row.status, row.cost_cents, row.prompt_tokens, row.completion_tokens]),
      [
        ['success', 5, 5, 40],
        ['success', 5, 5, 40],
      ],
    );
    assert.equal(await reserved(), 0);
  });

  test('a cancel reaches the provider; the lines it answered are billed, the others fail unbilled', async () => {
    const provider = fakeBatchApi((custom, body) => (custom === 'line-1' ? chatAnswer(body) : null));
    const created = await run([line(1, 'openai/gpt-test'), line(2, 'openai/gpt-test'), line(3, 'openai/gpt-test')]);
    while (provider.polls < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await client.batches.cancel(created.id);
    const done = await finished(created.id);
    assert.equal(done.status, 'cancelled');
    assert.deepEqual(done.request_counts, { total: 3, completed: 1, failed: 2 });
    assert.deepEqual(
      (await rows()).map((row) => [row.status, row.cost_cents]),
      [['success', 5]],
    );
    const errors = (await (await client.files.content(done.error_file_id!)).text()).trim().split('\n');
    assert.deepEqual(
      errors.map((text) => JSON.parse(text).error.code),
      ['batch_cancelled', 'batch_cancelled'],
    );
    assert.equal(await reserved(), 0);
  });
});

test('Anthropic’s Message Batches: chat lines translated to its format, its answers translated back and billed', async () => {
  let created: { requests: { custom_id: string; params: Record<string, unknown> }[] } | null = null;
  let headers: Record<string, unknown> = {};
  let polls = 0;
  ctx.upstream.handler = (request, res) => {
    const send = (body: unknown, type = 'application/json') => {
      res.writeHead(200, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.path === '/v1/messages/batches') {
      created = request.body;
      headers = request.headers;
      return send({ id: 'msgbatch_1', type: 'message_batch', processing_status: 'in_progress' });
    }
    if (request.path === '/v1/messages/batches/msgbatch_1') {
      polls++;
      return send({
        id: 'msgbatch_1',
        processing_status: polls > 1 ? 'ended' : 'in_progress',
        request_counts: { processing: 0, succeeded: 1, errored: 1, canceled: 0, expired: 0 },
      });
    }
    if (request.path === '/v1/messages/batches/msgbatch_1/results') {
      const message = {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [{ type: 'text', text: 'ok from Claude' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 5, output_tokens: 40 },
      };
      const error = { type: 'error', error: { type: 'invalid_request_error', message: 'bad line' } };
      return send(
        `${JSON.stringify({ custom_id: 'line-1', result: { type: 'succeeded', message } })}\n` +
          `${JSON.stringify({ custom_id: 'line-2', result: { type: 'errored', error } })}\n`,
        'application/binary',
      );
    }
    res.writeHead(404);
    res.end();
  };
  const batch = await run([line(1, 'anthropic/claude-test'), line(2, 'anthropic/claude-test')]);
  const done = await finished(batch.id);
  assert.equal(done.status, 'completed');
  assert.deepEqual(done.request_counts, { total: 2, completed: 1, failed: 1 });
  const sent = created!.requests;
  assert.deepEqual(
    sent.map((request) => [request.custom_id, request.params.model]),
    [
      ['line-1', 'claude-test'],
      ['line-2', 'claude-test'],
    ],
  );
  assert.ok(Number(sent[0].params.max_tokens) > 0, 'Anthropic requires max_tokens: the cap the hold pays for');
  assert.deepEqual(sent[0].params.messages, [{ role: 'user', content: [{ type: 'text', text: 'Say 1 please' }] }]);
  assert.equal(headers['anthropic-version'], '2023-06-01');
  assert.equal(headers['x-api-key'], 'sk-upstream-anthropic');
  const output = JSON.parse((await (await client.files.content(done.output_file_id!)).text()).trim());
  assert.equal(output.custom_id, 'q1');
  assert.equal(output.response.body.object, 'chat.completion');
  assert.equal(output.response.body.choices[0].message.content, 'ok from Claude');
  const failed = JSON.parse((await (await client.files.content(done.error_file_id!)).text()).trim());
  assert.equal(failed.response.status_code, 400);
  assert.deepEqual(
    (await rows()).map((row) => [row.status, row.cost_cents]),
    [
      ['success', 5],
      ['error', 0],
    ],
  );
  assert.equal(await reserved(), 0);
});
