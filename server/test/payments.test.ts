import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { balanceCents, derivedBalanceCents } from '../ledger/ledger';
import { createSandboxProvider } from '../payments/sandbox/provider';
import { reconcilePayments } from '../payments/reconcile';
import { refundPayment } from '../payments/applyEvents';
import { runSeed, seededRandom } from './seededRandom';
import { createTestContext, type TestContext, type TestUser } from './helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://gateway.example.com' });
});
after(() => ctx.close());

let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  outsider = await ctx.user('outsider');
  teamId = await ctx.team(owner, 'Acme');
  await ctx.join(member, teamId);
});

/** The link's 30 minutes are over, at the provider and on our side alike. */
const expire = (orderId: string) =>
  ctx.db.tx(async (q) => {
    await q.query(`UPDATE payments SET expires_at = now() - interval '1 minute' WHERE order_id = $1`, [orderId]);
    await q.query(`UPDATE sandbox_checkouts SET expires_at = now() - interval '1 minute' WHERE order_id = $1`, [
      orderId,
    ]);
  });
const statusOf = (orderId: string) =>
  ctx.request('GET', `/v1/teams/${teamId}/payments/${orderId}/status`, { as: owner }).then((res) => res.body.status);
const ledgerEntries = async () =>
  (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_ledger WHERE team_id = $1', [teamId]))[0].n;

const createLink = (amount_cents: unknown = 2_000, description?: string) =>
  ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, { as: member, body: { amount_cents, description } });

describe('payments', () => {
  test('create-link returns a pending payment with a sandbox checkout URL that expires in 30 minutes', async () => {
    const before = Date.now();
    const res = await createLink(2_000, 'Top-up for March');
    assert.equal(res.status, 201);
    assert.match(res.body.order_id, /^ord_[a-z0-9]{20}$/);
    assert.equal(res.body.payment_url, `https://gateway.example.com/v1/payments/sandbox/${res.body.order_id}`);
    assert.deepEqual(res.body.amount, { cents: 2_000, currency: 'USD' });
    assert.equal(res.body.status, 'pending');
    const minutes = (Date.parse(res.body.expires_at) - before) / 60_000;
    assert.ok(minutes > 29.9 && minutes < 30.1, String(minutes));
    const history = await ctx.request('GET', `/v1/teams/${teamId}/payments/history`, { as: owner });
    assert.equal(history.body.count, 1);
    assert.equal(history.body.payments[0].description, 'Top-up for March');
    assert.equal(history.body.payments[0].payment_url, res.body.payment_url);
  });

  for (const amount of [99, 100_000_001, 150.5, '1000', null]) {
    test(`400 for amount_cents ${JSON.stringify(amount)}`, async () => {
      const res = await createLink(amount);
      assert.equal(res.status, 400);
      assert.match(res.body.message, /^The amount must be from \$1\.00 to \$1,000,000\.00\.$/);
    });
  }

  test('403 for outsiders, 401 without session, 404 for unknown orders', async () => {
    assert.equal(
      (
        await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
          as: outsider,
          body: { amount_cents: 500 },
        })
      ).status,
      403,
    );
    assert.equal((await ctx.request('GET', `/v1/teams/${teamId}/payments/history`)).status, 401);
    assert.equal((await ctx.request('GET', `/v1/teams/${teamId}/payments/ord_nope/status`, { as: owner })).status, 404);
    assert.equal((await ctx.request('POST', `/v1/teams/${teamId}/payments/ord_nope/check`, { as: owner })).status, 404);
  });

  test('the checkout page shows amount, team and description with Pay and Decline', async () => {
    const link = await createLink(12_345, 'Quarterly <credits>');
    const page = await ctx.request('GET', `/v1/payments/sandbox/${link.body.order_id}`);
    assert.equal(page.status, 200);
    assert.match(page.text, /<html lang="en">/);
    assert.match(page.text, /\$123\.45/);
    assert.match(page.text, /Acme/);
    assert.match(page.text, /Quarterly &lt;credits&gt;/);
    assert.match(page.text, /id="pay"/);
    assert.match(page.text, /id="decline"/);
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal((await ctx.request('GET', '/v1/payments/sandbox/ord_missing')).status, 404);
  });

  test('Pay completes the payment and credits the team; check then reports no change', async () => {
    const link = await createLink(2_000);
    const pay = await ctx.request('POST', `/v1/payments/sandbox/${link.body.order_id}/pay`);
    assert.deepEqual(pay.body, { order_id: link.body.order_id, status: 'completed' });
    const status = await ctx.request('GET', `/v1/teams/${teamId}/payments/${link.body.order_id}/status`, { as: owner });
    assert.deepEqual(status.body, {
      order_id: link.body.order_id,
      status: 'completed',
      failure_reason: null,
      amount: { cents: 2_000, currency: 'USD' },
    });
    const check = await ctx.request('POST', `/v1/teams/${teamId}/payments/${link.body.order_id}/check`, { as: owner });
    assert.deepEqual(check.body, { updated: false, status: 'completed' });
    assert.equal(await balanceCents(ctx.db, teamId), 2_000);
    const history = await ctx.request('GET', `/v1/teams/${teamId}/credits/history`, { as: owner });
    assert.equal(history.body.entries[0].type, 'topup');
    assert.equal(history.body.entries[0].amount, 20);
    const activity = await ctx.request('GET', '/v1/dashboard/activity', { as: owner });
    assert.equal(activity.body.activities[0].type, 'payment_completed');
  });

  test('concurrent Pay and check calls credit the team exactly once', async () => {
    const link = await createLink(5_000);
    const order = link.body.order_id;
    const calls = [
      ctx.request('POST', `/v1/payments/sandbox/${order}/pay`),
      ...Array.from({ length: 10 }, () =>
        ctx.request('POST', `/v1/teams/${teamId}/payments/${order}/check`, { as: owner }),
      ),
      ctx.request('POST', `/v1/payments/sandbox/${order}/pay`),
    ];
    await calls[0];
    const more = Array.from({ length: 10 }, () =>
      ctx.request('POST', `/v1/teams/${teamId}/payments/${order}/check`, { as: member }),
    );
    const results = await Promise.all([...calls, ...more]);
    assert.ok(results.every((res) => res.status === 200));
    const [{ entries }] = await ctx.db.query<{ entries: number }>(
      'SELECT count(*) AS entries FROM credit_ledger WHERE team_id = $1',
      [teamId],
    );
    assert.equal(entries, 1);
    assert.equal(await balanceCents(ctx.db, teamId), 5_000);
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 5_000);
  });

  test('Decline fails the payment with a reason and no credit', async () => {
    const link = await createLink();
    const decline = await ctx.request('POST', `/v1/payments/sandbox/${link.body.order_id}/decline`);
    assert.equal(decline.body.status, 'failed');
    const status = await ctx.request('GET', `/v1/teams/${teamId}/payments/${link.body.order_id}/status`, { as: owner });
    assert.equal(status.body.status, 'failed');
    assert.equal(status.body.failure_reason, 'Payment declined by the payer');
    const history = await ctx.request('GET', `/v1/teams/${teamId}/payments/history`, { as: owner });
    assert.ok(history.body.payments[0].failed_at);
    assert.equal((await ctx.request('POST', `/v1/payments/sandbox/${link.body.order_id}/pay`)).body.status, 'failed');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test('check applies what the provider says and reports updated', async () => {
    const link = await createLink();
    await ctx.db.query(`UPDATE sandbox_checkouts SET status = 'completed' WHERE order_id = $1`, [link.body.order_id]);
    const check = await ctx.request('POST', `/v1/teams/${teamId}/payments/${link.body.order_id}/check`, { as: owner });
    assert.deepEqual(check.body, { updated: true, status: 'completed' });
    assert.equal(await balanceCents(ctx.db, teamId), 2_000);
  });

  test('a pending payment past its expiry reads as expired and can no longer be paid', async () => {
    const link = await createLink();
    await expire(link.body.order_id);
    const pay = await ctx.request('POST', `/v1/payments/sandbox/${link.body.order_id}/pay`);
    assert.equal(pay.status, 410);
    const page = await ctx.request('GET', `/v1/payments/sandbox/${link.body.order_id}`);
    assert.match(page.text, /expired/);
    const check = await ctx.request('POST', `/v1/teams/${teamId}/payments/${link.body.order_id}/check`, { as: owner });
    assert.deepEqual(check.body, { updated: true, status: 'expired' });
    const second = await createLink();
    await expire(second.body.order_id);
    const status = await ctx.request('GET', `/v1/teams/${teamId}/payments/${second.body.order_id}/status`, {
      as: owner,
    });
    assert.equal(status.body.status, 'expired');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test('the provider is told the expiry: a link read as expired refuses payment, so no money is taken', async () => {
    const order = (await createLink()).body.order_id;
    await expire(order);
    assert.equal(await statusOf(order), 'expired');
    const pay = await ctx.request('POST', `/v1/payments/sandbox/${order}/pay`);
    assert.equal(pay.status, 410);
    assert.equal(pay.body.message, 'This payment link has expired');
    const [checkout] = await ctx.db.query<{ status: string }>(
      'SELECT status FROM sandbox_checkouts WHERE order_id = $1',
      [order],
    );
    assert.equal(checkout.status, 'pending');
    assert.equal(await ledgerEntries(), 0);
    const [stored] = await ctx.db.query<{ expires_at: Date; provider_expiry: Date }>(
      `SELECT p.expires_at, s.expires_at AS provider_expiry FROM payments p JOIN sandbox_checkouts s USING (order_id)`,
    );
    assert.equal(stored.expires_at.getTime(), stored.provider_expiry.getTime());
  });

  test('paid at the provider, report lost, then read as expired: check credits it, once', async () => {
    const order = (await createLink(4_200)).body.order_id;
    const provider = createSandboxProvider(ctx.db);
    assert.equal(await provider.decide(order, 'completed'), 'recorded');
    await expire(order);
    assert.equal(await statusOf(order), 'expired');
    const check = await ctx.request('POST', `/v1/teams/${teamId}/payments/${order}/check`, { as: owner });
    assert.deepEqual(check.body, { updated: true, status: 'completed' });
    const again = await ctx.request('POST', `/v1/teams/${teamId}/payments/${order}/check`, { as: owner });
    assert.deepEqual(again.body, { updated: false, status: 'completed' });
    assert.equal(await ledgerEntries(), 1);
    assert.equal(await balanceCents(ctx.db, teamId), 4_200);
  });

  test('the reconciler credits every payment the provider took, exactly once, even run on several instances', async () => {
    const provider = createSandboxProvider(ctx.db);
    const paidPending = (await createLink(1_000)).body.order_id;
    const paidExpired = (await createLink(2_000)).body.order_id;
    const declined = (await createLink(4_000)).body.order_id;
    const untouched = (await createLink(8_000)).body.order_id;
    await provider.decide(paidPending, 'completed');
    await provider.decide(paidExpired, 'completed');
    await provider.decide(declined, 'failed');
    await expire(paidExpired);
    assert.equal(await statusOf(paidExpired), 'expired');
    const moved = await Promise.all(
      Array.from({ length: 5 }, () => reconcilePayments(ctx.db, provider, ctx.config.operator)),
    );
    assert.equal(
      moved.reduce((sum, n) => sum + n, 0),
      3,
    );
    assert.equal(await statusOf(paidPending), 'completed');
    assert.equal(await statusOf(paidExpired), 'completed');
    assert.equal(await statusOf(declined), 'failed');
    assert.equal(await statusOf(untouched), 'pending');
    assert.equal(await ledgerEntries(), 2);
    assert.equal(await balanceCents(ctx.db, teamId), 3_000);
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 3_000);
  });

  test('property: whatever the interleaving of clicks, expiries, reads, checks and reconciles, money taken is credited once', async () => {
    const seed = runSeed();
    const random = seededRandom(seed);
    const provider = createSandboxProvider(ctx.db);
    const orders: string[] = [];
    for (let i = 0; i < 6; i++) orders.push((await createLink(100 * (i + 1))).body.order_id);
    const steps = [
      (order: string) => ctx.request('POST', `/v1/payments/sandbox/${order}/pay`),
      (order: string) => ctx.request('POST', `/v1/payments/sandbox/${order}/decline`),
      (order: string) => expire(order),
      (order: string) => statusOf(order),
      (order: string) => ctx.request('POST', `/v1/teams/${teamId}/payments/${order}/check`, { as: owner }),
      () => reconcilePayments(ctx.db, provider, ctx.config.operator),
      (order: string) => provider.decide(order, 'completed'),
    ];
    await Promise.all(
      Array.from({ length: 60 }, async () => {
        const order = random.pick(orders);
        await random.pick(steps)(order);
      }),
    );
    await reconcilePayments(ctx.db, provider, ctx.config.operator);
    const rows = await ctx.db.query<{ paid: boolean; status: string; credits: number }>(
      `SELECT s.status = 'completed' AS paid, p.status,
              (SELECT count(*)::int FROM credit_ledger l WHERE l.payment_id = p.id) AS credits
       FROM payments p JOIN sandbox_checkouts s USING (order_id)`,
    );
    for (const row of rows) {
      assert.equal(row.credits, row.paid ? 1 : 0, `seed ${seed}: ${JSON.stringify(row)}`);
      assert.equal(row.status === 'completed', row.paid, `seed ${seed}: ${JSON.stringify(row)}`);
    }
    assert.equal(await balanceCents(ctx.db, teamId), await derivedBalanceCents(ctx.db, teamId));
  });

  test('a completed payment can be refunded once, reversing the credit', async () => {
    const link = await createLink(3_000);
    await ctx.request('POST', `/v1/payments/sandbox/${link.body.order_id}/pay`);
    assert.equal(await refundPayment(ctx.db, link.body.order_id, ctx.config.operator, owner.id), true);
    assert.equal(await refundPayment(ctx.db, link.body.order_id, ctx.config.operator, owner.id), false);
    const status = await ctx.request('GET', `/v1/teams/${teamId}/payments/${link.body.order_id}/status`, { as: owner });
    assert.equal(status.body.status, 'refunded');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test("a team cannot read another team's payment", async () => {
    const link = await createLink();
    const otherTeam = await ctx.team(outsider);
    const res = await ctx.request('GET', `/v1/teams/${otherTeam}/payments/${link.body.order_id}/status`, {
      as: outsider,
    });
    assert.equal(res.status, 404);
  });
});
