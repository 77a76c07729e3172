import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { balanceCents, derivedBalanceCents } from '../ledger/ledger';
import { releaseExpiredReservations } from '../credit/release';
import { sendJson } from './fakeUpstream';
import type { TestUser } from './helpers';
import { allAtOnce, createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme', 0);
  key = await ctx.key(owner);
});

async function reservations() {
  const [row] = await ctx.db.query<{ reserved: number; held: number }>(
    `SELECT (SELECT reserved_cents FROM teams WHERE id = $1) AS reserved, (SELECT count(*) FROM gateway_reservations) AS held`,
    [teamId],
  );
  return row;
}

test('100 concurrent requests against $1.00 never overdraw it', { timeout: 30_000 }, async () => {
  // Prompt tokens are free and a completion token costs exactly 1 cent, so with max_tokens 7 a request's worst case
  // is 7 cents, and the provider below makes every admitted request cost exactly that.
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 0, completion: 10_000 });
  await ctx.topUp(teamId, 100);
  const TOTAL = 100;
  const WORST = 7;

  const body = { model: 'openai/metered', messages: [{ role: 'user', content: 'go' }], max_tokens: WORST };
  const { admitted, results } = await allAtOnce(
    ctx,
    TOTAL,
    () => ctx.chat(key, body),
    (request, res) => sendJson(res, request.body.model, 'ok', { prompt_tokens: 12, completion_tokens: WORST }),
  );

  // Admitted only while the whole worst case fits: floor(100 / 7) = 14 requests.
  assert.equal(admitted, 14);
  assert.equal(results.filter((r) => r.status === 200).length, 14);
  const refusals = results.filter((r) => r.status !== 200);
  assert.equal(refusals.length, 86);
  assert.ok(refusals.every((r) => r.status === 402 && r.body.error.code === 'insufficient_credits'));

  const balance = await balanceCents(ctx.db, teamId);
  assert.equal(balance, 100 - 14 * WORST);
  assert.ok(balance >= 0, `overdrawn by ${-balance} cents`);
  assert.equal(await derivedBalanceCents(ctx.db, teamId), balance);
  assert.deepEqual(await reservations(), { reserved: 0, held: 0 });
  const [{ count }] = await ctx.db.query<{ count: number }>(
    `SELECT count(*) FROM usage_events WHERE status = 'success'`,
  );
  assert.equal(count, 14);
});

test('an upstream failure releases its reservation; a crashed instance’s holds expire', async () => {
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10 });
  await ctx.topUp(teamId, 1_000);
  ctx.upstream.handler = (_request, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"boom","type":"server_error"}}');
  };
  const res = await ctx.chat(key, { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
  assert.equal(res.status, 502);
  await ctx.app.gateway.settled();
  assert.deepEqual(await reservations(), { reserved: 0, held: 0 });
  assert.equal(await balanceCents(ctx.db, teamId), 1_000);

  // What an instance that died mid-request leaves behind: a hold and its row. The sweep gives back expired ones only.
  await ctx.db.query('UPDATE teams SET reserved_cents = 70 WHERE id = $1', [teamId]);
  await ctx.db.query(
    `INSERT INTO gateway_reservations (team_id, amount_cents, expires_at)
     VALUES ($1, 30, now() - interval '1 second'), ($1, 40, now() + interval '1 hour')`,
    [teamId],
  );
  assert.equal(await releaseExpiredReservations(ctx.db), 1);
  assert.deepEqual(await reservations(), { reserved: 40, held: 1 });
});
