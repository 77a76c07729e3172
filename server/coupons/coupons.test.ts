import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { balanceCents } from '../ledger/ledger';
import { createTestContext, type TestContext, type TestUser } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

let admin: TestUser;
let owner: TestUser;
let outsider: TestUser;
let teamId: string;
beforeEach(async () => {
  await ctx.reset();
  admin = await ctx.user('admin');
  owner = await ctx.user('owner');
  outsider = await ctx.user('outsider');
  teamId = await ctx.team(owner);
});

const createCoupon = (body: Record<string, unknown>) => ctx.request('POST', '/v1/admin/coupons', { as: admin, body });
const validate = (code: string, team = teamId, as = owner) =>
  ctx.request('POST', `/v1/teams/${team}/coupons/validate`, { as, body: { code } });
const redeem = (code: string, team = teamId, as = owner) =>
  ctx.request('POST', `/v1/teams/${team}/coupons/redeem`, { as, body: { code } });

describe('team coupons', () => {
  test('validate then redeem, matching the code case-insensitively after trimming', async () => {
    await createCoupon({ code: 'welcome10', amount_usd: 10, max_uses: 5, description: 'Welcome' });
    const valid = await validate('  Welcome10 ');
    assert.equal(valid.status, 200);
    assert.deepEqual(valid.body, {
      valid: true,
      coupon: { code: 'WELCOME10', amount: 10, description: 'Welcome', expires_at: null },
      amount: 10,
    });
    const redeemed = await redeem('welcome10');
    assert.deepEqual(redeemed.body, { success: true, amount: 10, new_balance: 10 });
    const history = await ctx.request('GET', `/v1/teams/${teamId}/credits/history`, { as: owner });
    assert.equal(history.body.entries[0].description, 'Coupon WELCOME10 redeemed');
    assert.equal(history.body.entries[0].type, 'topup');
    const redemptions = await ctx.request('GET', `/v1/teams/${teamId}/coupons/redemptions`, { as: owner });
    assert.equal(redemptions.body.total, 1);
    assert.equal(redemptions.body.redemptions[0].code, 'WELCOME10');
    assert.equal(redemptions.body.redemptions[0].user_email, 'owner@example.com');
  });

  test('clear messages for every reason a coupon cannot be used', async () => {
    await createCoupon({ code: 'OFF', amount_usd: 1, max_uses: 5 });
    await ctx.request(
      'DELETE',
      `/v1/admin/coupons/${(await ctx.request('GET', '/v1/admin/coupons', { as: admin })).body.coupons[0].id}`,
      { as: admin },
    );
    await createCoupon({ code: 'OLD', amount_usd: 1, max_uses: 5, expires_at: '2020-01-01T00:00:00Z' });
    await createCoupon({ code: 'ONCE', amount_usd: 1, max_uses: 1 });
    await createCoupon({ code: 'TWICE', amount_usd: 1, max_uses: 2 });
    const otherOwner = await ctx.user('other');
    const otherTeam = await ctx.team(otherOwner);
    assert.equal((await redeem('ONCE', otherTeam, otherOwner)).status, 200);
    assert.equal((await redeem('TWICE')).status, 200);
    const cases: [string, number, string][] = [
      ['NOPE', 404, 'Coupon not found'],
      ['OFF', 400, 'Coupon is inactive'],
      ['OLD', 400, 'Coupon has expired'],
      ['ONCE', 400, 'Coupon has reached its maximum uses'],
      ['TWICE', 409, 'Coupon already redeemed by this team'],
    ];
    for (const [code, status, message] of cases) {
      for (const res of [await validate(code), await redeem(code)]) {
        assert.equal(res.status, status, code);
        assert.equal(res.body.message, message);
      }
    }
    assert.equal(await balanceCents(ctx.db, teamId), 100);
  });

  test('400 for a missing code, 403 for another team, 401 without a session', async () => {
    assert.equal(
      (await ctx.request('POST', `/v1/teams/${teamId}/coupons/redeem`, { as: owner, body: {} })).status,
      400,
    );
    assert.equal((await redeem('X', teamId, outsider)).status, 403);
    assert.equal(
      (await ctx.request('POST', `/v1/teams/${teamId}/coupons/validate`, { body: { code: 'X' } })).status,
      401,
    );
    assert.equal(
      (await ctx.request('GET', `/v1/teams/${teamId}/coupons/redemptions?offset=-1`, { as: owner })).status,
      400,
    );
  });

  test('50 teams racing for a coupon with 10 uses: exactly 10 succeed', async () => {
    await createCoupon({ code: 'RACE', amount_usd: 5, max_uses: 10 });
    const teams = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const user = await ctx.user(`racer${i}`);
        return { user, teamId: await ctx.team(user) };
      }),
    );
    const results = await Promise.all(teams.map((team) => redeem('race', team.teamId, team.user)));
    const statuses = results.map((res) => res.status);
    assert.equal(statuses.filter((status) => status === 200).length, 10);
    assert.equal(statuses.filter((status) => status === 400).length, 40);
    const [coupon] = await ctx.db.query<{ current_uses: number; redemptions: number; credited: number }>(
      `SELECT current_uses, (SELECT count(*) FROM coupon_redemptions) AS redemptions,
              (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger) AS credited FROM coupons WHERE code = 'RACE'`,
    );
    assert.deepEqual(coupon, { current_uses: 10, redemptions: 10, credited: 5_000 });
  });

  test('one team redeeming the same coupon concurrently gets it once', async () => {
    await createCoupon({ code: 'DOUBLE', amount_usd: 5, max_uses: 100 });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem('DOUBLE')));
    assert.equal(results.filter((res) => res.status === 200).length, 1);
    assert.ok(results.filter((res) => res.status !== 200).every((res) => res.status === 409));
    assert.equal(await balanceCents(ctx.db, teamId), 500);
    const [{ current_uses }] = await ctx.db.query<{ current_uses: number }>(
      `SELECT current_uses FROM coupons WHERE code = 'DOUBLE'`,
    );
    assert.equal(current_uses, 1);
  });
});

describe('admin coupons', () => {
  test('create upper-cases the code; duplicates are 409', async () => {
    const res = await createCoupon({
      code: 'spring',
      amount_usd: 12.5,
      max_uses: 3,
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.code, 'SPRING');
    assert.equal(res.body.amount, 12.5);
    assert.equal(res.body.current_uses, 0);
    assert.equal(res.body.active, true);
    assert.equal(res.body.expires_at, '2099-01-01T00:00:00.000Z');
    assert.equal((await createCoupon({ code: 'Spring', amount_usd: 1, max_uses: 1 })).status, 409);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    [
      'zero amount',
      { code: 'AAA', amount_usd: 0, max_uses: 1 },
      /^The amount must be from \$0\.01 to \$1,000,000\.00\.$/,
    ],
    ['string amount', { code: 'AAA', amount_usd: '5', max_uses: 1 }, /^The amount must be from \$0\.01/],
    [
      'max_uses 0',
      { code: 'AAA', amount_usd: 5, max_uses: 0 },
      /^Max uses must be a whole number from 1 to 10,000,000\.$/,
    ],
    ['fractional max_uses', { code: 'AAA', amount_usd: 5, max_uses: 1.5 }, /^Max uses must be/],
    ['bad code', { code: 'a b', amount_usd: 5, max_uses: 1 }, /^The coupon code must be 3 to 32 letters/],
    ['missing code', { amount_usd: 5, max_uses: 1 }, /^The coupon code must be/],
    [
      'bad expiry',
      { code: 'AAA', amount_usd: 5, max_uses: 1, expires_at: 'tomorrow' },
      /^The expiry must be an ISO 8601/,
    ],
  ];
  for (const [label, body, message] of invalid) {
    test(`400 for ${label}`, async () => {
      const res = await createCoupon(body);
      assert.equal(res.status, 400);
      assert.match(res.body.message, message);
    });
  }

  test('403 for non-admins, 401 without a session', async () => {
    assert.equal((await ctx.request('GET', '/v1/admin/coupons', { as: owner })).status, 403);
    assert.equal(
      (await ctx.request('POST', '/v1/admin/coupons', { as: owner, body: { code: 'AAA', amount_usd: 1, max_uses: 1 } }))
        .status,
      403,
    );
    assert.equal((await ctx.request('GET', '/v1/admin/coupons')).status, 401);
  });

  test('list filters and sorts', async () => {
    await createCoupon({ code: 'BBB', amount_usd: 5, max_uses: 1, expires_at: '2099-06-01T00:00:00Z' });
    await createCoupon({ code: 'AAA', amount_usd: 50, max_uses: 2 });
    await createCoupon({ code: 'CCC', amount_usd: 20, max_uses: 5, expires_at: '2099-01-01T00:00:00Z' });
    await redeem('BBB');
    const codes = async (query: string) =>
      (await ctx.request('GET', `/v1/admin/coupons?${query}`, { as: admin })).body.coupons.map(
        (c: { code: string }) => c.code,
      );
    assert.deepEqual(await codes('sort_by=code'), ['AAA', 'BBB', 'CCC']);
    assert.deepEqual(await codes('sort_by=amount'), ['AAA', 'CCC', 'BBB']);
    assert.deepEqual(await codes('sort_by=expires_at'), ['CCC', 'BBB', 'AAA']);
    assert.deepEqual(await codes('sort_by=created_at'), ['CCC', 'AAA', 'BBB']);
    assert.deepEqual(await codes('has_uses_remaining=false'), ['BBB']);
    assert.deepEqual(await codes('has_uses_remaining=true&sort_by=code'), ['AAA', 'CCC']);
    const aaa = (await ctx.request('GET', '/v1/admin/coupons?sort_by=code', { as: admin })).body.coupons[0];
    await ctx.request('DELETE', `/v1/admin/coupons/${aaa.id}`, { as: admin });
    assert.deepEqual(await codes('active=false'), ['AAA']);
    const bad = await ctx.request('GET', '/v1/admin/coupons?sort_by=popularity', { as: admin });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /sort_by/);
    assert.equal((await ctx.request('GET', '/v1/admin/coupons?active=maybe', { as: admin })).status, 400);
  });

  test('get, partial update (null clears expiry) and deactivate', async () => {
    const created = await createCoupon({
      code: 'EDIT',
      amount_usd: 5,
      max_uses: 1,
      expires_at: '2099-01-01T00:00:00Z',
    });
    const id = created.body.id;
    assert.equal((await ctx.request('GET', `/v1/admin/coupons/${id}`, { as: admin })).body.code, 'EDIT');
    const updated = await ctx.request('PUT', `/v1/admin/coupons/${id}`, {
      as: admin,
      body: { amount_usd: 7.25, expires_at: null, description: 'changed', max_uses: 9 },
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.amount, 7.25);
    assert.equal(updated.body.expires_at, null);
    assert.equal(updated.body.description, 'changed');
    assert.equal(updated.body.max_uses, 9);
    assert.equal(updated.body.code, 'EDIT');
    const renamed = await ctx.request('PUT', `/v1/admin/coupons/${id}`, {
      as: admin,
      body: { code: 'renamed', active: false },
    });
    assert.equal(renamed.body.code, 'RENAMED');
    assert.equal(renamed.body.active, false);
    const reactivated = await ctx.request('PUT', `/v1/admin/coupons/${id}`, { as: admin, body: { active: true } });
    assert.equal(reactivated.body.active, true);
    const deleted = await ctx.request('DELETE', `/v1/admin/coupons/${id}`, { as: admin });
    assert.equal(deleted.body.active, false);
    await createCoupon({ code: 'TAKEN', amount_usd: 1, max_uses: 1 });
    assert.equal(
      (await ctx.request('PUT', `/v1/admin/coupons/${id}`, { as: admin, body: { code: 'taken' } })).status,
      409,
    );
    const invalidChanges: [Record<string, unknown>, RegExp][] = [
      [{ max_uses: 0 }, /^Max uses must be/],
      [{ amount_usd: 0 }, /^The amount must be/],
      [{ amount_usd: '3' }, /^The amount must be/],
      [{ code: 'x' }, /^The coupon code must be/],
      [{ expires_at: 'soon' }, /^The expiry must be/],
      [{ active: 'yes' }, /active must be true or false/],
      [{ description: 'x'.repeat(501) }, /^The description must be at most 500 characters\.$/],
    ];
    for (const [body, message] of invalidChanges) {
      const res = await ctx.request('PUT', `/v1/admin/coupons/${id}`, { as: admin, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message);
    }
  });

  test('404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      assert.equal((await ctx.request('GET', `/v1/admin/coupons/${id}`, { as: admin })).status, 404);
      assert.equal(
        (await ctx.request('PUT', `/v1/admin/coupons/${id}`, { as: admin, body: { active: true } })).status,
        404,
      );
      assert.equal((await ctx.request('DELETE', `/v1/admin/coupons/${id}`, { as: admin })).status, 404);
    }
  });

  test('generate-code: defaults, custom prefix and length, unambiguous alphabet, bounds', async () => {
    const plain = await ctx.request('POST', '/v1/admin/coupons/generate-code', { as: admin });
    assert.equal(plain.status, 200);
    assert.match(plain.body.code, /^SAVE[A-HJKMNP-Z2-9]{8}$/);
    const custom = await ctx.request('POST', '/v1/admin/coupons/generate-code', {
      as: admin,
      body: { prefix: 'vip', length: 12 },
    });
    assert.match(custom.body.code, /^VIP[A-HJKMNP-Z2-9]{12}$/);
    for (const body of [{ length: 3 }, { length: 33 }, { prefix: 'no spaces' }, { length: '8' }]) {
      assert.equal(
        (await ctx.request('POST', '/v1/admin/coupons/generate-code', { as: admin, body })).status,
        400,
        JSON.stringify(body),
      );
    }
  });
});
