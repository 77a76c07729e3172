import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ADMIN_GUARDRAILS_PATH, apiKeyGuardrailsPath, TEAM_GUARDRAILS_PATH } from '../../contract/apiPaths';
import { MESSAGES_COUNT_TOKENS_PATH } from '../../contract/endpoints';
import type { GuardrailPolicy } from '../../contract/schemas/guardrails';
import type { TestUser } from './helpers';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { sendJson } from './fakeUpstream';

/**
 * Guardrails through HTTP (docs/guardrails.md, issue 40): the owner's, a key's and the operator's policies; a block on
 * every door, streamed or not, refused in the door's format, naming the rule and never what it found, and not billed;
 * redactions the provider never sees past; flags recorded; nothing found written anywhere.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let admin: TestUser;
let teamId: string;
let key: string;

/** Planted: an AWS access key id, an email address and a card number (Visa's test number). */
const SECRET = 'AKIAZ3MSJV4WWNKWVXMN';
const EMAIL = 'jane.doe@example.com';
const CARD = '4111 1111 1111 1111';

beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  admin = await ctx.user('admin');
  teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 10_000);
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 1_000, completion: 10_000 });
  key = await ctx.key(owner);
});

const policy = (detectors: GuardrailPolicy['detectors'], patterns: GuardrailPolicy['patterns'] = []) => ({
  detectors,
  patterns,
});

async function setTeam(body: object, as = owner) {
  const res = await ctx.request('PUT', TEAM_GUARDRAILS_PATH, { as, body });
  return res;
}

const chatCalls = () => ctx.upstream.requests.filter((r) => !r.path.endsWith('/embeddings')).length;
const billed = async () =>
  (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events WHERE team_id = $1', [teamId]))[0].n;
const prompt = (text: string) => ({
  model: 'openai/metered',
  messages: [{ role: 'user', content: text }],
  max_tokens: 5,
});

describe('policies', () => {
  test('the owner sets the team’s; a member reads it and may not change it; bad rules are refused; all audited', async () => {
    const member = await ctx.user('member');
    await ctx.join(member, teamId);
    const set = await setTeam(
      policy({ secret: 'block', email: 'redact' }, [{ name: 'ticket', regex: 'TICKET-\\d+', action: 'flag' }]),
    );
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.policy.detectors, { secret: 'block', email: 'redact' });
    assert.equal(set.body.floor, null);
    const read = await ctx.request('GET', TEAM_GUARDRAILS_PATH, { as: member });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.policy, set.body.policy);
    assert.equal((await setTeam(policy({ email: 'off' }), member)).status, 403);

    for (const [body, message] of [
      [policy({}, [{ name: 'slow', regex: '(a+)+$', action: 'block' }]), /exponential time/],
      [policy({}, [{ name: 'broken', regex: '([a-z', action: 'block' }]), /not a valid regular expression/],
      [policy({}, [{ name: 'empty', action: 'block' }]), /regular expression or words/],
      [policy({ email: 'shout' } as never), /action must be one of/],
      [policy({ dna: 'block' } as never), /./],
      [
        policy({}, [
          { name: 'twice', words: ['a'], action: 'flag' },
          { name: 'twice', words: ['b'], action: 'flag' },
        ]),
        /Two patterns are named twice/,
      ],
    ] as const) {
      const refused = await setTeam(body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.match(refused.text, message);
    }
    const audited = await ctx.db.query<{ action: string; after: unknown }>(
      "SELECT action, after FROM audit_log WHERE action LIKE '%guardrails%' ORDER BY id",
    );
    assert.deepEqual(
      audited.map((row) => row.action),
      ['team.guardrails_changed'],
    );
  });

  test('a key narrows or widens its team’s policy; the operator’s floor raises both', async () => {
    await setTeam(policy({ email: 'redact', card: 'off' }));
    const other = await ctx.key(owner, 'other');
    const [{ id: otherId }] = await ctx.db.query<{ id: string }>("SELECT id FROM api_keys WHERE name = 'other'");
    const widened = await ctx.request('PUT', apiKeyGuardrailsPath(otherId), {
      as: owner,
      body: policy({ email: 'off' }),
    });
    assert.equal(widened.status, 200, widened.text);
    const sent = async (sentKey: string) => {
      ctx.upstream.requests = [];
      const res = await ctx.chat(sentKey, prompt(`mail ${EMAIL} card ${CARD}`));
      await res.text();
      return {
        status: res.status,
        said: res.headers.get('x-gateway-guardrails'),
        got: JSON.stringify(ctx.upstream.requests[0]?.body),
      };
    };
    const team = await sent(key);
    assert.equal(team.said, 'redacted=email:1');
    assert.ok(team.got.includes('[EMAIL]') && team.got.includes(CARD), team.got);
    const mine = await sent(other);
    assert.equal(mine.said, null);
    assert.ok(mine.got.includes(EMAIL));
    // The operator blocks cards for everyone: the team's "off" cannot lower it.
    const floor = await ctx.request('PUT', ADMIN_GUARDRAILS_PATH, { as: admin, body: policy({ card: 'block' }) });
    assert.equal(floor.status, 200, floor.text);
    assert.equal((await ctx.request('PUT', ADMIN_GUARDRAILS_PATH, { as: owner, body: policy({}) })).status, 403);
    assert.equal((await sent(key)).status, 400);
    assert.equal((await sent(other)).status, 400);
    // A key made after the policies were loaded has its team's at once.
    const fresh = await ctx.key(owner, 'fresh');
    assert.equal((await sent(fresh)).status, 400);
    await ctx.request('DELETE', ADMIN_GUARDRAILS_PATH, { as: admin });
    assert.equal((await sent(fresh)).said, 'redacted=email:1');
  });
});

describe('on every door', () => {
  const DOORS: [string, string, object, Record<string, string>][] = [
    ['chat', '/v1/chat/completions', prompt(`my key ${SECRET}`), {}],
    ['chat, streamed', '/v1/chat/completions', { ...prompt(`my key ${SECRET}`), stream: true }, {}],
    ['messages', '/v1/messages', { ...prompt(`my key ${SECRET}`) }, { door: 'anthropic' }],
    ['messages, streamed', '/v1/messages', { ...prompt(`my key ${SECRET}`), stream: true }, { door: 'anthropic' }],
    ['responses', '/v1/responses', { model: 'openai/metered', input: `my key ${SECRET}` }, {}],
    ['responses, streamed', '/v1/responses', { model: 'openai/metered', input: `my key ${SECRET}`, stream: true }, {}],
    ['embeddings', '/v1/embeddings', { model: 'openai/metered', input: [`my key ${SECRET}`] }, {}],
    [
      'generateContent',
      '/v1beta/models/openai/metered:generateContent',
      { contents: [{ role: 'user', parts: [{ text: `my key ${SECRET}` }] }] },
      { door: 'google' },
    ],
    [
      'streamGenerateContent',
      '/v1beta/models/openai/metered:streamGenerateContent?alt=sse',
      { contents: [{ parts: [{ text: `my key ${SECRET}` }] }] },
      { door: 'google' },
    ],
    ['count_tokens', MESSAGES_COUNT_TOKENS_PATH, { ...prompt(`my key ${SECRET}`) }, { door: 'anthropic' }],
  ];

  test('a blocked secret is refused with guardrail_violation, naming the rule, never the secret, and not billed', async () => {
    await setTeam(policy({ secret: 'block' }));
    for (const [name, path, body, { door }] of DOORS) {
      const headers: Record<string, string> =
        door === 'anthropic'
          ? { 'x-api-key': key, 'anthropic-version': '2023-06-01' }
          : door === 'google'
            ? { 'x-goog-api-key': key }
            : { authorization: `Bearer ${key}` };
      const res = await ctx.post(path, body, headers);
      const text = await res.text();
      assert.equal(res.status, 400, `${name}: ${text}`);
      assert.match(text, door ? /guardrail rule \\"secret\\"/ : /"code":"guardrail_violation"/, name);
      assert.ok(!text.includes(SECRET), name);
    }
    await ctx.app.gateway.settled();
    assert.equal(chatCalls(), 0);
    assert.equal(await billed(), 0);
  });

  test('redactions reach the provider as placeholders, are said in a header and logged as counts; flags answer', async () => {
    await setTeam(policy({ email: 'redact', card: 'redact', phone: 'flag' }));
    const res = await ctx.chat(key, prompt(`mail ${EMAIL} or ${EMAIL}, card ${CARD}, call +44 20 7946 0958`));
    assert.equal(res.status, 200, await res.text());
    assert.equal(res.headers.get('x-gateway-guardrails'), 'redacted=card:1,email:2; flagged=phone:1');
    const sent = JSON.stringify(ctx.upstream.requests[0].body);
    assert.ok(sent.includes('mail [EMAIL] or [EMAIL], card [CARD], call +44 20 7946 0958'), sent);
    await ctx.app.gateway.settled();
    const [row] = await ctx.db.query<{ guardrails: string }>('SELECT guardrails FROM usage_events WHERE team_id = $1', [
      teamId,
    ]);
    assert.equal(row.guardrails, 'redacted=card:1,email:2;flagged=phone:1');
  });
});

describe('the response cache', () => {
  test('keys sharing their team’s answers share them only under one policy: a key with a weaker one never gets them', async () => {
    const keyOf = async (name: string) => {
      const res = await ctx.request('POST', '/v1/api-keys/', {
        as: owner,
        body: { name, cache_enabled: true, cache_scope: 'team' },
      });
      assert.equal(res.status, 201, res.text);
      return { secret: res.body.key as string, id: res.body.id as string };
    };
    await setTeam(policy({ email: 'redact' }));
    const [guarded, alsoGuarded, open] = [await keyOf('guarded'), await keyOf('also'), await keyOf('open')];
    const opened = await ctx.request('PUT', `/v1/api-keys/${open.id}/guardrails`, {
      as: owner,
      body: { detectors: { email: 'off', card: 'off' }, patterns: [] },
    });
    assert.equal(opened.status, 200, opened.text);
    ctx.upstream.handler = (request, res) =>
      sendJson(res, request.body.model as string, `Write to ${EMAIL}.`, { prompt_tokens: 5, completion_tokens: 5 });
    const ask = async (sentKey: string) => {
      const res = await ctx.chat(sentKey, prompt('where do I write?'));
      const body = (await res.json()) as { choices: { message: { content: string } }[] };
      // An answer is stored after it leaves: the next key asks once it is (the test raced the write, and lost it once).
      await ctx.app.gateway.settled();
      return [res.headers.get('x-gateway-cache-status'), body.choices[0].message.content];
    };
    assert.deepEqual(await ask(open.secret), ['miss', `Write to ${EMAIL}.`]);
    assert.deepEqual(await ask(guarded.secret), ['miss', 'Write to [EMAIL].']);
    assert.deepEqual(await ask(alsoGuarded.secret), ['hit', 'Write to [EMAIL].']);
  });
});

describe('the moderation check', () => {
  const moderated = (action: 'flag' | 'block', model = 'echo/moderation-1') =>
    ({ detectors: {}, patterns: [], moderation: { model, action } }) as GuardrailPolicy;
  const endpoints = async () =>
    (
      await ctx.db.query<{ endpoint: string }>(
        'SELECT endpoint FROM usage_events WHERE team_id = $1 ORDER BY created_at, endpoint',
        [teamId],
      )
    ).map((row) => row.endpoint);

  beforeEach(() => ctx.tier({ provider: 'echo', model: 'moderation-1', prompt: 20, completion: 0 }));

  test('blocks what the team’s moderation model flags, naming the model and categories; the check is billed, not the request', async () => {
    assert.equal((await setTeam(moderated('block'))).status, 200);
    const res = await ctx.chat(key, prompt('I will attack the castle'));
    const text = await res.text();
    assert.equal(res.status, 400, text);
    assert.match(text, /"code":"guardrail_violation"/);
    assert.match(
      text,
      /The guardrail rule \\"moderation\\" blocks the request: echo\/moderation-1 flagged it \(violence\)/,
    );
    assert.equal(chatCalls(), 0);
    await ctx.app.gateway.settled();
    assert.deepEqual(await endpoints(), ['moderations']);

    const fine = await ctx.chat(key, prompt('a quiet walk in the park'));
    assert.equal(fine.status, 200, await fine.text());
    await ctx.app.gateway.settled();
    assert.deepEqual(await endpoints(), ['moderations', 'moderations', 'chat.completions']);
  });

  test('flag answers and records it; a key’s null turns the team’s check off; embeddings are not moderated', async () => {
    await setTeam(moderated('flag'));
    const res = await ctx.chat(key, prompt('I hate mondays'));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-gateway-guardrails'), 'flagged=moderation:1');
    await ctx.tier({ provider: 'echo', model: 'embed-1', prompt: 20, completion: 0 });
    const embedded = await ctx.post(
      '/v1/embeddings',
      { model: 'echo/embed-1', input: 'I hate mondays' },
      { authorization: `Bearer ${key}` },
    );
    assert.equal(embedded.status, 200, await embedded.text());
    const [{ id }] = await ctx.db.query<{ id: string }>('SELECT id FROM api_keys WHERE team_id = $1', [teamId]);
    const off = await ctx.request('PUT', apiKeyGuardrailsPath(id), {
      as: owner,
      body: { detectors: {}, patterns: [], moderation: null },
    });
    assert.equal(off.status, 200, off.text);
    const unchecked = await ctx.chat(key, prompt('I hate mondays'));
    assert.equal(unchecked.headers.get('x-gateway-guardrails'), null);
    await ctx.app.gateway.settled();
    // One check: the first chat's. Not the embeddings', nor the chat's after the key turned it off.
    assert.deepEqual((await endpoints()).sort(), ['chat.completions', 'chat.completions', 'embeddings', 'moderations']);
  });

  test('a check that cannot run blocks with 503 guardrail_unavailable (never unchecked); the floor cannot set one', async () => {
    await setTeam(moderated('block', 'echo/not-priced'));
    const res = await ctx.chat(key, prompt('hello'));
    const text = await res.text();
    assert.equal(res.status, 503, text);
    assert.match(text, /"code":"guardrail_unavailable"/);
    assert.equal(chatCalls(), 0);
    await setTeam(moderated('flag', 'echo/not-priced'));
    const flagged = await ctx.chat(key, prompt('hello'));
    assert.equal(flagged.status, 200);
    assert.equal(flagged.headers.get('x-gateway-guardrails'), 'flagged=moderation_unchecked:1');

    const floor = await ctx.request('PUT', ADMIN_GUARDRAILS_PATH, { as: admin, body: moderated('block') });
    assert.equal(floor.status, 400);
    assert.match(floor.body.message, /The operator's floor cannot set a moderation check/);
  });
});
