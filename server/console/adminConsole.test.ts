import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { balanceCents, derivedBalanceCents } from '../ledger/ledger';
import { sendJson } from '../test/fakeUpstream';
import type { TestUser } from '../test/helpers';
import { createGatewayContext, type GatewayTestContext } from '../test/gatewayHelpers';
import { ACCOUNT_DISABLED } from '../../contract/accountStatus';
import { API_KEYS_PATH } from '../../contract/apiPaths';
import type { ApiKey } from '../../contract/schemas/apiKeys';
import { ADJUSTMENT_AMOUNT_MESSAGE, ADJUSTMENT_REASON_MESSAGE } from '../../contract/schemas/billing';
import { DISABLE_SELF_MESSAGE } from '../../contract/schemas/adminConsole';
import {
  ADMIN_ANALYTICS_PATH,
  ADMIN_OVERVIEW_PATH,
  ADMIN_TEAMS_PATH,
  ADMIN_USERS_PATH,
  adminCreditAdjustmentsPath,
  adminTeamPath,
  adminUserPath,
} from '../../contract/apiPaths';

/**
 * The operator's console through HTTP (docs/governance.md): every team and user, a team's page, manual adjustments,
 * disabling a user, the System Overview and analytics. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext();
});
after(() => ctx.close());

let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let teamId: string;
/** A completion token costs exactly 1 cent. */
const body = { model: 'openai/metered', messages: [{ role: 'user', content: 'go' }], max_tokens: 7 };

beforeEach(async () => {
  await ctx.reset();
  admin = await ctx.user('admin');
  owner = await ctx.user('owner');
  member = await ctx.user('member');
  teamId = await ctx.team(owner, 'Acme', 10_000);
  await ctx.join(member, teamId);
  await ctx.team(await ctx.user('zed'), 'Zeta', 0);
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 0, completion: 10_000 });
  ctx.upstream.handler = (request, res) =>
    sendJson(res, request.body.model, 'ok', { prompt_tokens: 3, completion_tokens: request.body.max_tokens });
});

const adjust = (amount_cents: unknown, reason: unknown, team = teamId, as = admin) =>
  ctx.request('POST', adminCreditAdjustmentsPath(team), { as, body: { amount_cents, reason } });

describe('every route is for administrators only', () => {
  test('401 without a session, 403 for a member', async () => {
    for (const url of [
      ADMIN_OVERVIEW_PATH,
      ADMIN_TEAMS_PATH,
      adminTeamPath(teamId),
      ADMIN_USERS_PATH,
      ADMIN_ANALYTICS_PATH,
    ]) {
      assert.equal((await ctx.request('GET', url)).status, 401, url);
      assert.equal((await ctx.request('GET', url, { as: owner })).status, 403, url);
    }
    assert.equal((await adjust(100, 'x', teamId, owner)).status, 403);
    assert.equal(
      (await ctx.request('PATCH', adminUserPath(member.id), { as: owner, body: { disabled: true } })).status,
      403,
    );
  });
});

describe('teams', () => {
  test('every team with owner, members, balance, spend and budget use; searched, sorted and paged', async () => {
    await ctx.topUp(teamId, 1_000);
    const key = await ctx.key(owner);
    assert.equal((await ctx.chat(key, body)).status, 200);
    await ctx.app.gateway.settled();

    const list = await ctx.request('GET', `${ADMIN_TEAMS_PATH}?sort=name&order=asc`, { as: admin });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 2);
    const [acme, zeta] = list.body.rows;
    assert.equal(acme.name, 'Acme');
    assert.equal(zeta.name, 'Zeta');
    assert.equal(acme.owner.login, 'owner');
    assert.equal(acme.member_count, 2);
    assert.equal(acme.month_spend_cents, 7);
    assert.equal(acme.balance_cents, 993);
    assert.equal(acme.budget_use_percent, 0.07);
    assert.notEqual(acme.last_activity_at, null);
    assert.equal(zeta.budget_use_percent, null);

    const searched = await ctx.request('GET', `${ADMIN_TEAMS_PATH}?search=zed`, { as: admin });
    assert.deepEqual(
      searched.body.rows.map((row: { name: string }) => row.name),
      ['Zeta'],
      "found by its owner's login",
    );
    const paged = await ctx.request('GET', `${ADMIN_TEAMS_PATH}?sort=name&order=asc&limit=1&offset=1`, { as: admin });
    assert.deepEqual([paged.body.total, paged.body.rows[0].name], [2, 'Zeta']);
    const past = await ctx.request('GET', `${ADMIN_TEAMS_PATH}?limit=1&offset=5`, { as: admin });
    assert.deepEqual([past.body.total, past.body.rows], [2, []]);
  });

  test('bad list input is a 400 that says what is wrong', async () => {
    const cases: [string, string][] = [
      ['sort=balance', 'sort must be one of'],
      ['order=up', 'order must be one of asc, desc'],
      ['limit=0', 'limit must be an integer from 1 to 100'],
      ['limit=101', 'limit must be an integer from 1 to 100'],
    ];
    for (const [query, message] of cases) {
      const res = await ctx.request('GET', `${ADMIN_TEAMS_PATH}?${query}`, { as: admin });
      assert.equal(res.status, 400, query);
      assert.match(res.body.message, new RegExp(message.replace(/[()]/g, '\\$&')), query);
    }
  });

  test("a team's page: members, keys without secrets, payments, ledger and usage; 404 for an unknown team", async () => {
    await ctx.topUp(teamId, 500);
    const key = await ctx.key(member, 'ci');
    assert.equal((await ctx.chat(key, body)).status, 200);
    await ctx.app.gateway.settled();
    const res = await ctx.request('GET', adminTeamPath(teamId), { as: admin });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.team.name, 'Acme');
    assert.deepEqual(
      res.body.members.map((m: { login: string; role: string; month_spend_cents: number }) => [
        m.login,
        m.role,
        m.month_spend_cents,
      ]),
      [
        ['owner', 'owner', 0],
        ['member', 'member', 7],
      ],
    );
    assert.equal(res.body.keys.length, 1);
    assert.equal(res.body.keys[0].name, 'ci');
    assert.equal(res.body.keys[0].user.login, 'member');
    assert.ok(!JSON.stringify(res.body.keys).includes(key), 'no secret');
    assert.ok(!('key_hash' in res.body.keys[0]));
    assert.equal(res.body.credits[0].amount_cents, 500);
    assert.equal(res.body.usage.days.length, 30);
    assert.equal(res.body.usage.days.at(-1).requests, 1);
    assert.deepEqual(res.body.usage.models, [
      { provider: 'openai', model: 'metered', requests: 1, tokens: 10, cost_cents: 7 },
    ]);
    assert.equal((await ctx.request('GET', adminTeamPath('nope'), { as: admin })).status, 404);
    assert.equal(
      (await ctx.request('GET', adminTeamPath('00000000-0000-4000-8000-000000000000'), { as: admin })).status,
      404,
    );
  });
});

describe('manual adjustments', () => {
  test('a credit and a debit: one ledger entry of type adjustment each, by whom and why, and the new balance', async () => {
    const credited = await adjust(2_500, '  Goodwill refund for the outage  ');
    assert.equal(credited.status, 201, credited.text);
    assert.deepEqual(credited.body, { team_id: teamId, balance_cents: 2_500 });
    const debited = await adjust(-500, 'Duplicate credit');
    assert.deepEqual(debited.body, { team_id: teamId, balance_cents: 2_000 });
    const page = await ctx.request('GET', adminTeamPath(teamId), { as: admin });
    assert.deepEqual(
      page.body.credits.map((e: { type: string; amount_cents: number; description: string; created_by: string }) => [
        e.type,
        e.amount_cents,
        e.description,
        e.created_by,
      ]),
      [
        ['adjustment', -500, 'Duplicate credit', 'admin'],
        ['adjustment', 2_500, 'Goodwill refund for the outage', 'admin'],
      ],
    );
    const history = await ctx.request('GET', `/v1/teams/${teamId}/credits/history`, { as: owner });
    assert.equal(history.body.entries[0].type, 'adjustment', "the team's own history shows it");
    const audit = await ctx.db.query<{ team_id: string; actor_label: string; before: object; after: object }>(
      `SELECT team_id, actor_label, before, after FROM audit_log WHERE action = 'credits.adjusted' AND team_id = $1
       ORDER BY created_at, id`,
      [teamId],
    );
    assert.deepEqual(
      audit.map((entry) => [entry.team_id, entry.actor_label, entry.before, entry.after]),
      [
        [
          teamId,
          'admin',
          { balance_cents: 0 },
          { balance_cents: 2_500, amount_cents: 2_500, reason: 'Goodwill refund for the outage' },
        ],
        [
          teamId,
          'admin',
          { balance_cents: 2_500 },
          { balance_cents: 2_000, amount_cents: -500, reason: 'Duplicate credit' },
        ],
      ],
    );
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 2_000);
  });

  test('amounts past 2^31 cents, up to the largest the contract takes, are added and refused as any other', async () => {
    // The fuzz test found a credit of $999,999,990.20 answered 500: PostgreSQL typed the amount integer.
    const credited = await adjust(99_999_999_020, 'Large credit');
    assert.equal(credited.status, 201, credited.text);
    assert.equal(credited.body.balance_cents, 99_999_999_020);
    assert.equal((await adjust(-99_999_999_021, 'Too large a debit')).status, 409);
    assert.equal((await adjust(-99_999_999_020, 'Back to zero')).body.balance_cents, 0);
  });

  test('bad input: a zero, a fraction, no reason; an unknown team; a debit beyond the balance (409, nothing written)', async () => {
    assert.equal((await adjust(0, 'x')).body.message, ADJUSTMENT_AMOUNT_MESSAGE);
    assert.equal((await adjust(1.5, 'x')).body.message, ADJUSTMENT_AMOUNT_MESSAGE);
    assert.equal((await adjust(100, '')).body.message, ADJUSTMENT_REASON_MESSAGE);
    assert.equal((await adjust(100, '   ')).body.message, ADJUSTMENT_REASON_MESSAGE);
    assert.equal((await adjust(100, 'x'.repeat(201))).status, 400);
    assert.equal((await adjust(100, 'x', '00000000-0000-4000-8000-000000000000')).status, 404);
    await ctx.topUp(teamId, 300);
    const over = await adjust(-301, 'Too much');
    assert.equal(over.status, 409);
    assert.equal(
      over.body.message,
      'A debit of $3.01 is more than Acme has: its balance is $3.00. Debit at most $3.00.',
    );
    assert.equal(await balanceCents(ctx.db, teamId), 300);
    const [{ count }] = await ctx.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_log WHERE action = 'credits.adjusted' AND team_id = $1`,
      [teamId],
    );
    assert.equal(count, 0, 'a refused debit leaves no audit entry');
  });

  test('concurrent debits never take more than the balance: of 20 debits of $1.00 from $5.00, exactly 5 pass', async () => {
    await ctx.topUp(teamId, 500);
    const results = await Promise.all(Array.from({ length: 20 }, () => adjust(-100, 'Concurrent debit')));
    assert.equal(results.filter((r) => r.status === 201).length, 5);
    assert.equal(results.filter((r) => r.status === 409).length, 15);
    assert.equal(await balanceCents(ctx.db, teamId), 0);
    assert.equal(await derivedBalanceCents(ctx.db, teamId), 0);
  });
});

describe('users', () => {
  test('every user with team, role, admin flag, keys and spend; searched, filtered, sorted', async () => {
    await ctx.topUp(teamId, 1_000);
    const key = await ctx.key(member);
    assert.equal((await ctx.chat(key, body)).status, 200);
    await ctx.app.gateway.settled();
    const list = await ctx.request('GET', `${ADMIN_USERS_PATH}?sort=login&order=asc`, { as: admin });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.rows.map((u: { login: string }) => u.login),
      ['admin', 'member', 'owner', 'zed'],
    );
    const row = list.body.rows[1];
    assert.deepEqual(
      [row.team.name, row.role, row.is_admin, row.key_count, row.month_spend_cents, row.disabled_at],
      ['Acme', 'member', false, 1, 7, null],
    );
    assert.notEqual(row.last_sign_in_at, null);
    assert.equal(list.body.rows[0].is_admin, true);
    const found = await ctx.request('GET', `${ADMIN_USERS_PATH}?search=acm`, { as: admin });
    assert.deepEqual(found.body.rows.map((u: { login: string }) => u.login).sort(), ['member', 'owner']);
    const bad = await ctx.request('GET', `${ADMIN_USERS_PATH}?status=gone`, { as: admin });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'status must be one of active, disabled');
  });

  test('disabling ends their sessions, refuses sign-in and their keys at once; enabling lets them back', async () => {
    await ctx.topUp(teamId, 1_000);
    const key = await ctx.key(member);
    assert.equal((await ctx.chat(key, body)).status, 200);

    const disabled = await ctx.request('PATCH', adminUserPath(member.id), { as: admin, body: { disabled: true } });
    assert.equal(disabled.status, 200, disabled.text);
    assert.notEqual(disabled.body.disabled_at, null);
    assert.equal((await ctx.request('GET', '/v1/auth/me', { as: member })).status, 401, 'session ended');
    assert.equal((await ctx.chat(key, body)).status, 401, 'key refused');
    // The API Keys page says why (contract/keyBlock.ts, the same rule as the database's key_usable).
    const keys = (await ctx.request('GET', API_KEYS_PATH, { as: owner })).body as ApiKey[];
    assert.deepEqual(
      keys.map((k) => [k.blocked_by, k.blocked_until]),
      [['key_owner_disabled', null]],
    );
    const signIn = await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'member' } });
    assert.equal(signIn.status, 403);
    assert.equal(signIn.body.message, ACCOUNT_DISABLED.message);
    const listed = await ctx.request('GET', `${ADMIN_USERS_PATH}?status=disabled`, { as: admin });
    assert.deepEqual(
      listed.body.rows.map((u: { login: string }) => u.login),
      ['member'],
    );

    const enabled = await ctx.request('PATCH', adminUserPath(member.id), { as: admin, body: { disabled: false } });
    assert.equal(enabled.body.disabled_at, null);
    assert.equal((await ctx.chat(key, body)).status, 200, 'key works again');
    const again = (await ctx.request('GET', API_KEYS_PATH, { as: owner })).body as ApiKey[];
    assert.deepEqual(
      again.map((k) => k.blocked_by),
      [null],
    );
    assert.equal((await ctx.request('POST', '/v1/auth/dev-login', { body: { login: 'member' } })).status, 200);
    const feed = await ctx.db.query<{ message: string }>(
      'SELECT message FROM activity_events WHERE team_id = $1 ORDER BY created_at',
      [teamId],
    );
    assert.ok(feed.some((e) => e.message.includes("member's account was disabled by an administrator (admin)")));
    const audit = await ctx.db.query<{ action: string; target_label: string; team_id: string; before: object }>(
      `SELECT action, target_label, team_id, before FROM audit_log WHERE action LIKE 'user.%' AND team_id = $1
       ORDER BY created_at, id`,
      [teamId],
    );
    assert.deepEqual(
      audit.map((entry) => [entry.action, entry.target_label, entry.team_id, entry.before]),
      [
        ['user.disabled', 'member', teamId, { disabled: false }],
        ['user.enabled', 'member', teamId, { disabled: true }],
      ],
    );
  });

  test('an administrator cannot disable themselves; unknown users are 404; a bad body is 400', async () => {
    const self = await ctx.request('PATCH', adminUserPath(admin.id), { as: admin, body: { disabled: true } });
    assert.deepEqual([self.status, self.body.message], [409, DISABLE_SELF_MESSAGE]);
    const unknown = adminUserPath('00000000-0000-4000-8000-000000000000');
    assert.equal((await ctx.request('PATCH', unknown, { as: admin, body: { disabled: true } })).status, 404);
    const bad = await ctx.request('PATCH', adminUserPath(member.id), { as: admin, body: { disabled: 'yes' } });
    assert.deepEqual([bad.status, bad.body.message], [400, 'disabled must be true or false']);
  });
});

describe('overview and analytics', () => {
  test("System Overview: users, teams and today's calls", async () => {
    await ctx.topUp(teamId, 1_000);
    const key = await ctx.key(owner);
    for (let i = 0; i < 3; i++) assert.equal((await ctx.chat(key, body)).status, 200);
    await ctx.app.gateway.settled();
    const res = await ctx.request('GET', ADMIN_OVERVIEW_PATH, { as: admin });
    assert.deepEqual(res.body, { total_users: 4, total_teams: 2, api_calls_today: 3 });
  });

  test('analytics by day, provider, model and team from the roll-ups, with credits sold against usage', async () => {
    await adjust(1_000, 'Start');
    const key = await ctx.key(owner);
    for (let i = 0; i < 2; i++) assert.equal((await ctx.chat(key, body)).status, 200);
    await ctx.app.gateway.settled();
    const res = await ctx.request('GET', ADMIN_ANALYTICS_PATH, { as: admin });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.days.length, 31);
    assert.equal(res.body.totals.requests, 2);
    assert.equal(res.body.totals.cost_cents, 14);
    assert.equal(res.body.totals.completion_tokens, 14);
    assert.notEqual(res.body.totals.p95_latency_ms, null);
    assert.deepEqual(
      res.body.models.map((m: { model: string; requests: number }) => [m.model, m.requests]),
      [['metered', 2]],
    );
    assert.deepEqual(
      res.body.teams.map((t: { team_name: string; cost_cents: number }) => [t.team_name, t.cost_cents]),
      [['Acme', 14]],
    );
    assert.equal(res.body.team_count, 1);
    assert.equal(res.body.credits.adjustments_cents, 1_000);
    assert.equal(res.body.credits.usage_cents, 14);

    const reversed = await ctx.request('GET', `${ADMIN_ANALYTICS_PATH}?start_date=2026-02-01&end_date=2026-01-01`, {
      as: admin,
    });
    assert.deepEqual([reversed.status, reversed.body.message], [400, 'start_date must not be after end_date']);
    const long = await ctx.request('GET', `${ADMIN_ANALYTICS_PATH}?start_date=2024-01-01&end_date=2026-01-01`, {
      as: admin,
    });
    assert.equal(long.status, 400);
  });
});
