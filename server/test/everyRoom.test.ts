import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { balanceCents } from '../ledger/ledger';
import { sendJson, sendStream, words, type ReceivedRequest } from './fakeUpstream';
import { responsesJson, responsesStream, responsesUsageOf } from './fakeProviderFormats';
import { openTestDb, type TestUser } from './helpers';
import { allAtOnce, createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * A limit is a limit (issue 26, docs/gateway.md#holding-credits): for each room a request draws on (the team's
 * credit, its monthly budget, a key's spending limit, a member's monthly cap), through each door (chat completions,
 * responses, messages), streamed and not, with admission by statement on one instance and by credit leases on two:
 * - a huge prompt and a huge output cap are refused before any provider is called, saying what the room has left;
 * - a request without an output cap is sent one that what it holds pays for, and requests go on until the room is
 *   spent: the room never goes below zero (a budget or limit is never passed), though the provider bills every
 *   token the gateway let it produce.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

/** A prompt token costs 0.01 cent, an output token 0.03: a 1 MB prompt may cost $100, a million output tokens $300. */
const MODEL = 'openai/pricey';
const ROOM_CENTS = { credit: 200, budget: 100, key: 50, member: 50 } as const;
type Room = keyof typeof ROOM_CENTS;
type Door = 'chat' | 'responses' | 'messages';

const HUGE_PROMPT = 'x'.repeat(1_000_000);

/** What each room's refusal is, by status, OpenAI code and the words saying what is left. */
const REFUSAL: Record<Room, { status: number; code: string; left: RegExp }> = {
  credit: { status: 402, code: 'insufficient_credits', left: /your team has \$2\.00 of credit left/ },
  budget: { status: 429, code: 'budget_exceeded', left: /your team has \$1\.00 left of its monthly budget of \$1\.00/ },
  key: { status: 429, code: 'key_budget_exceeded', left: /this key has \$0\.50 left of its \$0\.50 limit this month/ },
  member: { status: 429, code: 'member_budget_exceeded', left: /you have \$0\.50 left of the monthly cap of \$0\.50/ },
};

/** A provider that bills everything it may: a token per byte of the prompt's text and every output token allowed. */
function greedyProvider(request: ReceivedRequest, res: http.ServerResponse) {
  const { body } = request;
  const text = (value: unknown): string =>
    typeof value === 'string' ? value : Array.isArray(value) ? value.map((m) => text(m?.content ?? m)).join('') : '';
  const prompt = Buffer.byteLength(text(body.messages ?? body.input));
  const cap = body.max_completion_tokens ?? body.max_tokens ?? body.max_output_tokens;
  assert.ok(Number.isInteger(cap), `the provider was sent an output cap: ${JSON.stringify(cap)}`);
  if (request.path.endsWith('/responses')) {
    const usage = responsesUsageOf(prompt, cap);
    res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
    res.end(
      body.stream ? responsesStream(body.model, 'ok', usage) : JSON.stringify(responsesJson(body.model, 'ok', usage)),
    );
    return;
  }
  const usage = { prompt_tokens: prompt, completion_tokens: cap };
  if (body.stream) sendStream(res, body.model, words('ok'), usage);
  else sendJson(res, body.model, 'ok', usage);
}

interface Sent {
  status: number;
  message: string;
  code: string | null;
  maxTokensHeader: string | null;
}

/** One request through a door, its error read from that door's own envelope. */
async function send(
  ctx: GatewayTestContext,
  door: Door,
  key: string,
  options: { prompt: string; cap: number | null; stream: boolean },
): Promise<Sent> {
  const { prompt, cap, stream } = options;
  const [path, body, headers]: [string, Record<string, unknown>, Record<string, string>] =
    door === 'chat'
      ? ['/v1/chat/completions', { messages: [{ role: 'user', content: prompt }], max_tokens: cap ?? undefined }, {}]
      : door === 'responses'
        ? ['/v1/responses', { input: prompt, max_output_tokens: cap ?? undefined }, {}]
        : ['/v1/messages', { messages: [{ role: 'user', content: prompt }], max_tokens: cap }, { 'x-api-key': key }];
  const res = await fetch(`${ctx.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify({ model: MODEL, stream, ...body }),
  });
  const text = await res.text();
  if (res.status === 200)
    return { status: 200, message: '', code: null, maxTokensHeader: res.headers.get('x-gateway-max-tokens') };
  const error = JSON.parse(text).error as { message: string; code?: string; type: string };
  return { status: res.status, message: error.message, code: error.code ?? null, maxTokensHeader: null };
}

const MODES = [
  { name: 'admission by statement, one instance', admission: 'statement', instances: 1 },
  { name: 'credit leases, two instances', admission: 'lease', instances: 2 },
] as const;

for (const mode of MODES) {
  describe(`every room holds the whole request: ${mode.name}`, () => {
    let instances: GatewayTestContext[];
    before(async () => {
      const database = await openTestDb();
      instances = [];
      for (let i = 0; i < mode.instances; i++) {
        const env = { GATEWAY_ADMISSION: mode.admission, INSTANCE_ID: `rooms-${mode.admission}-${i}` };
        instances.push(await createGatewayContext(env, ['openai'], i === 0 ? database : database.another()));
      }
    });
    after(async () => {
      for (const ctx of [...instances].reverse()) await ctx.close();
    });

    /** A fresh team whose `room` is the one that binds; the key to call with, and how much of the room is spent. */
    async function setUp(room: Room) {
      const [a, ...others] = instances;
      await Promise.all(instances.map((ctx) => ctx.app.gateway.forgetLeases()));
      await a.reset();
      const owner = await a.user('owner');
      const teamId = await a.team(owner, 'Acme', room === 'budget' ? ROOM_CENTS.budget : 0);
      await a.topUp(teamId, room === 'credit' ? ROOM_CENTS.credit : 1_000_000);
      await a.tier({ provider: 'openai', model: 'pricey', prompt: 100, completion: 300 });
      for (const ctx of others) {
        ctx.upstream.reset();
        await ctx.app.gateway.changed('pricing');
      }
      for (const ctx of instances) ctx.upstream.handler = greedyProvider;
      let user: TestUser = owner;
      if (room === 'member') {
        user = await a.user('member');
        await a.join(user, teamId);
        const capped = await a.request('PATCH', `/v1/teams/members/${user.id}/cap`, {
          as: owner,
          body: { monthly_cap_cents: ROOM_CENTS.member },
        });
        assert.equal(capped.status, 200);
      }
      const controls = room === 'key' ? { spend_limit_cents: ROOM_CENTS.key, limit_period: 'monthly' } : {};
      const created = await a.request('POST', '/v1/api-keys/', { as: user, body: { name: 'k', ...controls } });
      assert.equal(created.status, 201);
      const spent = async () => {
        await Promise.all(instances.map((ctx) => ctx.app.gateway.settled()));
        const [row] = await a.db.query<{ cost: number }>(
          'SELECT COALESCE(sum(cost_cents), 0) AS cost FROM usage_events WHERE team_id = $1',
          [teamId],
        );
        if (room === 'credit') assert.equal(await balanceCents(a.db, teamId), ROOM_CENTS.credit - row.cost);
        return row.cost;
      };
      return { key: created.body.key as string, spent };
    }

    for (const room of Object.keys(ROOM_CENTS) as Room[]) {
      for (const door of ['chat', 'responses', 'messages'] as Door[]) {
        for (const stream of [false, true]) {
          test(`${room} · ${door}${stream ? ' · streamed' : ''}`, async () => {
            const { key, spent } = await setUp(room);
            const expected = REFUSAL[room];
            let turn = 0;
            const next = () => instances[turn++ % instances.length];
            const refused = (sent: Sent, what: string) => {
              assert.equal(sent.status, expected.status, `${what}: ${sent.message}`);
              if (door !== 'messages') assert.equal(sent.code, expected.code);
            };

            const huge = await send(next(), door, key, { prompt: HUGE_PROMPT, cap: 16, stream });
            refused(huge, 'a 1 MB prompt');
            assert.match(huge.message, expected.left);
            assert.match(huge.message, /^This request may cost up to \$100\.\d\d \(a prompt of up to 1,000,008 tokens/);
            assert.match(huge.message, /The prompt alone may cost up to \$100\.\d\d: send a smaller prompt\./);

            const greedy = await send(next(), door, key, { prompt: 'hi', cap: 1_000_000, stream });
            refused(greedy, 'max_tokens 1,000,000');
            assert.match(greedy.message, expected.left);
            assert.match(greedy.message, /up to 1,000,000 output tokens/);
            assert.match(greedy.message, /a lower max_(output_)?tokens \(at most [\d,]+ would fit\)/);
            assert.equal(await spent(), 0, 'a refusal spends nothing');
            for (const ctx of instances) assert.equal(ctx.upstream.requests.length, 0, 'no provider was called');

            // Without a cap (Anthropic's format requires one: a cap the room cannot hold is refused above), the
            // gateway sends the cap the room can pay for, until nothing useful is left.
            if (door === 'messages') return;
            let answered = 0;
            for (let i = 0; i < 20; i++) {
              const open = await send(next(), door, key, { prompt: 'go on', cap: null, stream });
              const total = await spent();
              assert.ok(total <= ROOM_CENTS[room], `spent ${total} cents of a ${ROOM_CENTS[room]}-cent ${room} room`);
              if (open.status !== 200) {
                refused(open, 'no max_tokens, the room spent');
                break;
              }
              answered++;
              assert.match(open.maxTokensHeader ?? '', /^\d+$/, 'the cap the gateway set is in a header');
            }
            assert.ok(answered >= 1, 'a request without max_tokens is answered while the room has enough');
            // Less is left than the shortest answer the gateway allows (256 tokens, 7.68 cents) and the prompt.
            assert.ok(ROOM_CENTS[room] - (await spent()) < 9, `${ROOM_CENTS[room] - (await spent())} cents unused`);
          });
        }
      }

      test(`${room} · 40 concurrent requests without max_tokens`, async () => {
        const { key, spent } = await setUp(room);
        let turn = 0;
        const { admitted, results } = await allAtOnce(
          instances,
          40,
          () =>
            instances[turn++ % instances.length].chat(key, {
              model: MODEL,
              messages: [{ role: 'user', content: 'go on' }],
            }),
          greedyProvider,
        );
        assert.ok(admitted >= 1);
        assert.ok(results.every((r) => r.status === 200 || r.body.error.code === REFUSAL[room].code));
        const total = await spent();
        assert.ok(total <= ROOM_CENTS[room], `spent ${total} cents of a ${ROOM_CENTS[room]}-cent ${room} room`);
      });
    }
  });
}
