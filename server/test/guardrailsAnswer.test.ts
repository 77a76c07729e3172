import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { TEAM_GUARDRAILS_PATH } from '../../contract/apiPaths';
import type { GuardrailPolicy } from '../../contract/schemas/guardrails';
import { chunk, sendJson, startStream } from './fakeUpstream';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { startReceiver } from './otlpReceiver';

/**
 * The answer's guardrails through HTTP (docs/guardrails.md#the-answer, issue 40), and the rule that nothing a
 * guardrail found is written anywhere: after a run with planted secrets, on every door, streamed and not, in the
 * prompt and in the answer, neither the database, the logs, the traces (with message content captured) nor the
 * metrics hold any of them.
 */
const SECRET = 'AKIAZ3MSJV4WWNKWVXMN';
const EMAIL = 'jane.doe@example.com';
const CARD = '4111 1111 1111 1111';
const PLANTED = [SECRET, EMAIL, CARD, CARD.replace(/ /g, '')];
const METRICS_TOKEN = 'metrics-token-for-guardrails-0123';

let ctx: GatewayTestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const logs: string[] = [];
before(async () => {
  receiver = await startReceiver();
  ctx = await createGatewayContext(
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
      METRICS_TOKEN,
      LOG_LEVEL: 'debug',
    },
    ['openai'],
    undefined,
    undefined,
    undefined,
    { write: (text: string) => logs.push(text) },
  );
});
after(async () => {
  await ctx.close();
  await receiver.close();
});

let owner: TestUser;
let teamId: string;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 10_000);
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 1_000, completion: 10_000 });
  key = await ctx.key(owner);
  const policy: GuardrailPolicy = { detectors: { secret: 'block', email: 'redact', card: 'redact' }, patterns: [] };
  const set = await ctx.request('PUT', TEAM_GUARDRAILS_PATH, { as: owner, body: policy });
  assert.equal(set.status, 200, set.text);
});

const USAGE = { prompt_tokens: 20, completion_tokens: 40 };
const filler = 'The quarterly report is ready for review. '.repeat(12);

/** The provider answers with `text`, streamed three characters a chunk (so whatever it holds is split) or whole. */
function answerWith(text: string) {
  ctx.upstream.handler = (request, res) => {
    if (!request.body.stream) return sendJson(res, request.body.model as string, text, USAGE);
    startStream(res);
    for (const piece of text.match(/[\s\S]{1,3}/g) ?? []) res.write(chunk(request.body.model as string, piece));
    res.write(chunk(request.body.model as string, null, { usage: { ...USAGE, total_tokens: 60 } }));
    res.end('data: [DONE]\n\n');
  };
}

const chat = (content: string, stream = false) => ({
  model: 'openai/metered',
  messages: [{ role: 'user', content }],
  max_tokens: 100,
  ...(stream && { stream: true, stream_options: { include_usage: true } }),
});
const anthropic = { 'x-api-key': '', 'anthropic-version': '2023-06-01' };

async function lastEvent() {
  await ctx.app.gateway.settled();
  const [row] = await ctx.db.query<{
    status: string;
    error_code: string | null;
    guardrails: string;
    cost_cents: number;
  }>(
    'SELECT status, error_code, guardrails, cost_cents::int AS cost_cents FROM usage_events WHERE team_id = $1 ORDER BY created_at DESC LIMIT 1',
    [teamId],
  );
  return row;
}

describe('the answer', () => {
  test('a secret the model streams, split across chunks, is not delivered: the stream ends with guardrail_violation, billed', async () => {
    answerWith(`${filler}Use the key ${SECRET} to sign in. ${filler}`);
    const res = await ctx.chat(key, chat('how do I sign in?', true));
    assert.equal(res.status, 200);
    const text = await res.text();
    for (const part of SECRET.match(/.{1,6}/g)!) assert.ok(!text.includes(part), `sent ${part}`);
    assert.match(text, /"code":"guardrail_violation"/);
    assert.match(text, /The guardrail rule \\"secret\\" blocks what it found in the answer/);
    assert.ok(!text.includes('data: [DONE]'), 'the answer did not end as a whole one');
    const row = await lastEvent();
    assert.equal(row.status, 'error');
    assert.equal(row.error_code, 'guardrail_violation');
    assert.equal(row.guardrails, 'answer blocked=secret:1');
    // What the provider generated before the stop is billed: it bills it too.
    assert.ok(row.cost_cents > 0, String(row.cost_cents));
  });

  test('the Messages door, translated from a chat provider: an email split across chunks reaches the client redacted', async () => {
    answerWith(`${filler}Write to ${EMAIL} today.`);
    const res = await ctx.post('/v1/messages', chat(`hello`, true), { ...anthropic, 'x-api-key': key });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.ok(!text.includes(EMAIL) && !text.includes('jane'), text);
    const said = [...text.matchAll(/"text":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join('');
    assert.ok(said.endsWith('Write to [EMAIL] today.'), said.slice(-80));
    assert.match(text, /event: message_stop/);
    const row = await lastEvent();
    assert.equal(row.status, 'success');
    assert.equal(row.guardrails, 'answer redacted=email:1');
  });

  test('a JSON answer is redacted, said in the header after the prompt’s, or refused when it blocks', async () => {
    answerWith(`Card ${CARD} is on file.`);
    const res = await ctx.chat(key, chat(`my mail is ${EMAIL}`));
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    assert.equal(body.choices[0].message.content, 'Card [CARD] is on file.');
    assert.equal(res.headers.get('x-gateway-guardrails'), 'redacted=email:1; answer redacted=card:1');
    assert.equal((await lastEvent()).guardrails, 'redacted=email:1;answer redacted=card:1');

    answerWith(`The key is ${SECRET}.`);
    const blocked = await ctx.chat(key, chat('the key?'));
    const refusal = await blocked.text();
    assert.equal(blocked.status, 400, refusal);
    assert.match(refusal, /"code":"guardrail_violation"/);
    assert.ok(!refusal.includes(SECRET));
    const row = await lastEvent();
    assert.deepEqual(
      [row.status, row.error_code, row.guardrails],
      ['error', 'guardrail_violation', 'answer blocked=secret:1'],
    );
    assert.ok(row.cost_cents > 0);
  });
});

describe('nothing found is written anywhere', () => {
  test('the database, the logs, the traces with content captured and the metrics, after a run with planted secrets', async () => {
    const sentAll = async () => {
      const planted = `key ${SECRET}, mail ${EMAIL}, card ${CARD}`;
      // Prompts: blocked (chat, Messages, streamed), redacted (cached too).
      for (const stream of [false, true]) {
        await (await ctx.chat(key, chat(planted, stream))).text();
        await (await ctx.post('/v1/messages', chat(planted, stream), { ...anthropic, 'x-api-key': key })).text();
      }
      await (await ctx.chat(key, chat(`mail ${EMAIL}, card ${CARD}`), { 'x-gateway-cache': 'true' })).text();
      // Answers: blocked and redacted, streamed and not.
      for (const answer of [`${filler}key ${SECRET} ${filler}`, `${filler}mail ${EMAIL}, card ${CARD}. ${filler}`]) {
        answerWith(answer);
        for (const stream of [false, true]) {
          await (await ctx.chat(key, chat('tell me', stream))).text();
          await (
            await ctx.post(
              '/v1/responses',
              { model: 'openai/metered', input: 'tell me', stream },
              {
                authorization: `Bearer ${key}`,
              },
            )
          ).text();
        }
      }
      await ctx.app.gateway.settled();
    };
    await sentAll();
    assert.ok((await ctx.db.query('SELECT 1 FROM usage_events WHERE team_id = $1', [teamId])).length >= 8);

    const tables = await ctx.db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
    );
    for (const { name } of tables) {
      const rows = await ctx.db.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
      for (const { row } of rows) for (const planted of PLANTED) assert.ok(!row.includes(planted), `table ${name}`);
    }
    const metrics = await (
      await fetch(`${ctx.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    assert.match(metrics, /gateway_requests_total/);
    // The spans still batched are sent on close; a later test file has its own context.
    await ctx.app.close();
    assert.ok(receiver.bodies.join('').includes('gen_ai.input.messages'), 'content was captured');
    assert.ok(logs.length > 20, `${logs.length} log lines`);
    for (const [store, text] of [
      ['metrics', metrics],
      ['logs', logs.join('')],
      ['traces', receiver.bodies.join('')],
    ]) {
      for (const planted of PLANTED) assert.ok(!text.includes(planted), `${store} hold what a guardrail found`);
    }
  });
});
