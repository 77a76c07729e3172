import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { balanceCents } from '../ledger/ledger';
import { releaseExpiredReservations } from '../credit/release';
import { deleteEventsBefore } from '../usage/retention';
import { sendJson } from './fakeUpstream';
import { eventually, openTestDb, type TestUser } from './helpers';
import { allAtOnce, createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * Two instances of the server on one database (docs/server.md#several-instances): an edit made through one reaches
 * the other's caches at once, and the jobs every instance runs stay exact when they run at the same moment. On PGlite
 * both share the one Db; with TEST_DATABASE_URL each has its own pool and listening connection, as two processes do.
 */
let a: GatewayTestContext;
let b: GatewayTestContext;
before(async () => {
  const database = await openTestDb();
  a = await createGatewayContext({}, ['openai'], database);
  b = await createGatewayContext({}, ['openai'], database.another());
});
after(async () => {
  await b.close();
  await a.close();
});

let admin: TestUser;
let owner: TestUser;
let teamId: string;
let key: string;
beforeEach(async () => {
  await a.reset();
  await b.reset();
  admin = await a.user('admin');
  owner = await a.user('owner');
  teamId = await a.team(owner, 'Acme', 0);
  key = await a.key(owner);
});

const hello = (model: string) => ({ model, messages: [{ role: 'user', content: 'hello' }], max_tokens: 5 });

test('a model priced through one instance is callable through the other within a second', async () => {
  await a.topUp(teamId, 1_000);
  assert.equal(await b.app.gateway.catalog.route('echo/fresh-1'), null, 'B has loaded its tiers, without the model');
  const priced = await a.request('POST', '/v1/admin/pricing/tiers', {
    as: admin,
    body: {
      provider: 'echo',
      model: 'fresh-1',
      min_tokens: 0,
      prompt_cost_per_1m: 1,
      completion_cost_per_1m: 1,
    },
  });
  assert.equal(priced.status, 201, priced.text);
  // Well under the caches' 5 s timed reload: only the change notification can do it.
  await eventually('B routes the new model', async () => (await b.app.gateway.catalog.route('echo/fresh-1')) !== null);
  assert.equal((await b.chat(key, hello('echo/fresh-1'))).status, 200);
});

test('a route created, then deleted, through one instance is seen by the other within a second', async () => {
  await a.topUp(teamId, 1_000);
  await a.tier({ provider: 'echo', model: 'echo-1', prompt: 1, completion: 1 });
  assert.equal(
    await b.app.gateway.catalog.route('team/smart'),
    null,
    'B has loaded its routing table, without the route',
  );
  const created = await a.request('POST', '/v1/admin/routing/routes', { as: admin, body: { name: 'team/smart' } });
  assert.equal(created.status, 201, created.text);
  const deployment = await a.request('POST', `/v1/admin/routing/routes/${created.body.id}/deployments`, {
    as: admin,
    body: { provider: 'echo', model: 'echo-1' },
  });
  assert.equal(deployment.status, 201, deployment.text);
  await eventually('B routes team/smart', async () => (await b.app.gateway.catalog.route('team/smart')) !== null);
  assert.equal((await b.chat(key, hello('team/smart'))).status, 200);

  const deleted = await a.request('DELETE', `/v1/admin/routing/routes/${created.body.id}`, { as: admin });
  assert.equal(deleted.status, 200, deleted.text);
  await eventually('B forgets team/smart', async () => (await b.app.gateway.catalog.route('team/smart')) === null);
});

test(
  'after its listening connection drops, an instance reloads everything (notices sent meanwhile are lost)',
  { skip: !process.env.TEST_DATABASE_URL && 'PGlite has no connection to drop' },
  async () => {
    assert.equal(await b.app.gateway.catalog.route('echo/unannounced-1'), null);
    // Priced without a notice, as if it had been sent while B's connection was down.
    await a.db.query(
      `INSERT INTO pricing_tiers (provider, model, tier_name, tier_order, min_tokens, prompt_micros_per_1m,
         completion_micros_per_1m, effective_time)
       VALUES ('echo', 'unannounced-1', 'test', 1, 0, 1, 1, now() - interval '1 hour')`,
    );
    const [{ killed }] = await a.db.query<{ killed: number }>(
      `SELECT count(pg_terminate_backend(pid)) AS killed FROM pg_stat_activity
       WHERE query LIKE 'LISTEN "' || current_schema() || '.%'`,
    );
    assert.equal(killed, 2, "both instances' listening connections");
    await eventually(
      'B routes the model',
      async () => (await b.app.gateway.catalog.route('echo/unannounced-1')) !== null,
    );
  },
);

/** Every key, member and team holds exactly what its remaining reservations sum to. */
async function holdsAgreeWithReservations() {
  const wrong = await a.db.query(
    `SELECT 'key' AS kind, k.id::text, k.reserved_cents,
            (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_reservations r WHERE r.key_id = k.id) AS held
     FROM api_keys k
     UNION ALL
     SELECT 'member', m.user_id::text, m.reserved_cents,
            (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_reservations r
             WHERE r.team_id = m.team_id AND r.user_id = m.user_id)
     FROM team_members m
     UNION ALL
     SELECT 'team', t.id::text, t.reserved_cents,
            (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_reservations r WHERE r.team_id = t.id)
     FROM teams t`,
  );
  return wrong.filter((row) => row.reserved_cents !== row.held || (row.reserved_cents as number) < 0);
}

test('the reservation sweep and the retention pass run on both instances at once, many times, exactly', async () => {
  const member: TestUser = await a.user('member');
  await a.join(member, teamId);
  await a.key(member);
  const recent = 3;
  await a.db.query(
    `INSERT INTO usage_events (team_id, user_id, model, provider, created_at)
     SELECT $1, $2, 'gpt-4o', 'openai', now() - interval '1 day' FROM generate_series(1, $3)`,
    [teamId, owner.id, recent],
  );
  const cutoff = new Date(Date.now() - 30 * 86_400_000);

  for (let round = 1; round <= 15; round++) {
    // Holds of a crashed instance on both keys, three in four already expired, the others still running.
    const [{ expired }] = await a.db.query<{ expired: number }>(
      `WITH holds AS (
         INSERT INTO gateway_reservations (team_id, key_id, user_id, amount_cents, expires_at, instance_id)
         SELECT k.team_id, k.id, k.user_id, 1 + g % 5,
                now() + CASE WHEN g % 4 = 0 THEN interval '1 hour' ELSE interval '-1 second' END, 'crashed'
         FROM api_keys k CROSS JOIN generate_series(1, 8) g WHERE k.team_id = $1
         RETURNING expires_at)
       SELECT count(*) FILTER (WHERE expires_at < now()) AS expired FROM holds`,
      [teamId],
    );
    await a.db.exec(
      `UPDATE api_keys k SET reserved_cents = (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_reservations r
                                               WHERE r.key_id = k.id);
       UPDATE team_members m SET reserved_cents = (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_reservations r
                                                   WHERE r.team_id = m.team_id AND r.user_id = m.user_id);
       UPDATE teams t SET reserved_cents = (SELECT COALESCE(sum(amount_cents), 0) FROM gateway_reservations r
                                            WHERE r.team_id = t.id);`,
    );
    const old = 7;
    await a.db.query(
      `INSERT INTO usage_events (team_id, user_id, model, provider, created_at)
       SELECT $1, $2, 'gpt-4o', 'openai', now() - interval '400 days' FROM generate_series(1, $3)`,
      [teamId, owner.id, old],
    );

    const batches = { batchSize: 2, pauseMs: 0 };
    const [sweptA, sweptB, deletedA, deletedB] = await Promise.all([
      releaseExpiredReservations(a.db),
      releaseExpiredReservations(b.db),
      deleteEventsBefore(a.db, cutoff, batches),
      deleteEventsBefore(b.db, cutoff, batches),
    ]);
    assert.equal(sweptA + sweptB, expired, `round ${round}: each expired hold is given back once`);
    assert.deepEqual(await holdsAgreeWithReservations(), [], `round ${round}`);
    assert.equal(deletedA + deletedB, old, `round ${round}: each old event is deleted once`);
    const [{ left }] = await a.db.query<{ left: number }>('SELECT count(*) AS left FROM usage_events');
    assert.equal(left, recent, `round ${round}: the recent events stay`);
  }
  const [{ running }] = await a.db.query<{ running: number }>(
    `SELECT count(*) AS running FROM gateway_reservations WHERE expires_at > now()`,
  );
  assert.equal(running, 15 * 2 * 2, 'the holds still running are all kept');
});

test('concurrent requests through both instances never overdraw the team', async () => {
  // A completion token costs exactly 1 cent: with max_tokens 7 a request's worst case is 7 cents, and the providers
  // below make every admitted request cost exactly that (as in gatewayConcurrency.test.ts).
  await a.tier({ provider: 'openai', model: 'metered', prompt: 0, completion: 10_000 });
  await b.app.gateway.changed('pricing');
  await a.topUp(teamId, 100);
  const WORST = 7;
  const body = { model: 'openai/metered', messages: [{ role: 'user', content: 'go' }], max_tokens: WORST };
  let sent = 0;
  const { admitted, results } = await allAtOnce(
    [a, b],
    100,
    () => (sent++ % 2 === 0 ? a : b).chat(key, body),
    (request, res) => sendJson(res, request.body.model, 'ok', { prompt_tokens: 12, completion_tokens: WORST }),
  );

  // Admitted only while the whole worst case fits: floor(100 / 7) = 14 requests, wherever they came in.
  assert.equal(admitted, 14);
  assert.equal(results.filter((r) => r.status === 200).length, 14);
  assert.ok(results.every((r) => r.status === 200 || r.body.error.code === 'insufficient_credits'));
  const balance = await balanceCents(a.db, teamId);
  assert.equal(balance, 100 - 14 * WORST);
  assert.ok(balance >= 0, `overdrawn by ${-balance} cents`);
  assert.deepEqual(await holdsAgreeWithReservations(), []);
});
