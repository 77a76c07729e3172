import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { derivedBalanceCents } from '../ledger/ledger';
import { DEMO_GUARDRAILS, seedDemo, seedDemoIfEmpty } from '../seed/demo';
import { createTestContext, type TestContext, type TestUser } from './helpers';

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

async function signIn(login: string): Promise<TestUser> {
  const [user] = await ctx.db.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE login = $1', [
    login,
  ]);
  return { id: user.id, login, email: user.email, token: await ctx.token(user.id) };
}

/** Totals that must come out the same for the same "now". */
async function fingerprint() {
  const [row] = await ctx.db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM usage_events) AS events, (SELECT sum(cost_cents) FROM usage_events) AS cost,
            (SELECT sum(prompt_tokens) FROM usage_events) AS tokens, (SELECT credit_balance_cents FROM teams) AS balance`,
  );
  return row;
}

describe('demo seed', () => {
  test('is deterministic for a given now and only seeds an empty database', async () => {
    const now = new Date('2026-06-20T12:00:00Z');
    await ctx.reset();
    await seedDemo(ctx.db, { now });
    const first = await fingerprint();
    assert.equal(await seedDemoIfEmpty(ctx.db, { now }), false);
    await ctx.reset();
    assert.equal(await seedDemoIfEmpty(ctx.db, { now }), true);
    assert.deepEqual(await fingerprint(), first);
    assert.ok(first.events >= 300 && first.events <= 10_000, String(first.events));
  });

  test('month-to-date usage stays near 70% of the budget even just after midnight on the 1st', async () => {
    await ctx.reset();
    await seedDemo(ctx.db, { now: new Date('2026-07-01T00:01:00Z') });
    const [row] = await ctx.db.query<{ cents: number; late: number }>(
      `SELECT (SELECT sum(cost_cents) FROM usage_daily WHERE day >= '2026-07-01') AS cents,
              (SELECT count(*) FROM usage_events WHERE created_at > '2026-07-01T00:01:00Z') AS late`,
    );
    assert.ok(row.cents >= 30_000 && row.cents <= 40_000, String(row.cents));
    assert.equal(row.late, 0);
  });

  describe('contents (seeded at the real now, as npm start does)', () => {
    before(async () => {
      await ctx.reset();
      await seedDemo(ctx.db);
    });

    test('alice owns Acme AI with month-to-date usage at 60-80% of a $500 budget', async () => {
      const alice = await signIn('alice');
      const dashboard = await ctx.request('GET', '/v1/teams/dashboard', { as: alice });
      assert.equal(dashboard.body.is_owner, true);
      assert.equal(dashboard.body.team.name, 'Acme AI');
      assert.equal(dashboard.body.team.budget_limit, 500);
      assert.equal(dashboard.body.team.member_count, 2);
      const utilisation = dashboard.body.team.budget_utilization;
      assert.ok(utilisation >= 60 && utilisation <= 80, String(utilisation));
      assert.ok(dashboard.body.current_month_stats.unique_models_used >= 4);
      // Three requests asked again and answered from the response cache, each naming the request it repeated.
      const month = dashboard.body.current_month_stats;
      assert.equal(month.cache_hits, 3);
      assert.ok(month.cache_saved_cents > 0, String(month.cache_saved_cents));
      const log = await ctx.request('GET', '/v1/teams/requests?limit=20', { as: alice });
      const hits = (
        log.body.rows as { cached_from: string | null; cost_cents: number; request_id: string | null }[]
      ).filter((row) => row.cached_from !== null);
      assert.equal(hits.length, 3);
      assert.ok(hits.every((row) => row.cost_cents === 0));
      const bob = await signIn('bob');
      assert.equal((await ctx.request('GET', '/v1/teams/dashboard', { as: bob })).body.is_owner, false);
      const admin = await signIn('admin');
      assert.equal((await ctx.request('GET', '/v1/auth/me', { as: admin })).body.is_admin, true);
    });

    test('alerts the seeded month crossed are in the bells and the outbox (kept), and the history in the audit log', async () => {
      const alice = await signIn('alice');
      const bell = await ctx.request('GET', '/v1/notifications', { as: alice });
      assert.deepEqual(bell.body.notifications.map((n: { title: string }) => n.title).sort(), [
        'API key "Data pipeline" reached its spending limit',
        'Acme AI has used 50% of its monthly budget',
        'bob@example.com reached their monthly cap',
      ]);
      const bob = await signIn('bob');
      assert.deepEqual(
        (await ctx.request('GET', '/v1/notifications', { as: bob })).body.notifications.map(
          (n: { title: string }) => n.title,
        ),
        ['bob@example.com reached their monthly cap'],
      );
      const admin = await signIn('admin');
      const outbox = await ctx.request('GET', '/v1/admin/outbox', { as: admin });
      assert.equal(outbox.body.total, 3);
      assert.ok(outbox.body.messages.every((message: { status: string }) => message.status === 'kept'));
      const audit = await ctx.request('GET', '/v1/audit-log?limit=200', { as: alice });
      const actions = new Set(audit.body.rows.map((row: { action: string }) => row.action));
      for (const action of ['team.created', 'team.budget_changed', 'member.cap_changed', 'api_key.revoked']) {
        assert.ok(actions.has(action), action);
      }
      // Seeded once: the first settlement of the running server fires none of them again.
      const [{ states }] = await ctx.db.query<{ states: number }>('SELECT count(*) AS states FROM alert_state');
      assert.ok(states >= 3);
    });

    test('a positive balance equal to ledger minus usage, with every type the server writes and none unknown', async () => {
      const alice = await signIn('alice');
      const [team] = await ctx.db.query<{ id: string; credit_balance_cents: number }>(
        'SELECT id, credit_balance_cents FROM teams',
      );
      assert.equal(team.credit_balance_cents, await derivedBalanceCents(ctx.db, team.id));
      assert.ok(
        team.credit_balance_cents > 10_000 && team.credit_balance_cents < 100_000,
        String(team.credit_balance_cents),
      );
      const history = await ctx.request('GET', `/v1/teams/${team.id}/credits/history`, { as: alice });
      const types = new Set(history.body.entries.map((e: { type: string }) => e.type));
      assert.deepEqual([...types].sort(), ['adjustment', 'refund', 'topup', 'transfer']);
    });

    test('keys: 4 active and 1 inactive listed, the revoked one hidden', async () => {
      const keys = await ctx.request('GET', '/v1/api-keys/', { as: await signIn('bob') });
      assert.deepEqual(keys.body.map((k: { is_active: boolean }) => k.is_active).sort(), [
        false,
        true,
        true,
        true,
        true,
      ]);
      assert.ok(keys.body.every((k: { last_used_at: string | null }) => k.last_used_at));
      const pipeline = keys.body.find((k: { name: string }) => k.name === 'Data pipeline');
      assert.equal(pipeline.limit_period, 'monthly');
      assert.ok(pipeline.period_spend_cents >= pipeline.spend_limit_cents, 'the seeded key has reached its limit');
      assert.equal(pipeline.blocked_by, 'key_budget_exceeded');
    });

    test('bob is at the monthly cap alice set: his dashboard says so and his key without a limit is refused', async () => {
      const bob = await signIn('bob');
      const { my_cap: cap } = (await ctx.request('GET', '/v1/teams/dashboard', { as: bob })).body;
      assert.ok(cap.month_spend_cents >= cap.monthly_cap_cents, JSON.stringify(cap));
      const keys = await ctx.request('GET', '/v1/api-keys/', { as: bob });
      const notebook = keys.body.find((k: { name: string }) => k.name === 'Notebook');
      assert.deepEqual([notebook.spend_limit_cents, notebook.blocked_by], [null, 'member_budget_exceeded']);
      const alice = await signIn('alice');
      assert.equal((await ctx.request('GET', '/v1/teams/dashboard', { as: alice })).body.my_cap, null);
      const production = (await ctx.request('GET', '/v1/api-keys/', { as: alice })).body.find(
        (k: { name: string }) => k.name === 'Production',
      );
      assert.equal(production.blocked_by, null, "alice's keys are not affected");
    });

    test('payments in every status, the live one payable', async () => {
      const alice = await signIn('alice');
      const [team] = await ctx.db.query<{ id: string }>('SELECT id FROM teams');
      const history = await ctx.request('GET', `/v1/teams/${team.id}/payments/history`, { as: alice });
      const statuses = history.body.payments.map((p: { status: string }) => p.status);
      for (const status of ['pending', 'completed', 'failed', 'expired', 'refunded'])
        assert.ok(statuses.includes(status), status);
      assert.ok(
        history.body.payments.find((p: { status: string; failure_reason: string }) => p.status === 'failed')
          .failure_reason,
      );
      const live = history.body.payments.find((p: { status: string }) => p.status === 'pending');
      assert.ok(Date.parse(live.expires_at) > Date.now());
      assert.match(live.payment_url, /\/v1\/payments\/sandbox\/ord_demo_live$/);
    });

    test('paid payments have their invoices in date order, the refund its credit note, the team its billing details', async () => {
      const alice = await signIn('alice');
      const [team] = await ctx.db.query<{ id: string }>('SELECT id FROM teams');
      const history = await ctx.request('GET', `/v1/teams/${team.id}/payments/history`, { as: alice });
      // Numbered in date order within each year (the opening top-up may fall in the year before).
      const documents = Object.fromEntries(
        history.body.payments.map((p: { order_id: string; documents: { number: string }[] }) => [
          p.order_id,
          p.documents.map((document) => document.number),
        ]),
      );
      assert.match(documents.ord_demo_opening.join(), /^INV-\d{4}-00000[1-3]$/);
      assert.match(documents.ord_demo_refunded.join(), /^INV-\d{4}-00000[1-3],CN-\d{4}-000001$/);
      assert.match(documents.ord_demo_topup.join(), /^INV-\d{4}-00000[1-3]$/);
      assert.ok(documents.ord_demo_refunded[0] < documents.ord_demo_topup[0]);
      assert.deepEqual(documents.ord_demo_failed, []);
      const details = await ctx.request('GET', `/v1/teams/${team.id}/billing-details`, { as: alice });
      assert.equal(details.body.legal_name, 'Acme AI Ltd');
    });

    test('coupons in every display status', async () => {
      const admin = await signIn('admin');
      const { coupons } = (await ctx.request('GET', '/v1/admin/coupons?sort_by=code', { as: admin })).body;
      const byCode = Object.fromEntries(coupons.map((c: { code: string }) => [c.code, c]));
      assert.equal(byCode.WELCOME10.active, true);
      assert.ok(byCode.WELCOME10.current_uses < byCode.WELCOME10.max_uses);
      assert.ok(Date.parse(byCode.SPRING5.expires_at) < Date.now());
      assert.equal(byCode.LAUNCH50.current_uses, byCode.LAUNCH50.max_uses);
      assert.equal(byCode.OLDPROMO.active, false);
    });

    test('pricing tiers: current, expired, future, caching and a two-range model', async () => {
      const admin = await signIn('admin');
      const all = (await ctx.request('GET', '/v1/admin/pricing', { as: admin })).body.pricings;
      const now = Date.now();
      assert.ok(all.some((t: { expiry_time: string | null }) => t.expiry_time && Date.parse(t.expiry_time) < now));
      assert.ok(all.some((t: { effective_time: string }) => Date.parse(t.effective_time) > now));
      assert.ok(all.some((t: { supports_caching: boolean }) => t.supports_caching));
      const sonnet = all.filter((t: { model: string }) => t.model === 'claude-sonnet-4');
      assert.deepEqual(
        sonnet.map((t: { min_tokens: number; max_tokens: number | null }) => [t.min_tokens, t.max_tokens]),
        [
          [0, 200_000],
          [200_001, null],
        ],
      );
      const providers = new Set(all.map((t: { provider: string }) => t.provider));
      // The four providers, plus the built-in echo provider the demo gateway answers with.
      assert.deepEqual([...providers].sort(), ['anthropic', 'echo', 'google', 'openai', 'openrouter']);
    });

    test('three model routes: echo/flaky falls back to echo-1; echo/cached caches; team/default-smart ends on echo-1', async () => {
      const admin = await signIn('admin');
      const { routes } = (await ctx.request('GET', '/v1/admin/routing/routes', { as: admin })).body;
      const summary = routes.map(
        (route: { name: string; max_retries: number; backoff_ms: number; deployments: Record<string, unknown>[] }) => [
          route.name,
          route.max_retries,
          route.backoff_ms,
          route.deployments.map((d) => `${d.rank}:${d.weight}:${d.provider}/${d.model}`),
        ],
      );
      assert.deepEqual(summary, [
        ['echo/cached', 1, 200, ['1:1:echo/echo-1']],
        ['echo/flaky', 1, 100, ['1:1:echo/unavailable-1', '2:1:echo/echo-1']],
        ['team/default-smart', 1, 200, ['1:1:anthropic/claude-sonnet-4', '1:1:openai/gpt-4o', '2:1:echo/echo-1']],
      ]);
      // Acme AI's guardrails: personal data redacted, secrets blocked (docs/guardrails.md).
      const alice = await signIn('alice');
      const guardrails = (await ctx.request('GET', '/v1/teams/guardrails', { as: alice })).body;
      assert.deepEqual(guardrails.policy.detectors, DEMO_GUARDRAILS.detectors);
      assert.equal(guardrails.policy.detectors.secret, 'block');
      const cached = routes.find((route: { name: string }) => route.name === 'echo/cached');
      assert.deepEqual([cached.cache_enabled, cached.semantic_cache_model], [true, 'echo/embed-1']);
      const pricing = (await ctx.request('GET', '/v1/admin/pricing?provider=echo', { as: admin })).body.pricings;
      assert.deepEqual(
        pricing.map(
          (t: {
            model: string;
            prompt_cost_per_1m: number;
            completion_cost_per_1m: number;
            unit_prices: Record<string, number>;
          }) => [t.model, t.prompt_cost_per_1m, t.completion_cost_per_1m, t.unit_prices],
        ),
        [
          ['echo-1', 1000, 1000, {}],
          ['embed-1', 20, 0, {}],
          ['image-1', 0, 0, { 'image:256x256': 0.016, 'image:512x512': 0.018, 'image:1024x1024': 0.04, image: 0.08 }],
          ['moderation-1', 20, 0, {}],
          ['rerank-1', 0, 0, { search_unit: 0.02 }],
          ['speech-1', 0, 0, { speech_character: 0.001 }],
          ['transcribe-1', 0, 0, { audio_second: 0.01 }],
          ['unavailable-1', 1000, 1000, {}],
        ],
      );
    });

    test('activity, usage stats and dashboard stats come from the seeded data', async () => {
      const alice = await signIn('alice');
      const activity = await ctx.request('GET', '/v1/dashboard/activity?limit=50', { as: alice });
      assert.ok(activity.body.activities.length >= 10);
      const stats = await ctx.request('GET', '/v1/teams/usage-stats', { as: alice });
      assert.equal(Object.keys(stats.body.daily_usage).length, 30);
      assert.equal(Object.keys(stats.body.usage_by_member).length, 2);
      assert.ok(Object.keys(stats.body.usage_by_model).length >= 5);
      const dashboard = await ctx.request('GET', '/v1/dashboard/stats', { as: alice });
      assert.equal(dashboard.body.total_api_keys, 5);
      assert.equal(dashboard.body.active_models, 6);
    });
  });
});
