import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createPaymentProvider } from '../payments';
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from '../payments/sandbox/provider';
import type { IncomingNotification } from '../payments/provider';
import { balanceCents } from '../ledger/ledger';
import { createTestContext, type TestContext, type TestUser } from './helpers';

let ctx: TestContext;
/** Built from the same configuration as the server's, so it signs with the same key (as the provider's own copy). */
let provider: SandboxProvider;
before(async () => {
  ctx = await createTestContext();
  const configured = createPaymentProvider(ctx.config, ctx.db);
  if (configured.name !== 'sandbox') throw new Error('the tests configure the sandbox');
  provider = configured;
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  teamId = await ctx.team(owner, 'Acme');
});

const createLink = async (amount_cents = 2_500) =>
  (await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, { as: owner, body: { amount_cents } })).body
    .order_id as string;

/** Delivers a notification as the provider's HTTP request would arrive: the exact body bytes and its headers. */
const deliver = async ({ headers, rawBody }: IncomingNotification, providerName = 'sandbox') => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/v1/payments/notifications/${providerName}`,
    headers: headers as Record<string, string>,
    payload: rawBody,
  });
  return { status: response.statusCode, body: response.json() };
};

const statusOf = async (orderId: string) =>
  (await ctx.request('GET', `/v1/teams/${teamId}/payments/${orderId}/status`, { as: owner })).body.status;

describe('payment notifications (the provider webhook)', () => {
  test('a genuine notification of a paid order credits the team once, however often it is delivered', async () => {
    const order = await createLink();
    assert.equal(await provider.decide(order, 'completed'), 'recorded');
    const notification = provider.notification(order);
    const deliveries = await Promise.all([deliver(notification), deliver(notification), deliver(notification)]);
    assert.deepEqual(
      deliveries.map((delivery) => delivery.status),
      [200, 200, 200],
    );
    assert.equal(await statusOf(order), 'completed');
    assert.equal(await balanceCents(ctx.db, teamId), 2_500);
  });

  test('a forged, altered or stale signature is refused and moves nothing', async () => {
    const order = await createLink();
    await provider.decide(order, 'completed');
    const genuine = provider.notification(order);
    const forged = {
      ...genuine,
      headers: {
        ...genuine.headers,
        [SANDBOX_SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    };
    const altered = { ...genuine, rawBody: genuine.rawBody.replace('checkout.decided', 'checkout.decidedd') };
    const stale = provider.notification(order, Date.now() - 10 * 60_000);
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
    for (const notification of [forged, altered, stale, unsigned]) {
      const delivery = await deliver(notification);
      assert.equal(delivery.status, 400);
      assert.equal(delivery.body.code, 'INVALID_SIGNATURE');
    }
    assert.equal(await statusOf(order), 'pending');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test("a notification's claims are not trusted: the provider's status is what moves the payment", async () => {
    const order = await createLink();
    // Signed, but the payer has not paid: the provider still says pending.
    assert.equal((await deliver(provider.notification(order))).status, 200);
    assert.equal(await statusOf(order), 'pending');
    assert.equal(await balanceCents(ctx.db, teamId), 0);
  });

  test('a notification for a provider we do not use is a 404', async () => {
    const delivery = await deliver(provider.notification('ord_x'), 'stripe');
    assert.equal(delivery.status, 404);
  });
});

describe('the sandbox checkout page', () => {
  test('is the template file filled in, its buttons a script this server serves under the page policy', async () => {
    const order = await createLink(12_345);
    const page = await ctx.request('GET', `/v1/payments/sandbox/${order}`);
    assert.match(page.text, /<script src="\/v1\/payments\/sandbox\/checkout\.js" defer><\/script>/);
    assert.doesNotMatch(page.text, /\{\{\w+\}\}|<!--\/?(payable|closed)-->/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
    const script = await ctx.request('GET', '/v1/payments/sandbox/checkout.js');
    assert.equal(script.status, 200);
    assert.match(String(script.headers['content-type']), /^text\/javascript/);
    assert.match(script.text, /addEventListener\('click'/);
  });
});
