import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createPaymentProvider } from '../payments';
import { reconcilePayments } from '../payments/reconcile';
import { STRIPE_LINK_MINUTES } from '../payments/stripe/provider';
import { balanceCents, derivedBalanceCents } from '../ledger/ledger';
import { recordUsage } from '../credit/writeBills';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import type { TestUser } from './helpers';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startStripeFake, type FakeSession, type StripeFake } from './stripeFake';

let stripe: StripeFake;
let ctx: GatewayTestContext;
before(async () => {
  stripe = await startStripeFake();
  ctx = await createGatewayContext({
    PUBLIC_URL: 'https://gateway.example.com',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
after(async () => {
  await ctx.close();
  await stripe.close();
});

let owner: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  await ctx.db.exec('TRUNCATE payment_events');
  stripe.sessions.clear();
  stripe.calls.length = 0;
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme');
});

/** A payment link: its order and the Checkout Session behind it. */
async function checkout(cents = 5_000): Promise<{ order: string; session: FakeSession }> {
  const res = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
    as: owner,
    body: { amount_cents: cents, description: 'Credits for March' },
  });
  assert.equal(res.status, 201, res.text);
  const session = [...stripe.sessions.values()].find((candidate) => candidate.metadata?.order_id === res.body.order_id);
  assert.ok(session);
  return { order: res.body.order_id, session };
}

type Delivery = { id: string; body: string; headers: Record<string, string> };
async function deliver({ body, headers }: Pick<Delivery, 'body' | 'headers'>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/notifications/stripe',
    headers,
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

const statusOf = async (order: string) =>
  (await ctx.request('GET', `/v1/teams/${teamId}/payments/${order}/status`, { as: owner })).body.status;
const history = async () => (await ctx.request('GET', `/v1/teams/${teamId}/payments/history`, { as: owner })).body;
const ledger = () =>
  ctx.db.query<{ type: string; amount_cents: number; description: string }>(
    'SELECT type, amount_cents, description FROM credit_ledger WHERE team_id = $1 ORDER BY created_at, id',
    [teamId],
  );
const completed = (session: FakeSession) => stripe.event('checkout.session.completed', stripe.pay(session.id));

describe('Stripe Checkout as the payment provider', () => {
  test('a payment link is a Checkout Session: mode payment, the amount in cents, team and order, expiry, one per order', async () => {
    const before = Date.now();
    const res = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
      as: owner,
      body: { amount_cents: 12_345, description: 'Credits for March' },
    });
    assert.equal(res.status, 201);
    const order = res.body.order_id;
    const call = stripe.calls.find((made) => made.method === 'POST');
    assert.ok(call);
    assert.equal(call.path, '/v1/checkout/sessions');
    assert.equal(call.idempotencyKey, `checkout:${order}`);
    assert.deepEqual(call.params.line_items, [
      {
        quantity: '1',
        price_data: {
          currency: 'usd',
          unit_amount: '12345',
          product_data: { name: 'AI Model Gateway credits', description: 'Credits for March' },
        },
      },
    ]);
    assert.equal(call.params.mode, 'payment');
    assert.deepEqual(call.params.metadata, { order_id: order, team_id: teamId });
    assert.equal(call.params.client_reference_id, order);
    const returnUrl = 'https://gateway.example.com/v1/payments/stripe/return?session_id={CHECKOUT_SESSION_ID}';
    assert.equal(call.params.success_url, returnUrl);
    assert.equal(call.params.cancel_url, `${returnUrl}&cancelled=1`);
    const session = stripe.sessions.values().next().value!;
    assert.equal(res.body.payment_url, session.url);
    assert.match(res.body.payment_url, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    // Our expiry and Stripe's are one instant, inside what Stripe accepts (30 minutes to 24 hours ahead).
    assert.equal(Date.parse(res.body.expires_at), session.expires_at * 1000);
    const minutes = (session.expires_at * 1000 - before) / 60_000;
    assert.ok(minutes > STRIPE_LINK_MINUTES - 0.1 && minutes < STRIPE_LINK_MINUTES + 0.1, String(minutes));

    const provider = createPaymentProvider(ctx.config, ctx.db);
    const again = await provider.createCheckout({
      orderId: order,
      teamId,
      amountCents: 12_345,
      description: 'Credits for March',
      baseUrl: 'https://gateway.example.com',
      expiresAt: new Date(Date.now() + STRIPE_LINK_MINUTES * 60_000),
    });
    assert.equal(again.checkoutId, session.id, 'the idempotency key gives back the same session');
    assert.equal(stripe.sessions.size, 1);
  });

  test('Stripe down: create-link is a 502 that says to try again, and no payment is left behind', async () => {
    stripe.failNext(10);
    const res = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
      as: owner,
      body: { amount_cents: 500 },
    });
    stripe.failNext(0);
    assert.equal(res.status, 502);
    assert.deepEqual(res.body, {
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'The payment provider could not be reached. Please try again in a moment.',
    });
    assert.equal((await history()).count, 0);
  });

  test('checkout.session.completed delivered 20 times at once credits once, with one invoice', async () => {
    const { order, session } = await checkout(5_000);
    const event = completed(session);
    const deliveries = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    assert.ok(deliveries.every((delivery) => delivery.status === 200));
    assert.deepEqual(
      deliveries.map((delivery) => delivery.body.outcome).sort(),
      ['applied', ...Array(19).fill('duplicate')].sort(),
    );
    assert.equal(await statusOf(order), 'completed');
    assert.equal(await balanceCents(ctx.db, teamId), 5_000);
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 5_000);
    assert.equal((await ledger()).length, 1);
    const [payment] = (await history()).payments;
    assert.deepEqual(
      payment.documents.map((document: { kind: string }) => document.kind),
      ['invoice'],
    );
    const events = await ctx.db.query<{ event_id: string; outcome: string; order_id: string }>(
      'SELECT event_id, outcome, order_id FROM payment_events',
    );
    assert.deepEqual(events, [{ event_id: event.id, outcome: 'applied', order_id: order }]);
  });

  test('a bad signature, a replayed old delivery and a body changed after signing are refused and change nothing', async () => {
    const { order, session } = await checkout();
    const genuine = completed(session);
    const forged = {
      ...genuine,
      headers: { ...genuine.headers, 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}` },
    };
    const replayed = stripe.event('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    const altered = { ...genuine, body: genuine.body.replace('"amount_total":5000', '"amount_total":500000') };
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
    const otherSecret = {
      ...genuine,
      headers: {
        ...genuine.headers,
        'stripe-signature': genuine.headers['stripe-signature'].replace(/v1=\w+/, 'v1=00'),
      },
    };
    assert.notEqual(altered.body, genuine.body);
    for (const delivery of [forged, replayed, altered, unsigned, otherSecret]) {
      const res = await deliver(delivery);
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, {
        code: 'INVALID_SIGNATURE',
        message: 'The notification signature does not verify',
      });
    }
    assert.equal(await statusOf(order), 'pending');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
    assert.deepEqual(await ctx.db.query('SELECT event_id FROM payment_events'), []);
  });

  test('a signed event of the wrong shape is a 400 with a clear message, a signed non-JSON body too', async () => {
    const strange = stripe.event('charge.refunded', { object: 'customer', id: 'cus_1' });
    assert.deepEqual(await deliver(strange), {
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: 'The charge.refunded event does not carry a charge object' },
    });
    const { session } = await checkout();
    const charge = stripe.charge(stripe.pay(session.id), 100);
    const negative = stripe.event('charge.refunded', { ...charge, amount_refunded: -5 });
    assert.equal((await deliver(negative)).body.message, "The event's amount_refunded is not an amount");
    assert.deepEqual(await ctx.db.query('SELECT event_id FROM payment_events'), []);
  });

  test('events out of order: refunds that come before the completion wait for it, and the balance ends right', async () => {
    const { order, session } = await checkout(5_000);
    stripe.pay(session.id);
    const partial = stripe.event('charge.refunded', stripe.charge(session, 1_000));
    const full = stripe.event('charge.refunded', stripe.charge(session, 5_000));
    assert.equal((await deliver(partial)).body.outcome, 'waiting');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
    assert.equal((await deliver(stripe.event('checkout.session.completed', session))).body.outcome, 'applied');
    assert.equal(await balanceCents(ctx.db, teamId), 4_000);
    assert.equal(await statusOf(order), 'completed');
    assert.equal((await deliver(partial)).body.outcome, 'duplicate');
    assert.equal((await deliver(full)).body.outcome, 'applied');
    // An older running total delivered late moves nothing.
    assert.equal(
      (await deliver(stripe.event('charge.refunded', stripe.charge(session, 1_000)))).body.outcome,
      'unchanged',
    );
    assert.equal(await balanceCents(ctx.db, teamId), 0);
    assert.equal(await statusOf(order), 'refunded');
    const [payment] = (await history()).payments;
    assert.equal(payment.refunded.cents, 5_000);
    assert.deepEqual(
      payment.documents.map((document: { kind: string; total: { cents: number } }) => [
        document.kind,
        document.total.cents,
      ]),
      [
        ['invoice', 5_000],
        ['credit_note', 1_000],
        ['credit_note', 4_000],
      ],
    );
    // The completion and the refund that waited for it are one transaction, so one instant: compare as amounts.
    assert.deepEqual(
      (await ledger()).map((entry) => [entry.type, entry.amount_cents]).sort((a, b) => Number(b[1]) - Number(a[1])),
      [
        ['topup', 5_000],
        ['refund', -1_000],
        ['refund', -4_000],
      ],
    );
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 0);
  });

  test('a refund and a lost dispute lower the balance by their amounts, with their reasons; a won one does not', async () => {
    const { order, session } = await checkout(10_000);
    await deliver(completed(session));
    await deliver(stripe.event('charge.refunded', stripe.charge(session, 2_500, 'requested_by_customer')));
    assert.equal(await balanceCents(ctx.db, teamId), 7_500);
    const opened = stripe.dispute(session, { id: 'dp_test_lost', amount: 3_000, status: 'needs_response' });
    assert.equal((await deliver(stripe.event('charge.dispute.created', opened))).body.outcome, 'applied');
    assert.equal(await balanceCents(ctx.db, teamId), 7_500);
    const lost = stripe.event('charge.dispute.closed', { ...opened, status: 'lost' });
    assert.equal((await deliver(lost)).body.outcome, 'applied');
    assert.equal(await balanceCents(ctx.db, teamId), 4_500);
    const lostAgain = stripe.event('charge.dispute.closed', { ...opened, status: 'lost' });
    assert.equal((await deliver(lostAgain)).body.outcome, 'unchanged');
    const won = stripe.dispute(session, { id: 'dp_test_won', amount: 1_000, status: 'won' });
    await deliver(stripe.event('charge.dispute.created', { ...won, status: 'needs_response' }));
    await deliver(stripe.event('charge.dispute.closed', won));
    assert.equal(await balanceCents(ctx.db, teamId), 4_500);
    assert.deepEqual(
      (await ledger()).map((entry) => [entry.type, entry.amount_cents, entry.description]),
      [
        ['topup', 10_000, 'Credits for March'],
        ['refund', -2_500, `Refund of order ${order}: Requested by the customer`],
        ['adjustment', -3_000, `Dispute lost on order ${order}: dispute reason: fraudulent`],
      ],
    );
    const activity = await ctx.request('GET', '/v1/dashboard/activity?limit=10', { as: owner });
    assert.ok(
      activity.body.activities.some((item: { message: string }) =>
        item.message.startsWith('Payment of $30.00 on order'),
      ),
    );
  });

  test('a dispute closed as lost before its opening arrives is taken back once', async () => {
    const { session } = await checkout(4_000);
    await deliver(completed(session));
    const dispute = stripe.dispute(session, { amount: 4_000, status: 'lost', reason: 'product_not_received' });
    assert.equal((await deliver(stripe.event('charge.dispute.closed', dispute))).body.outcome, 'applied');
    const opening = stripe.event('charge.dispute.created', { ...dispute, status: 'needs_response' });
    assert.equal((await deliver(opening)).body.outcome, 'unchanged');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test('concurrent deliveries of a completion, refunds and a lost dispute end at the same balance', async () => {
    const { session } = await checkout(8_000);
    stripe.pay(session.id);
    const events = [
      stripe.event('checkout.session.completed', session),
      stripe.event('charge.refunded', stripe.charge(session, 1_000)),
      stripe.event('charge.refunded', stripe.charge(session, 3_000)),
      stripe.event(
        'charge.dispute.closed',
        stripe.dispute(session, { id: 'dp_test_race', amount: 2_000, status: 'lost' }),
      ),
    ];
    await Promise.all(events.flatMap((event) => Array.from({ length: 5 }, () => deliver(event))));
    assert.equal(await balanceCents(ctx.db, teamId), 8_000 - 3_000 - 2_000);
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 3_000);
    const waiting = await ctx.db.query(`SELECT event_id FROM payment_events WHERE outcome = 'waiting'`);
    assert.deepEqual(waiting, []);
  });

  test('the balance may go below zero; the gateway then refuses calls with 402', async () => {
    const { session } = await checkout(1_000);
    await deliver(completed(session));
    await recordUsage(ctx.db, {
      teamId,
      userId: owner.id,
      apiKeyId: null,
      model: 'gpt-4o',
      provider: 'openai',
      promptTokens: 10,
      completionTokens: 10,
      costCents: 600,
      latencyMs: 5,
      status: 'success',
    });
    await deliver(stripe.event('charge.refunded', stripe.charge(session, 1_000)));
    assert.equal(await balanceCents(ctx.db, teamId), -600);
    await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 1, completion: 1 });
    const key = await ctx.key(owner);
    const res = await ctx.chat(key, { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'Hello' }] });
    assert.equal(res.status, 402);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'insufficient_credits');
  });

  test('an event for an order that is not ours, or of a kind we do not act on, is recorded and answered 200', async () => {
    const foreign = stripe.event('checkout.session.completed', stripe.foreignSession());
    assert.deepEqual(await deliver(foreign), { status: 200, body: { received: true, outcome: 'ignored' } });
    const { session } = await checkout();
    const unknownOrder = stripe.event('checkout.session.completed', {
      ...stripe.pay(session.id),
      metadata: { order_id: 'ord_not_ours', team_id: teamId },
    });
    assert.deepEqual(await deliver(unknownOrder), { status: 200, body: { received: true, outcome: 'unknown_order' } });
    const other = stripe.event('customer.created', { object: 'customer', id: 'cus_1' });
    assert.equal((await deliver(other)).body.outcome, 'ignored');
    const recorded = await ctx.db.query<{ type: string; outcome: string }>(
      'SELECT type, outcome FROM payment_events ORDER BY received_at',
    );
    assert.deepEqual(
      recorded.map((row) => `${row.type} ${row.outcome}`),
      ['checkout.session.completed ignored', 'checkout.session.completed unknown_order', 'customer.created ignored'],
    );
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test('a session paid for another amount than asked credits nothing', async () => {
    const { order, session } = await checkout(5_000);
    const tampered = stripe.event('checkout.session.completed', { ...stripe.pay(session.id), amount_total: 50 });
    assert.equal((await deliver(tampered)).body.outcome, 'unchanged');
    assert.equal(await statusOf(order), 'pending');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test('a bank payment: completed while it clears, then failed; another clears and is credited', async () => {
    const failing = await checkout(2_000);
    await deliver(stripe.event('checkout.session.completed', stripe.pay(failing.session.id, { clearing: true })));
    assert.equal(await statusOf(failing.order), 'pending');
    await deliver(stripe.event('checkout.session.async_payment_failed', failing.session));
    const status = await ctx.request('GET', `/v1/teams/${teamId}/payments/${failing.order}/status`, { as: owner });
    assert.equal(status.body.status, 'failed');
    assert.equal(status.body.failure_reason, 'The bank payment did not go through');
    const clearing = await checkout(3_000);
    await deliver(stripe.event('checkout.session.completed', stripe.pay(clearing.session.id, { clearing: true })));
    await deliver(stripe.event('checkout.session.async_payment_succeeded', stripe.pay(clearing.session.id)));
    assert.equal(await statusOf(clearing.order), 'completed');
    assert.equal(await balanceCents(ctx.db, teamId), 3_000);
  });

  test('checkout.session.expired expires the payment', async () => {
    const { order, session } = await checkout();
    await deliver(stripe.event('checkout.session.expired', stripe.expire(session.id)));
    assert.equal(await statusOf(order), 'expired');
  });

  test('"Refresh Status" asks Stripe and credits the way a webhook does, once; the webhook after it changes nothing', async () => {
    const { order, session } = await checkout(2_500);
    const check = () => ctx.request('POST', `/v1/teams/${teamId}/payments/${order}/check`, { as: owner });
    assert.deepEqual((await check()).body, { updated: false, status: 'pending' });
    stripe.pay(session.id);
    const checks = await Promise.all(Array.from({ length: 5 }, check));
    assert.equal(checks.filter((res) => res.body.updated).length, 1);
    assert.ok(checks.every((res) => res.body.status === 'completed'));
    assert.equal((await deliver(stripe.event('checkout.session.completed', session))).body.outcome, 'unchanged');
    assert.equal(await balanceCents(ctx.db, teamId), 2_500);
    assert.equal((await history()).payments[0].documents.length, 1);
  });

  test('a lost webhook is credited by the reconciler, once, however many instances run it', async () => {
    const paid = await checkout(1_500);
    const expired = await checkout(700);
    const open = await checkout(900);
    stripe.pay(paid.session.id);
    stripe.expire(expired.session.id);
    stripe.foreignSession();
    const provider = createPaymentProvider(ctx.config, ctx.db);
    const moved = await Promise.all(
      Array.from({ length: 3 }, () => reconcilePayments(ctx.db, provider, ctx.config.operator)),
    );
    assert.equal(
      moved.reduce((sum, count) => sum + count, 0),
      2,
    );
    assert.equal(await statusOf(paid.order), 'completed');
    assert.equal(await statusOf(expired.order), 'expired');
    assert.equal(await statusOf(open.order), 'pending');
    assert.equal(await balanceCents(ctx.db, teamId), 1_500);
    assert.equal((await ledger()).length, 1);
    const listed = stripe.calls.filter((call) => call.method === 'GET' && call.path === '/v1/checkout/sessions');
    assert.ok(listed.length >= 1);
    assert.ok(Number(listed[0].params['created[gte]']) <= Date.now() / 1000 - 6 * 86_400);
  });

  test('the reconciler reads every page of sessions', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { order, session } = await checkout(100 + i);
      stripe.pay(session.id);
      orders.push(order);
    }
    for (let i = 0; i < 205; i++) stripe.foreignSession();
    const provider = createPaymentProvider(ctx.config, ctx.db);
    assert.equal(await reconcilePayments(ctx.db, provider, ctx.config.operator), 3);
    const pages = stripe.calls.filter((call) => call.method === 'GET' && call.path === '/v1/checkout/sessions');
    assert.equal(pages.length, 3);
  });

  test('the page the payer returns to applies what Stripe says', async () => {
    const { order, session } = await checkout(1_200);
    stripe.pay(session.id);
    const page = await ctx.app.inject({ url: `/v1/payments/stripe/return?session_id=${session.id}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Payment received/);
    assert.equal(await statusOf(order), 'completed');
    const cancelled = await checkout(800);
    const back = await ctx.app.inject({
      url: `/v1/payments/stripe/return?session_id=${cancelled.session.id}&cancelled=1`,
    });
    assert.match(back.body, /Payment cancelled/);
    assert.equal(
      (await ctx.app.inject({ url: '/v1/payments/stripe/return?session_id=cs_test_missing' })).statusCode,
      404,
    );
    const bad = await ctx.app.inject({ url: '/v1/payments/stripe/return?session_id=<script>' });
    assert.equal(bad.statusCode, 400);
    assert.equal(await balanceCents(ctx.db, teamId), 1_200);
  });

  test('the sandbox routes are not served when Stripe takes the payments', async () => {
    const { order } = await checkout();
    assert.equal((await ctx.app.inject({ url: `/v1/payments/sandbox/${order}` })).statusCode, 404);
    const sandbox = await ctx.app.inject({
      method: 'POST',
      url: '/v1/payments/notifications/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.equal(sandbox.statusCode, 404);
  });
});
