import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { AlertSettingsBody, CreatedWebhookEndpoint, NotificationList } from '../../contract/schemas/alerts';
import { DEFAULT_ALERT_SETTINGS } from '../../contract/schemas/alerts';
import { sendJson } from './fakeUpstream';
import { eventually, openTestDb, type TestDb, type TestUser } from './helpers';
import { allAtOnce, createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { QUICK_BACKGROUND, quietFor, startSmtpServer, startWebhookReceiver } from './alertHelpers';

/**
 * Alerts end to end (docs/alerts.md): real gateway calls settle, the alert is evaluated off the request path, and it
 * reaches a real SMTP server, a real HTTP receiver (its signature checked with the standardwebhooks package) and the
 * bell, exactly once per crossing, also under 100 concurrent settlements and across a restart.
 */
let database: TestDb;
let ctx: GatewayTestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const env = () => ({
  SMTP_URL: smtp.url,
  ALERTS_FROM: 'Gateway Alerts <alerts@gateway.test>',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  PUBLIC_URL: 'http://gateway.test',
});
const open = (db: TestDb) => createGatewayContext(env(), ['openai'], db, QUICK_BACKGROUND);

before(async () => {
  smtp = await startSmtpServer();
  receiver = await startWebhookReceiver();
  database = await openTestDb();
  ctx = await open(database.another());
});
after(async () => {
  await ctx.close();
  await database.drop();
  await smtp.close();
  await receiver.close();
});

let owner: TestUser;
let member: TestUser;
let teamId: string;
let endpoint: CreatedWebhookEndpoint;

/** Every request costs exactly 5 cents: 5 completion tokens at 1 cent each. */
const CALL = { model: 'openai/metered', messages: [{ role: 'user', content: 'go' }], max_tokens: 5 };

beforeEach(async () => {
  await ctx.reset();
  smtp.messages.length = 0;
  receiver.received.length = 0;
  owner = await ctx.user('owner', { email: 'owner@acme.test' });
  member = await ctx.user('member', { email: 'member@acme.test' });
  teamId = await ctx.team(owner, 'Acme', 600);
  await ctx.join(member, teamId);
  await ctx.topUp(teamId, 100_000);
  await ctx.tier({ provider: 'openai', model: 'metered', prompt: 0, completion: 10_000 });
  ctx.upstream.usage = { prompt_tokens: 10, completion_tokens: 5 };
  const res = await ctx.request('POST', '/v1/teams/alerts/webhooks', {
    as: owner,
    body: { url: receiver.url, description: 'ops' },
  });
  assert.equal(res.status, 201, res.text);
  endpoint = res.body;
  receiver.useSecret(endpoint.secret);
});

async function settings(body: Partial<AlertSettingsBody>) {
  const res = await ctx.request('PUT', '/v1/teams/alerts/settings', {
    as: owner,
    body: { ...DEFAULT_ALERT_SETTINGS, ...body },
  });
  assert.equal(res.status, 200, res.text);
}

/** Everything the alerts started is done: bills written, evaluations run, emails and webhooks sent. */
async function drained(app = ctx.app) {
  await app.gateway.settled();
  await app.alerts.idle();
  await quietFor(150);
  await app.alerts.idle();
  await app.mailer.idle();
}

async function bell(user: TestUser): Promise<NotificationList> {
  const res = await ctx.request('GET', '/v1/notifications', { as: user });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function calls(key: string, count: number) {
  for (let i = 0; i < count; i++) assert.equal((await ctx.chat(key, CALL)).status, 200);
}

describe('a budget threshold', () => {
  test('crossed once: one email, one signed webhook and one notification, saying what was crossed', async () => {
    await settings({ budget_thresholds: [80] });
    const key = await ctx.key(owner);
    await calls(key, 95); // 475 of 600 cents: 79.2%
    await drained();
    assert.equal(smtp.messages.length, 0, 'nothing below the threshold');
    await calls(key, 1); // 480 cents: 80%
    await drained();
    await eventually('the email arrived', () => smtp.messages.length === 1, 15_000);
    await eventually('the webhook arrived', () => receiver.received.length === 1, 15_000);
    await calls(key, 4); // 500 cents: 83%, the same crossing
    await drained();
    await quietFor(200);

    assert.equal(smtp.messages.length, 1, 'exactly one email');
    const [mail] = smtp.messages;
    assert.equal(mail.subject, '[AI Model Gateway] Acme has used 80% of its monthly budget');
    assert.deepEqual(mail.to, ['owner@acme.test']);
    assert.match(mail.from, /alerts@gateway\.test/);
    assert.match(mail.text, /\$4\.80 of the \$6\.00 monthly budget is spent in \w+ \d{4} \(80%, UTC\)\./);
    assert.match(mail.text, /Change these alerts on Team Settings: http:\/\/gateway\.test\/team/);

    assert.equal(receiver.received.length, 1, 'exactly one webhook');
    const [hook] = receiver.received;
    assert.equal(hook.verified, true, 'the standardwebhooks package accepts the signature');
    assert.match(String(hook.headers['webhook-signature']), /^v1,[A-Za-z0-9+/=]+$/);
    const event = JSON.parse(hook.body);
    assert.equal(event.type, 'alert.budget');
    assert.equal(event.data.threshold_percent, 80);
    assert.equal(event.data.team_id, teamId);
    assert.equal(event.data.month_spend_cents, 480);

    const ownersBell = await bell(owner);
    assert.equal(ownersBell.unread_count, 1, 'exactly one notification');
    assert.equal(ownersBell.notifications[0].title, 'Acme has used 80% of its monthly budget');
    assert.equal(ownersBell.notifications[0].kind, 'budget');
    assert.equal((await bell(member)).unread_count, 0, 'a member is not told about the team budget');
  });

  test('100 settlements crossing it at once fire it once; so do two instances evaluating together', async () => {
    await settings({ budget_thresholds: [80] });
    const key = await ctx.key(owner);
    const second = await open(database.another());
    try {
      // 100 requests of 5 cents, split between two instances of one database, all in flight before any is billed:
      // 500 of 600 cents, past 80%.
      const { admitted } = await allAtOnce(
        [ctx, second],
        100,
        () => (Math.random() < 0.5 ? ctx : second).chat(key, CALL),
        (request, res) => sendJson(res, request.body.model, 'ok', { prompt_tokens: 10, completion_tokens: 5 }),
      );
      assert.equal(admitted, 100);
      await Promise.all([drained(), drained(second.app)]);
      await eventually('the email arrived', () => smtp.messages.length >= 1, 15_000);
      await quietFor(300);
      assert.equal(smtp.messages.length, 1, 'one email');
      assert.equal(receiver.received.length, 1, 'one webhook');
      assert.equal((await bell(owner)).unread_count, 1, 'one notification');
      const fired = await ctx.db.query(`SELECT rule, period FROM alert_state WHERE team_id = $1`, [teamId]);
      assert.equal(fired.length, 1);
    } finally {
      await second.close();
    }
  });

  test('after a restart the same crossing does not fire again; the next threshold does', async () => {
    await settings({ budget_thresholds: [50, 90] });
    const key = await ctx.key(owner);
    await calls(key, 60); // 300 of 600: 50%
    await drained();
    await eventually('the 50% email', () => smtp.messages.length === 1, 15_000);

    const restarted = await open(database.another());
    try {
      restarted.app.alerts.teamChanged(teamId);
      await restarted.chat(key, CALL).then((res) => assert.equal(res.status, 200));
      await drained(restarted.app);
      await quietFor(200);
      assert.equal(smtp.messages.length, 1, 'the 50% crossing is not told again');
      for (let i = 0; i < 47; i++) await restarted.chat(key, CALL); // 540 of 600: 90%
      await drained(restarted.app);
      await eventually('the 90% email', () => smtp.messages.length === 2, 15_000);
      assert.equal(smtp.messages[1].subject, '[AI Model Gateway] Acme has used 90% of its monthly budget');
    } finally {
      await restarted.close();
    }
  });

  test('thresholds crossed together are one alert, the highest', async () => {
    await settings({ budget_thresholds: [10, 20, 30] });
    await ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit: 0 } });
    await calls(await ctx.key(owner), 40); // 200 cents, with no budget to cross
    await drained();
    assert.equal(smtp.messages.length, 0);
    // A budget set under the month's spend crosses every threshold at once: 200 of 600 cents is 33%.
    await ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit: 6 } });
    await drained();
    await eventually('one email', () => smtp.messages.length === 1, 15_000);
    await quietFor(200);
    assert.equal(smtp.messages.length, 1);
    const states = await ctx.db.query<{ rule: string }>(
      `SELECT rule FROM alert_state WHERE team_id = $1 ORDER BY rule`,
      [teamId],
    );
    assert.deepEqual(
      states.map((row) => row.rule),
      ['budget:10', 'budget:20', 'budget:30'],
    );
    const alerts = await ctx.db.query<{ title: string }>(`SELECT title FROM alerts WHERE team_id = $1`, [teamId]);
    assert.deepEqual(
      alerts.map((row) => row.title),
      ['Acme has used 30% of its monthly budget'],
    );
  });
});

describe('the credit balance', () => {
  test('below the amount: told once; again only after it has recovered and fallen again', async () => {
    await ctx.db.query(`UPDATE teams SET credit_balance_cents = 0 WHERE id = $1`, [teamId]);
    await ctx.db.query(`DELETE FROM credit_ledger WHERE team_id = $1`, [teamId]);
    await ctx.topUp(teamId, 100);
    await settings({ budget_thresholds: [], balance_below_cents: 80 });
    const key = await ctx.key(owner);
    await calls(key, 4); // balance 80: not below
    await drained();
    assert.equal(smtp.messages.length, 0);
    await calls(key, 1); // 75: below
    await drained();
    await eventually('the balance email', () => smtp.messages.length === 1, 15_000);
    assert.equal(smtp.messages[0].subject, "[AI Model Gateway] Acme's credit balance is below $0.80");
    await calls(key, 2); // 65: still below, told already
    await drained();
    // A top-up (a ledger entry, not usage) is evaluated too: the balance recovers and the alert is armed again.
    await ctx.topUp(teamId, 100); // 165
    await drained();
    await quietFor(100);
    await drained();
    const armed = await ctx.db.query(`SELECT 1 FROM alert_state WHERE team_id = $1 AND rule = 'balance'`, [teamId]);
    assert.equal(armed.length, 0, 'armed again after the recovery');
    await calls(key, 18); // 75: below again
    await drained();
    await eventually('told again', () => smtp.messages.length === 2, 15_000);
    assert.equal(receiver.received.length, 2);
  });

  test('lasting fewer than N days at the last 7 days rate', async () => {
    await settings({ budget_thresholds: [], runway_days: 30 });
    // The week's spend below would be past the budget: no budget here.
    await ctx.request('PUT', '/v1/teams/budget', { as: owner, body: { budget_limit: 0 } });
    const key = await ctx.key(owner);
    // 1,000 dollars at 5 cents spent today: 7 days' rate is 5/7 cents a day, lasting ~140,000 days.
    await calls(key, 1);
    await drained();
    assert.equal(smtp.messages.length, 0);
    // Spent 7 days ago: 210,000 cents over the week is 30,000 a day; the balance of ~99,990 lasts ~3.3 days.
    await ctx.db.query(
      `INSERT INTO usage_daily (team_id, user_id, model, provider, day, request_count, prompt_tokens,
                                completion_tokens, cost_cents)
       SELECT $1, $2, 'metered', 'openai', (timezone('UTC', now()) - interval '3 days')::date, 1, 0, 0, 210000`,
      [teamId, owner.id],
    );
    await calls(key, 1);
    await drained();
    await eventually('the runway email', () => smtp.messages.length === 1, 15_000);
    assert.match(smtp.messages[0].subject, /Acme's credits last about 3\.\d days/);
  });
});

describe('keys and members', () => {
  test('a key at its spending limit is told to the owner, once per period', async () => {
    await settings({ budget_thresholds: [] });
    const res = await ctx.request('POST', '/v1/api-keys/', {
      as: owner,
      body: { name: 'pipeline', spend_limit_cents: 10, limit_period: 'monthly' },
    });
    const key = res.body.key as string;
    await calls(key, 2); // 10 of 10 cents
    await drained();
    await eventually('the key email', () => smtp.messages.length === 1, 15_000);
    assert.equal(smtp.messages[0].subject, '[AI Model Gateway] API key "pipeline" reached its spending limit');
    assert.equal((await ctx.chat(key, CALL)).status, 429);
    await drained();
    await quietFor(100);
    assert.equal(smtp.messages.length, 1);
  });

  test('a member at their cap sees it in their own bell and email, with the owner', async () => {
    await settings({ budget_thresholds: [] });
    await ctx.request('PATCH', `/v1/teams/members/${member.id}/cap`, { as: owner, body: { monthly_cap_cents: 15 } });
    const key = await ctx.key(member);
    await calls(key, 3);
    await drained();
    await eventually('the cap email', () => smtp.messages.length === 1, 15_000);
    assert.deepEqual(smtp.messages[0].to.sort(), ['member@acme.test', 'owner@acme.test']);
    const membersBell = await bell(member);
    assert.equal(membersBell.unread_count, 1);
    assert.equal(membersBell.notifications[0].title, 'member@acme.test reached their monthly cap');
    assert.equal((await bell(owner)).unread_count, 1);
  });

  test('the owner may turn either off; extra addresses get the email too', async () => {
    await settings({ budget_thresholds: [], member_cap: false, extra_recipients: ['Finance@Acme.test'] });
    const saved = await ctx.request('GET', '/v1/teams/alerts/settings', { as: owner });
    assert.deepEqual(saved.body.extra_recipients, ['finance@acme.test']);
    assert.deepEqual(saved.body.owner_recipients, ['owner@acme.test']);
    await ctx.request('PATCH', `/v1/teams/members/${member.id}/cap`, { as: owner, body: { monthly_cap_cents: 5 } });
    await calls(await ctx.key(member), 1);
    await drained();
    await quietFor(100);
    assert.equal(smtp.messages.length, 0, 'member cap alerts are off');
    await settings({ budget_thresholds: [1], extra_recipients: ['finance@acme.test'] });
    await calls(await ctx.key(owner), 1);
    await drained();
    await eventually('the budget email', () => smtp.messages.length === 1, 15_000);
    assert.deepEqual(smtp.messages[0].to.sort(), ['finance@acme.test', 'owner@acme.test']);
  });
});

describe('the bell and the settings routes', () => {
  test('marking read: one, then all', async () => {
    await settings({ budget_thresholds: [1, 2] });
    const key = await ctx.key(owner);
    await calls(key, 2); // 10 of 600 cents: 1.7%
    await drained();
    await calls(key, 2); // 3.3%
    await drained();
    await eventually('two notifications', async () => (await bell(owner)).notifications.length === 2, 15_000);
    const [newest] = (await bell(owner)).notifications;
    const one = await ctx.request('POST', '/v1/notifications/read', { as: owner, body: { ids: [newest.id] } });
    assert.equal(one.body.unread_count, 1);
    assert.equal(one.body.notifications[0].read, true);
    const all = await ctx.request('POST', '/v1/notifications/read', { as: owner, body: {} });
    assert.equal(all.body.unread_count, 0);
  });

  test('members cannot read or change the settings; bad values get a sentence', async () => {
    assert.equal((await ctx.request('GET', '/v1/teams/alerts/settings', { as: member })).status, 403);
    const refused = await ctx.request('PUT', '/v1/teams/alerts/settings', {
      as: owner,
      body: { ...DEFAULT_ALERT_SETTINGS, budget_thresholds: [0] },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, 'Budget alerts must be whole percentages from 1 to 1000, at most 10.');
    const badEmail = await ctx.request('PUT', '/v1/teams/alerts/settings', {
      as: owner,
      body: { ...DEFAULT_ALERT_SETTINGS, extra_recipients: ['not-an-address'] },
    });
    assert.equal(badEmail.status, 400);
    assert.equal(badEmail.body.message, 'Add at most 20 email addresses, each like name@example.com.');
  });
});
