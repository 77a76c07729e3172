import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { balanceCents, derivedBalanceCents } from '../ledger/ledger';
import { heartbeat, releaseSilentInstances } from '../credit/leases';
import { recordUsageBatch } from '../credit/writeBills';
import { sendJson } from './fakeUpstream';
import { eventually, openTestDb, type TestDb, type TestUser } from './helpers';
import { noJournal } from '../credit/journal';
import type { Db } from '../db/types';
import { allAtOnce, createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * Admission against credit leases (docs/deploy.md#credit-leases), on two instances of one database: no statement on
 * the admission path while a lease lasts, bills exact, no overdraw of any room (and less than one worst case per
 * instance left unused), a revoked key or a disabled user's keys refused everywhere at once, and leases given back on close and when an
 * instance goes silent.
 */
let a: GatewayTestContext;
let b: GatewayTestContext;
let database: TestDb;
before(async () => {
  database = await openTestDb();
  a = await createGatewayContext({ GATEWAY_ADMISSION: 'lease', INSTANCE_ID: 'lease-a' }, ['openai'], database);
  b = await createGatewayContext(
    { GATEWAY_ADMISSION: 'lease', INSTANCE_ID: 'lease-b' },
    ['openai'],
    database.another(),
  );
});
after(async () => {
  await b.close();
  await a.close();
});

let owner: TestUser;
let teamId: string;
let key: string;
/** A completion token costs exactly 1 cent: max_tokens is the worst case in cents, and the bill of a full answer. */
const WORST = 7;
const body = (maxTokens = WORST) => ({
  model: 'openai/metered',
  messages: [{ role: 'user', content: 'go' }],
  max_tokens: maxTokens,
});
const fullAnswer = (request: { body: { model: string; max_tokens: number } }, res: Parameters<typeof sendJson>[0]) =>
  sendJson(res, request.body.model, 'ok', { prompt_tokens: 3, completion_tokens: request.body.max_tokens });

beforeEach(async () => {
  await Promise.all([a.app.gateway.forgetLeases(), b.app.gateway.forgetLeases()]);
  await a.reset();
  await b.reset();
  owner = await a.user('owner');
  teamId = await a.team(owner, 'Acme', 0);
  key = await a.key(owner);
  await a.tier({ provider: 'openai', model: 'metered', prompt: 0, completion: 10_000 });
  await b.app.gateway.changed('pricing');
  a.upstream.handler = fullAnswer;
  b.upstream.handler = fullAnswer;
});

async function holds() {
  const [row] = await a.db.query<{ team: number; key: number; member: number; leases: number }>(
    `SELECT (SELECT reserved_cents FROM teams WHERE id = $1) AS team,
            (SELECT sum(reserved_cents) FROM api_keys WHERE team_id = $1) AS key,
            (SELECT sum(reserved_cents) FROM team_members WHERE team_id = $1) AS member,
            (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_leases WHERE team_id = $1) AS leases`,
    [teamId],
  );
  return row;
}

/** Counts the admission statements the gateway sends while `run` runs. */
async function admissionStatements(run: () => Promise<void>) {
  let count = 0;
  const query = a.db.query.bind(a.db);
  a.db.query = ((sql: string, ...rest: unknown[]) => {
    if (/gateway_(lease|admit)\(/.test(sql)) count++;
    return (query as (...args: unknown[]) => Promise<unknown[]>)(sql, ...rest);
  }) as typeof a.db.query;
  try {
    await run();
  } finally {
    a.db.query = query;
  }
  return count;
}

test('after the first request takes a lease, requests are admitted with no statement, and billed exactly', async () => {
  await a.topUp(teamId, 10_000);
  const first = await a.chat(key, body());
  assert.equal(first.status, 200);
  const [lease] = a.app.gateway.credit.leases();
  assert.ok(lease && lease.grantedCents > 0, 'a lease is held');

  const statements = await admissionStatements(async () => {
    for (let i = 0; i < 20; i++) assert.equal((await a.chat(key, body())).status, 200);
  });
  assert.equal(statements, 0, 'no admission statement while the lease lasts');
  await a.app.gateway.settled();
  assert.equal(await balanceCents(a.db, teamId), 10_000 - 21 * WORST);
  assert.equal(await derivedBalanceCents(a.db, teamId), 10_000 - 21 * WORST);

  // What the lease holds is on the team, the key and the member until it is given back; then nothing is held.
  const held = await holds();
  assert.equal(held.team, held.leases);
  assert.equal(held.key, held.leases);
  assert.equal(held.member, held.leases);
  await a.app.gateway.forgetLeases();
  await a.app.gateway.settled();
  assert.deepEqual(await holds(), { team: 0, key: 0, member: 0, leases: 0 });
});

test('$1.00 and 200 concurrent requests over two instances never overdraw it', async () => {
  await a.topUp(teamId, 100);
  let turn = 0;
  const { admitted, results } = await allAtOnce(
    [a, b],
    200,
    () => (turn++ % 2 === 0 ? a : b).chat(key, body()),
    fullAnswer,
  );
  assert.ok(
    results.every((r) => r.status === 200 || (r.status === 402 && r.body.error.code === 'insufficient_credits')),
  );
  const balance = await balanceCents(a.db, teamId);
  assert.equal(balance, 100 - admitted * WORST, 'every admitted request billed its worst case, once');
  assert.ok(balance >= 0, `overdrawn by ${-balance} cents`);
  // Each instance refused only when what it held and what was left together had less than a worst case.
  assert.ok(balance < 2 * WORST, `${balance} cents left unused: more than a worst case on each of 2 instances`);
  await Promise.all([a.app.gateway.forgetLeases(), b.app.gateway.forgetLeases()]);
  await Promise.all([a.app.gateway.settled(), b.app.gateway.settled()]);
  assert.deepEqual(await holds(), { team: 0, key: 0, member: 0, leases: 0 });
  assert.equal(await derivedBalanceCents(a.db, teamId), balance);
});

test("a key's spending limit is never passed over two instances", async () => {
  await a.topUp(teamId, 10_000);
  const limited = await a.request('POST', '/v1/api-keys/', {
    as: owner,
    body: { name: 'limited', spend_limit_cents: 50, limit_period: 'none' },
  });
  const limitedKey = limited.body.key as string;
  let turn = 0;
  const { admitted } = await allAtOnce(
    [a, b],
    60,
    () => (turn++ % 2 === 0 ? a : b).chat(limitedKey, body()),
    fullAnswer,
  );
  const spent = admitted * WORST;
  assert.ok(spent <= 50 && spent > 50 - 2 * WORST, `spent ${spent} cents against a 50-cent limit`);
  const refused = await a.chat(limitedKey, body());
  assert.equal(refused.status, 429);
  assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'key_budget_exceeded');
});

test("a member's cap is never passed over both their keys and two instances; lowering it holds at once", async () => {
  await a.topUp(teamId, 10_000);
  const member = await a.user('member');
  await a.join(member, teamId);
  const setCap = (cents: number) =>
    a.request('PATCH', `/v1/teams/members/${member.id}/cap`, { as: owner, body: { monthly_cap_cents: cents } });
  assert.equal((await setCap(1_000)).status, 200);
  const keys = [await a.key(member, 'one'), await a.key(member, 'two')];
  // Both instances hold leases for the member's first key under the high cap.
  assert.equal((await a.chat(keys[0], body())).status, 200);
  assert.equal((await b.chat(keys[0], body())).status, 200);
  await Promise.all([a.app.gateway.settled(), b.app.gateway.settled()]);

  // Lowered to what is spent plus 30 cents: the leases are taken again under the new cap, on both instances.
  assert.equal((await setCap(2 * WORST + 30)).status, 200);
  let turn = 0;
  const { admitted } = await allAtOnce(
    [a, b],
    40,
    () => {
      turn++;
      return (turn % 2 ? a : b).chat(keys[turn % 4 < 2 ? 0 : 1], body());
    },
    fullAnswer,
  );
  const spent = admitted * WORST;
  assert.ok(spent <= 30 && spent > 30 - 2 * WORST, `spent ${spent} cents against 30 cents left of the cap`);
  const refused = await b.chat(keys[1], body());
  assert.equal(refused.status, 429);
  assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'member_budget_exceeded');
});

/**
 * A member capped at $10.00 with a key, and two more instances beating every 200 ms (trusting their leases for 600 ms
 * after an up-to-date beat), started after that change: one that hears changes, and one whose notices never arrive
 * and whose heartbeat fails while `beating` is false.
 */
async function deafInstance() {
  await a.topUp(teamId, 10_000);
  const member = await a.user('member');
  await a.join(member, teamId);
  const setCap = (ctx: GatewayTestContext, cents: number) =>
    ctx.request('PATCH', `/v1/teams/members/${member.id}/cap`, { as: owner, body: { monthly_cap_cents: cents } });
  assert.equal((await setCap(a, 1_000)).status, 200);
  const memberKey = await a.key(member, 'deaf');
  const heartbeatMs = 200;
  const start = (id: string, testDb: TestDb) =>
    createGatewayContext({ GATEWAY_ADMISSION: 'lease', INSTANCE_ID: id }, ['openai'], testDb, undefined, {
      instanceId: id,
      journal: noJournal,
      heartbeatMs,
    });
  const control = { beating: true };
  const deafDb = database.another();
  const inner = deafDb.db;
  const deaf = await start('lease-deaf', {
    ...deafDb,
    db: Object.assign(Object.create(inner) as Db, {
      listen: async () => async () => undefined,
      query: ((sql, params, options) =>
        !control.beating && options?.name === 'gateway_heartbeat'
          ? Promise.reject(new Error('this instance cannot reach the database'))
          : inner.query(sql, params, options)) as Db['query'],
    }),
  });
  const hearing = await start('lease-hearing', database.another());
  const close = async () => {
    await hearing.close();
    await deaf.close();
  };
  deaf.upstream.handler = fullAnswer;
  // The deaf instance takes a lease under the $10.00 cap: a quarter of it, far more than 30 cents. It admits from a
  // lease only within 600 ms of an up-to-date beat's start; on a busy machine a beat may come late and the request is
  // admitted by its own statement instead (exact, and no lease), so it asks again, up to five times.
  let admitted = 0;
  try {
    for (let attempt = 0; attempt < 5 && deaf.app.gateway.credit.leases().length === 0; attempt++) {
      assert.equal((await deaf.chat(memberKey, body())).status, 200);
      admitted++;
      await deaf.app.gateway.settled();
    }
    const [lease] = deaf.app.gateway.credit.leases();
    assert.ok(lease && lease.grantedCents > 30, 'the deaf instance holds a lease of more than 30 cents');
  } catch (error) {
    // Instances left running would beat on under the same ids and spoil the tests after this one.
    await close();
    throw error;
  }
  /** What the deaf instance admits of 10 requests, in cents; each refusal is the member's cap. */
  const deafSpends = async () => {
    let spent = 0;
    for (let i = 0; i < 10; i++) {
      const response = await deaf.chat(memberKey, body());
      if (response.status === 200) spent += WORST;
      else assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'member_budget_exceeded');
    }
    return spent;
  };
  return {
    control,
    deafSpends,
    // 30 cents left of the cap after what the member spent above (each request billed its worst case, fullAnswer).
    lowerCap: () => setCap(hearing, admitted * WORST + 30),
    close,
  };
}

test('an instance that hears no spending change drops its leases at its next heartbeat, before the change is answered', async () => {
  const deaf = await deafInstance();
  try {
    assert.equal((await deaf.lowerCap()).status, 200);
    const [row] = await a.db.query<{ behind: boolean }>(
      `SELECT keys_seen < (SELECT last_value FROM gateway_key_changes) AS behind FROM gateway_instances
       WHERE id = 'lease-deaf'`,
    );
    assert.equal(row.behind, false, 'the deaf instance acknowledged the change before its reply');
    const spent = await deaf.deafSpends();
    assert.ok(spent <= 30 && spent > 30 - WORST, `the deaf instance spent ${spent} cents against 30 cents left`);
  } finally {
    await deaf.close();
  }
});

test('an instance that can say nothing stops admitting from its leases within three beats; the change waits so long', async () => {
  const deaf = await deafInstance();
  try {
    deaf.control.beating = false;
    assert.equal((await deaf.lowerCap()).status, 200);
    // What its lease still holds stays held until it is given back, so it may refuse early; it never admits past.
    const spent = await deaf.deafSpends();
    assert.ok(spent <= 30, `the silent instance spent ${spent} cents against 30 cents left`);
  } finally {
    deaf.control.beating = true;
    await deaf.close();
  }
});

test('a revoked key is refused on every instance at once, though both held a lease for it', async () => {
  await a.topUp(teamId, 10_000);
  assert.equal((await a.chat(key, body())).status, 200);
  assert.equal((await b.chat(key, body())).status, 200);
  const [{ id }] = await a.db.query<{ id: string }>('SELECT id FROM api_keys WHERE team_id = $1', [teamId]);
  assert.equal((await a.request('DELETE', `/v1/api-keys/${id}`, { as: owner })).status, 200);
  assert.equal((await a.chat(key, body())).status, 401, 'refused on the instance that revoked it');
  await eventually('refused on the other instance', async () => (await b.chat(key, body())).status === 401);
  await Promise.all([a.app.gateway.settled(), b.app.gateway.settled()]);
  await eventually('leases given back', async () => (await holds()).team === 0);
});

test("a disabled user's keys are refused on every instance within a second, though both held a lease", async () => {
  const admin = await a.user('admin');
  await a.topUp(teamId, 10_000);
  assert.equal((await a.chat(key, body())).status, 200);
  assert.equal((await b.chat(key, body())).status, 200);
  const disabled = await a.request('PATCH', `/v1/admin/users/${owner.id}`, { as: admin, body: { disabled: true } });
  assert.equal(disabled.status, 200, disabled.text);
  assert.equal((await a.chat(key, body())).status, 401, 'refused on the instance that disabled the user');
  await eventually('refused on the other instance', async () => (await b.chat(key, body())).status === 401);
  const enabled = await a.request('PATCH', `/v1/admin/users/${owner.id}`, { as: admin, body: { disabled: false } });
  assert.equal(enabled.status, 200, enabled.text);
  await eventually('served again on the other instance', async () => (await b.chat(key, body())).status === 200);
  await Promise.all([a.app.gateway.settled(), b.app.gateway.settled()]);
});

test('a key with a per-minute limit is admitted by its own statement: exactly its limit', async () => {
  await a.topUp(teamId, 10_000);
  const limited = await a.request('POST', '/v1/api-keys/', { as: owner, body: { name: 'rpm', rpm_limit: 5 } });
  const rpmKey = limited.body.key as string;
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await (i % 2 ? a : b).chat(rpmKey, body(1))).status);
  // A minute boundary between two calls would admit more: 5 in one minute is what the statement guarantees.
  assert.ok(statuses.filter((s) => s === 200).length >= 5);
  assert.ok(statuses.slice(0, 5).every((s) => s === 200));
  assert.ok(statuses.includes(429));
});

test('a bill written twice (a journal replayed) takes its cost out of its lease once', async () => {
  await a.topUp(teamId, 10_000);
  assert.equal((await a.chat(key, body())).status, 200);
  await a.app.gateway.settled();
  const [event] = await a.db.query<{ request_id: number }>('SELECT request_id FROM usage_events WHERE team_id = $1', [
    teamId,
  ]);
  const [lease] = await a.db.query<{ id: number; amount_cents: number }>(
    'SELECT id, amount_cents FROM gateway_leases WHERE team_id = $1',
    [teamId],
  );
  const [owner_] = await a.db.query<{ user_id: string; id: string }>(
    'SELECT user_id, id FROM api_keys WHERE team_id = $1',
    [teamId],
  );
  await recordUsageBatch(a.db, [
    {
      teamId,
      userId: owner_.user_id,
      apiKeyId: owner_.id,
      model: 'metered',
      provider: 'openai',
      promptTokens: 3,
      completionTokens: WORST,
      costCents: WORST,
      latencyMs: 1,
      leaseId: lease.id,
      requestId: event.request_id,
    },
  ]);
  const [after_] = await a.db.query<{ amount_cents: number }>('SELECT amount_cents FROM gateway_leases WHERE id = $1', [
    lease.id,
  ]);
  assert.equal(after_.amount_cents, lease.amount_cents);
  assert.equal(await balanceCents(a.db, teamId), 10_000 - WORST);
});

test('the holds and leases of an instance silent for 30 s are given back by a live one; it then forgets them', async () => {
  await a.topUp(teamId, 10_000);
  // An instance of its own whose timer never beats during the test: a's or b's 5 s beat could otherwise refresh it
  // between the test's steps, or its own beat could be the one that learns it was released.
  const silent = await createGatewayContext(
    { GATEWAY_ADMISSION: 'lease', INSTANCE_ID: 'lease-silent' },
    ['openai'],
    database.another(),
    undefined,
    { instanceId: 'lease-silent', journal: noJournal, heartbeatMs: 3_600_000 },
  );
  try {
    silent.upstream.handler = fullAnswer;
    assert.equal((await silent.chat(key, body())).status, 200);
    await silent.app.gateway.settled();
    assert.ok((await holds()).team > 0);
    await silent.db.query(
      `UPDATE gateway_instances SET seen_at = now() - interval '31 seconds' WHERE id = 'lease-silent'`,
    );
    // b's own beat may release it first (that is the mechanism too): what counts is that it is released.
    await releaseSilentInstances(b.db, 30);
    assert.deepEqual(await holds(), { team: 0, key: 0, member: 0, leases: 0 });
    const [known] = await b.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM gateway_instances WHERE id = 'lease-silent'`,
    );
    assert.equal(known.n, 0, 'the released instance is forgotten');
    // Its next beat finds itself unknown: it must take new leases rather than spend from the released ones.
    assert.equal((await heartbeat(silent.db, 'lease-silent', 60)).unknown, true);
    assert.equal((await heartbeat(silent.db, 'lease-silent', 60)).unknown, false);
  } finally {
    await silent.close();
  }
});

test('a free model (every price 0) is answered from a lease, and a team with no credit left is still refused', async () => {
  // Its worst case is 0 cents: a lease asked for a slice of nothing was granted nothing, and the request asked again
  // for ever (the free MCP tool's case too: mcpGateway.test.ts).
  await a.tier({ provider: 'openai', model: 'free', prompt: 0, completion: 0 });
  await b.app.gateway.changed('pricing');
  const free = { ...body(), model: 'openai/free' };
  await a.topUp(teamId, 100);
  for (let i = 0; i < 3; i++) assert.equal((await a.chat(key, free)).status, 200);
  await a.app.gateway.settled();
  assert.equal(await balanceCents(a.db, teamId), 100);

  // A room with nothing left refuses even a request that costs nothing, as the statement does.
  const broke = await a.user('broke');
  await a.team(broke, 'Broke', 0);
  assert.equal((await b.chat(await a.key(broke), free)).status, 402);
});
