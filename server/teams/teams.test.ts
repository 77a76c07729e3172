import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { recordUsage } from '../credit/writeBills';
import { createTestContext, type TestContext, type TestUser } from '../test/helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
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
  teamId = await ctx.team(owner, 'Acme', 50_000);
  await ctx.join(member, teamId);
});

const usage = (userId: string, costCents: number, createdAt = new Date(), model = 'gpt-4o', latencyMs = 1000) =>
  recordUsage(ctx.db, {
    teamId,
    userId,
    apiKeyId: null,
    model,
    provider: 'openai',
    promptTokens: 1000,
    completionTokens: 500,
    costCents,
    latencyMs,
    createdAt,
  });

describe('GET/POST /v1/teams/', () => {
  test('returns the team with month-to-date usage and utilisation', async () => {
    await usage(owner.id, 12_345);
    await usage(member.id, 101);
    const res = await ctx.request('GET', '/v1/teams/', { as: member });
    assert.equal(res.status, 200);
    assert.equal(res.body.id, teamId);
    assert.equal(res.body.name, 'Acme');
    assert.equal(res.body.budget_limit, 500);
    assert.equal(res.body.current_usage, 124.46);
    assert.equal(res.body.budget_utilization, 24.89);
    assert.equal(res.body.member_count, 2);
  });

  test('404 NO_TEAM without a team; 401 without a session', async () => {
    const res = await ctx.request('GET', '/v1/teams/', { as: outsider });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'NO_TEAM');
    assert.equal((await ctx.request('GET', '/v1/teams/')).status, 401);
  });

  test('creating a team makes the creator its owner', async () => {
    const res = await ctx.request('POST', '/v1/teams/', {
      as: outsider,
      body: { name: '  New Team  ', budget_limit: 123.45 },
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.name, 'New Team');
    assert.equal(res.body.budget_limit, 123.45);
    assert.equal(res.body.budget_utilization, 0);
    const dashboard = await ctx.request('GET', '/v1/teams/dashboard', { as: outsider });
    assert.equal(dashboard.body.is_owner, true);
    const activity = await ctx.request('GET', '/v1/dashboard/activity', { as: outsider });
    assert.equal(activity.body.activities[0].type, 'team_created');
  });

  test('409 when already in a team', async () => {
    const res = await ctx.request('POST', '/v1/teams/', { as: member, body: { name: 'Second', budget_limit: 1 } });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'CONFLICT');
  });

  const invalid: [string, unknown, RegExp][] = [
    ['missing name', { budget_limit: 1 }, /name/],
    ['blank name', { name: '   ', budget_limit: 1 }, /name/],
    ['long name', { name: 'x'.repeat(101), budget_limit: 1 }, /name/],
    ['numeric name', { name: 5, budget_limit: 1 }, /name/],
    ['missing budget', { name: 'A' }, /The monthly budget must be/],
    [
      'negative budget',
      { name: 'A', budget_limit: -1 },
      /^The monthly budget must be an amount from \$0\.00 to \$1,000,000,000\.00\.$/,
    ],
    ['string budget', { name: 'A', budget_limit: '100' }, /The monthly budget must be/],
    ['null budget', { name: 'A', budget_limit: null }, /The monthly budget must be/],
    ['array body', [1, 2], /body|name/],
  ];
  for (const [label, body, message] of invalid) {
    test(`400 for ${label}`, async () => {
      const res = await ctx.request('POST', '/v1/teams/', { as: outsider, body });
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'VALIDATION_ERROR');
      assert.match(res.body.message, message);
    });
  }
});

describe('members and invites', () => {
  test('lists members, owner first, with roles', async () => {
    const res = await ctx.request('GET', '/v1/teams/members', { as: member });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.map((m: { name: string; role: string }) => [m.name, m.role]),
      [
        ['owner', 'owner'],
        ['member', 'member'],
      ],
    );
  });

  test('404 NO_TEAM for members of no team', async () => {
    const res = await ctx.request('GET', '/v1/teams/members', { as: outsider });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'NO_TEAM');
  });

  test('the owner invites; members cannot', async () => {
    const ok = await ctx.request('POST', '/v1/teams/invite', { as: owner, body: { email: ' New@Example.com ' } });
    assert.equal(ok.status, 201);
    assert.deepEqual(ok.body, { email: 'new@example.com', status: 'pending' });
    const denied = await ctx.request('POST', '/v1/teams/invite', { as: member, body: { email: 'x@example.com' } });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.code, 'FORBIDDEN');
  });

  test('pending invites: listed, a second invite of the same address is 409, the owner cancels one', async () => {
    assert.equal(
      (await ctx.request('POST', '/v1/teams/invite', { as: owner, body: { email: 'New@Example.com' } })).status,
      201,
    );
    const twice = await ctx.request('POST', '/v1/teams/invite', { as: owner, body: { email: ' new@example.com ' } });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.message, 'new@example.com has already been invited to this team');

    const list = await ctx.request('GET', '/v1/teams/invites', { as: member });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.map((invite: { email: string; invited_by: string }) => [invite.email, invite.invited_by]),
      [['new@example.com', owner.login]],
    );
    const id = list.body[0].id;
    assert.equal((await ctx.request('DELETE', `/v1/teams/invites/${id}`, { as: member })).status, 403);
    assert.deepEqual((await ctx.request('DELETE', `/v1/teams/invites/${id}`, { as: owner })).body, { success: true });
    assert.deepEqual((await ctx.request('GET', '/v1/teams/invites', { as: owner })).body, []);
    assert.equal((await ctx.request('DELETE', `/v1/teams/invites/${id}`, { as: owner })).status, 404);
    assert.equal((await ctx.request('DELETE', '/v1/teams/invites/nope', { as: owner })).status, 404);
    assert.equal((await ctx.request('GET', '/v1/teams/invites', { as: outsider })).status, 404);
    // Cancelled, the address can be invited again.
    assert.equal(
      (await ctx.request('POST', '/v1/teams/invite', { as: owner, body: { email: 'new@example.com' } })).status,
      201,
    );
  });

  test('400 for an invalid email, 409 for an existing member, 404 without a team', async () => {
    const bad = await ctx.request('POST', '/v1/teams/invite', { as: owner, body: { email: 'not-an-email' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /email/);
    const existing = await ctx.request('POST', '/v1/teams/invite', {
      as: owner,
      body: { email: 'member@example.com' },
    });
    assert.equal(existing.status, 409);
    const noTeam = await ctx.request('POST', '/v1/teams/invite', { as: outsider, body: { email: 'a@example.com' } });
    assert.equal(noTeam.status, 404);
  });

  test('the owner removes a member; the owner cannot be removed; members cannot remove', async () => {
    const denied = await ctx.request('DELETE', `/v1/teams/members/${owner.id}`, { as: member });
    assert.equal(denied.status, 403);
    const self = await ctx.request('DELETE', `/v1/teams/members/${owner.id}`, { as: owner });
    assert.equal(self.status, 403);
    assert.match(self.body.message, /owner cannot be removed/);
    const ok = await ctx.request('DELETE', `/v1/teams/members/${member.id}`, { as: owner });
    assert.deepEqual(ok.body, { success: true });
    assert.equal((await ctx.request('GET', '/v1/teams/', { as: member })).status, 404);
  });

  test('404 for unknown or malformed member ids', async () => {
    assert.equal((await ctx.request('DELETE', `/v1/teams/members/${outsider.id}`, { as: owner })).status, 404);
    assert.equal((await ctx.request('DELETE', '/v1/teams/members/not-a-uuid', { as: owner })).status, 404);
  });
});

describe('PUT /v1/teams/budget', () => {
  test('the owner updates the budget and an activity is recorded', async () => {
    const res = await ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit: 750.5 } });
    assert.equal(res.status, 200);
    assert.equal(res.body.budget_limit, 750.5);
    const activity = await ctx.request('GET', '/v1/dashboard/activity?limit=1', { as: owner });
    assert.equal(activity.body.activities[0].type, 'team_updated');
    assert.match(activity.body.activities[0].message, /\$500\.00 to \$750\.50/);
  });

  test('403 for members, 400 for bad values, 401 without session', async () => {
    assert.equal((await ctx.request('PUT', '/v1/teams/budget', { as: member, body: { budget_limit: 1 } })).status, 403);
    for (const budget_limit of [-5, '10', null, true]) {
      const res = await ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit } });
      assert.equal(res.status, 400, String(budget_limit));
      assert.match(res.body.message, /^The monthly budget must be an amount from \$0\.00 to \$1,000,000,000\.00\.$/);
    }
    assert.equal((await ctx.request('PUT', '/v1/teams/budget', { body: { budget_limit: 1 } })).status, 401);
  });

  test('a zero budget gives 0% utilisation', async () => {
    await usage(owner.id, 500);
    const res = await ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit: 0 } });
    assert.equal(res.body.budget_utilization, 0);
  });

  test('concurrent budget updates end consistent', async () => {
    const values = Array.from({ length: 20 }, (_, i) => 100 + i);
    const results = await Promise.all(
      values.map((budget_limit) => ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit } })),
    );
    assert.ok(results.every((res) => res.status === 200));
    const final = (await ctx.request('GET', '/v1/teams/', { as: owner })).body.budget_limit;
    assert.ok(values.includes(final));
    const changes = await ctx.db.query<{ message: string }>(
      `SELECT message FROM activity_events WHERE team_id = $1 AND type = 'team_updated' ORDER BY created_at, id`,
      [teamId],
    );
    assert.equal(changes.length, 20);
    // Each change starts from the value the previous one set: a chain with no lost update.
    const parsed = changes.map((row) =>
      row.message
        .match(/from \$([\d.]+) to \$([\d.]+)/)!
        .slice(1)
        .map(Number),
    );
    const froms = parsed.map(([from]) => from).sort();
    const tos = parsed.map(([, to]) => to);
    assert.deepEqual(froms, [500, ...tos.filter((to) => to !== final)].sort());
  });
});

describe('dashboards and usage stats', () => {
  test('team dashboard: current month stats and top models by cost', async () => {
    await usage(owner.id, 300, new Date(), 'gpt-4o');
    await usage(owner.id, 100, new Date(), 'gpt-4o-mini');
    await usage(member.id, 300, new Date(), 'gpt-4o');
    const res = await ctx.request('GET', '/v1/teams/dashboard', { as: member });
    assert.equal(res.status, 200);
    assert.equal(res.body.is_owner, false);
    assert.equal(res.body.team.id, teamId);
    assert.deepEqual(res.body.current_month_stats, {
      total_cost: 7,
      total_requests: 3,
      unique_models_used: 2,
      top_models: [
        { name: 'gpt-4o', request_count: 2, total_cost: 6 },
        { name: 'gpt-4o-mini', request_count: 1, total_cost: 1 },
      ],
      cache_hits: 0,
      cache_saved_cents: 0,
    });
    assert.equal((await ctx.request('GET', '/v1/teams/dashboard', { as: outsider })).body.code, 'NO_TEAM');
  });

  test('usage-stats: inclusive date range, per day, member and model, all in cents', async () => {
    await usage(owner.id, 250, new Date('2026-03-01T00:00:00Z'));
    await usage(member.id, 100, new Date('2026-03-02T23:59:59Z'), 'gpt-4o-mini');
    await usage(member.id, 999, new Date('2026-03-03T00:00:00Z'));
    const res = await ctx.request('GET', '/v1/teams/usage-stats?start_date=2026-03-01&end_date=2026-03-02', {
      as: owner,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.total_cost_cents, 350);
    assert.equal(res.body.total_requests, 2);
    assert.equal(res.body.budget_limit_cents, 50_000);
    assert.deepEqual(res.body.daily_usage, { '2026-03-01': 250, '2026-03-02': 100 });
    assert.deepEqual(res.body.usage_by_member[member.id], {
      user_id: member.id,
      user_email: 'member@example.com',
      request_count: 1,
      total_cost_cents: 100,
    });
    assert.deepEqual(res.body.usage_by_model['gpt-4o'], {
      model_name: 'gpt-4o',
      request_count: 1,
      total_tokens: 1500,
      total_cost_cents: 250,
    });
  });

  test('usage-stats defaults to the last 30 days and validates dates', async () => {
    const res = await ctx.request('GET', '/v1/teams/usage-stats', { as: owner });
    assert.equal(res.status, 200);
    assert.equal((Date.parse(res.body.end_date) - Date.parse(res.body.start_date)) / 86_400_000, 29);
    for (const query of [
      'start_date=2026-13-01',
      'end_date=yesterday',
      'start_date=2026-03-05&end_date=2026-03-01',
      'start_date=2020-01-01&end_date=2026-01-01',
    ]) {
      const bad = await ctx.request('GET', `/v1/teams/usage-stats?${query}`, { as: owner });
      assert.equal(bad.status, 400, query);
      assert.equal(bad.body.code, 'VALIDATION_ERROR');
    }
  });

  test('dashboard stats compare with earlier periods', async () => {
    const now = Date.now();
    await usage(owner.id, 10, new Date(now - 60_000), 'gpt-4o', 1200);
    await usage(owner.id, 10, new Date(now - 60_000), 'gpt-4o', 800);
    await usage(owner.id, 10, new Date(now - 86_400_000), 'gpt-4o', 500);
    await usage(owner.id, 10, new Date(now - 40 * 86_400_000), 'old-model', 500);
    await ctx.request('POST', '/v1/api-keys/', { as: owner, body: { name: 'k' } });
    const res = await ctx.request('GET', '/v1/dashboard/stats', { as: owner });
    assert.equal(res.status, 200);
    assert.equal(res.body.total_api_keys, 1);
    assert.equal(res.body.api_keys_change, '+1');
    assert.equal(res.body.active_models, 1);
    assert.equal(res.body.models_change, '+0');
    // Today/yesterday depend on the UTC day boundary, so only the shape is certain here.
    for (const key of ['requests_change', 'response_time_change']) assert.match(res.body[key], /^[+-]/);
  });

  test('without a team: zero stats with +0 changes and an empty activity list', async () => {
    const stats = await ctx.request('GET', '/v1/dashboard/stats', { as: outsider });
    assert.deepEqual(stats.body, {
      total_api_keys: 0,
      api_keys_change: '+0',
      requests_today: 0,
      requests_change: '+0',
      avg_response_time: 0,
      response_time_change: '+0',
      active_models: 0,
      models_change: '+0',
    });
    assert.deepEqual((await ctx.request('GET', '/v1/dashboard/activity', { as: outsider })).body, { activities: [] });
    assert.equal((await ctx.request('GET', '/v1/dashboard/activity?limit=0', { as: owner })).status, 400);
    assert.equal((await ctx.request('GET', '/v1/dashboard/stats')).status, 401);
  });
});
