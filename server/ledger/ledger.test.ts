import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { appendLedgerEntry, balanceCents, derivedBalanceCents } from './ledger';
import { applyCheckout, refundPayment } from '../payments/applyEvents';
import { recordUsage } from '../credit/writeBills';
import { migrations } from '../db/migrations';
import { createTestContext, type TestContext, type TestUser } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

let owner: TestUser;
let outsider: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  owner = await ctx.user('owner');
  outsider = await ctx.user('outsider');
  teamId = await ctx.team(owner);
});

const entry = (
  type: 'topup' | 'refund' | 'adjustment' | 'transfer' | 'other',
  amountCents: number,
  description: string = type,
) => ctx.db.tx((q) => appendLedgerEntry(q, { teamId, type, amountCents, description }));

describe('credits', () => {
  test('the denormalised balance equals ledger minus usage after a mix of operations', async () => {
    await entry('topup', 10_000);
    await entry('adjustment', -250);
    const link = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
      as: owner,
      body: { amount_cents: 5_000 },
    });
    await ctx.request('POST', `/v1/payments/sandbox/${link.body.order_id}/pay`, { body: undefined });
    await refundPayment(ctx.db, link.body.order_id, ctx.config.operator, null);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        recordUsage(ctx.db, {
          teamId,
          userId: owner.id,
          apiKeyId: null,
          model: 'gpt-4o',
          provider: 'openai',
          promptTokens: 10,
          completionTokens: 10,
          costCents: 37 + i,
          latencyMs: 100,
        }),
      ),
    );
    await ctx.db.query(`INSERT INTO coupons (code, amount_cents, max_uses) VALUES ('BAL', 700, 5)`);
    await ctx.request('POST', `/v1/teams/${teamId}/coupons/redeem`, { as: owner, body: { code: 'bal' } });
    await entry('transfer', 1_234);
    await entry('other', 1);

    const expected = 10_000 - 250 + 5_000 - 5_000 - (37 * 10 + 45) + 700 + 1_234 + 1;
    assert.equal(await balanceCents(ctx.db, teamId), expected);
    assert.equal(await derivedBalanceCents(ctx.db, teamId), expected);
    const res = await ctx.request('GET', `/v1/teams/${teamId}/credits/balance`, { as: owner });
    assert.deepEqual(res.body, { team_id: teamId, current_balance: expected / 100 });
    const detailed = await ctx.request('GET', `/v1/teams/${teamId}/credits/balance/detailed`, { as: owner });
    assert.deepEqual(detailed.body, {
      team_id: teamId,
      current_balance: expected / 100,
      total_topups: 157,
      total_refunds: -50,
      total_adjustments: -2.5,
      total_transfers: 12.34,
      total_other: 0.01,
      total_usage: 4.15,
    });
  });

  test("migration 6 relabels the seed's old 'other' credits as adjustments, keeping their description", async () => {
    await entry('other', 1_000, 'Beta programme thank-you credit');
    const relabel = migrations.find((migration) => migration.id === 6);
    assert.ok(relabel);
    await ctx.db.exec(relabel.sql);
    const history = await ctx.request('GET', `/v1/teams/${teamId}/credits/history`, { as: owner });
    assert.deepEqual(
      history.body.entries.map((e: { type: string; description: string }) => [e.type, e.description]),
      [['adjustment', 'Beta programme thank-you credit']],
    );
  });

  test('history is newest first with pagination and a total', async () => {
    // A second apart: back-to-back inserts can share a clock tick (PGlite's clock is coarse), and ties have no order.
    const start = Date.now() - 60_000;
    for (const [i, type] of (['topup', 'refund', 'adjustment', 'transfer', 'other'] as const).entries()) {
      await ctx.db.tx((q) =>
        appendLedgerEntry(q, {
          teamId,
          type,
          amountCents: (i + 1) * 100,
          description: `entry ${i}`,
          createdAt: new Date(start + i * 1000),
        }),
      );
    }
    const page = await ctx.request('GET', `/v1/teams/${teamId}/credits/history?limit=2&offset=1`, { as: owner });
    assert.equal(page.status, 200);
    assert.equal(page.body.total, 5);
    assert.deepEqual(
      page.body.entries.map((e: { type: string; amount: number; description: string }) => [
        e.type,
        e.amount,
        e.description,
      ]),
      [
        ['transfer', 4, 'entry 3'],
        ['adjustment', 3, 'entry 2'],
      ],
    );
    assert.equal(
      (await ctx.request('GET', `/v1/teams/${teamId}/credits/history`, { as: owner })).body.entries.length,
      5,
    );
  });

  test('400 for bad pagination and dates', async () => {
    for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'limit=501']) {
      const res = await ctx.request('GET', `/v1/teams/${teamId}/credits/history?${query}`, { as: owner });
      assert.equal(res.status, 400, query);
    }
    const dates = await ctx.request('GET', `/v1/teams/${teamId}/credits/usage-breakdown?from=2026-02-30`, {
      as: owner,
    });
    assert.equal(dates.status, 400);
    assert.match(dates.body.message, /from/);
  });

  test('usage breakdown by model for a date range', async () => {
    await recordUsage(ctx.db, {
      teamId,
      userId: owner.id,
      apiKeyId: null,
      model: 'claude-sonnet-4',
      provider: 'anthropic',
      promptTokens: 100,
      completionTokens: 50,
      costCents: 123,
      latencyMs: 10,
      createdAt: new Date('2026-05-10T12:00:00Z'),
    });
    const res = await ctx.request('GET', `/v1/teams/${teamId}/credits/usage-breakdown?from=2026-05-01&to=2026-05-31`, {
      as: owner,
    });
    assert.deepEqual(res.body, {
      from: '2026-05-01',
      to: '2026-05-31',
      total_cost: 1.23,
      by_model: [
        { model: 'claude-sonnet-4', provider: 'anthropic', request_count: 1, total_tokens: 150, total_cost: 1.23 },
      ],
    });
  });

  test('403 for other teams and unknown or malformed team ids; 401 without a session', async () => {
    const otherTeam = await ctx.team(outsider);
    for (const id of [otherTeam, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await ctx.request('GET', `/v1/teams/${id}/credits/balance`, { as: owner });
      assert.equal(res.status, 403, id);
      assert.equal(res.body.code, 'FORBIDDEN');
    }
    assert.equal((await ctx.request('GET', `/v1/teams/${teamId}/credits/balance`)).status, 401);
  });

  test('completing the same payment twice credits once', async () => {
    const link = await ctx.request('POST', `/v1/teams/${teamId}/payments/create-link`, {
      as: owner,
      body: { amount_cents: 2_500 },
    });
    const paid = {
      orderId: link.body.order_id,
      state: 'completed',
      failureReason: null,
      paymentRef: null,
      amountCents: null,
    } as const;
    const apply = () => ctx.db.tx((q) => applyCheckout(q, 'sandbox', paid, ctx.config.operator));
    assert.equal(await apply(), 'applied');
    assert.equal(await apply(), 'unchanged');
    assert.equal(await balanceCents(ctx.db, teamId), 2_500);
  });
});
