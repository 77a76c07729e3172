import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_ALERT_SETTINGS } from '../../contract/schemas/alerts';
import { nextTryAt, retryDelayMs, DELIVERY_RETRY } from '../lib/retry';
import { decideAlerts, type TeamFigures } from '../alerts/rules';

/** When an alert fires (docs/alerts.md#when-an-alert-fires): the rules as a table. */

const { extra_recipients: _extra, ...defaults } = DEFAULT_ALERT_SETTINGS;
const team = (figures: Partial<TeamFigures> = {}): TeamFigures => ({
  teamId: 't',
  teamName: 'Acme',
  budgetCents: 10_000,
  monthCents: 0,
  balanceCents: 100_000,
  weekCents: 0,
  month: '2026-11',
  settings: defaults,
  fired: new Set(),
  keys: [],
  members: [],
  ...figures,
});
const fired = (...keys: string[]) => new Set(keys);
const rules = (figures: Partial<TeamFigures>) => {
  const decision = decideAlerts(team(figures));
  return {
    fire: decision.fire.map(
      (f) => `${f.rule}|${f.period}${f.alsoMarks.length ? ` +${f.alsoMarks.map((m) => m.rule)}` : ''}`,
    ),
    rearm: decision.rearm,
  };
};

test('budget: the highest threshold reached this month that has not fired; lower ones crossed with it go with it', () => {
  const table: [Partial<TeamFigures>, string[]][] = [
    [{ monthCents: 4_999 }, []],
    [{ monthCents: 5_000 }, ['budget:50|2026-11']],
    [{ monthCents: 8_000, fired: fired('budget:50|2026-11') }, ['budget:80|2026-11']],
    [{ monthCents: 8_000 }, ['budget:80|2026-11 +budget:50']],
    [{ monthCents: 12_000 }, ['budget:100|2026-11 +budget:50,budget:80']],
    [{ monthCents: 9_000, fired: fired('budget:50|2026-11', 'budget:80|2026-11') }, []],
    // Last month's firing does not count this month.
    [{ monthCents: 5_000, fired: fired('budget:50|2026-10') }, ['budget:50|2026-11']],
    // No budget: nothing to cross.
    [{ monthCents: 5_000, budgetCents: 0 }, []],
    [{ monthCents: 5_000, settings: { ...defaults, budget_thresholds: [] } }, []],
  ];
  for (const [figures, expected] of table) assert.deepEqual(rules(figures).fire, expected, JSON.stringify(figures));
});

test('balance: below the amount fires once; back at or above it arms it again', () => {
  const settings = { ...defaults, budget_thresholds: [], balance_below_cents: 1_000 };
  assert.deepEqual(rules({ settings, balanceCents: 1_000 }), { fire: [], rearm: [] });
  assert.deepEqual(rules({ settings, balanceCents: 999 }), { fire: ['balance|'], rearm: [] });
  assert.deepEqual(rules({ settings, balanceCents: -5, fired: fired('balance|') }), { fire: [], rearm: [] });
  assert.deepEqual(rules({ settings, balanceCents: 1_000, fired: fired('balance|') }), {
    fire: [],
    rearm: ['balance'],
  });
  // Turned off while fired: armed for when it is turned on again.
  assert.deepEqual(rules({ balanceCents: 0, fired: fired('balance|') }), { fire: [], rearm: ['balance'] });
});

test("runway: the balance lasts fewer than N days at the last 7 days' rate", () => {
  const settings = { ...defaults, budget_thresholds: [], runway_days: 10 };
  // 7,000 cents over 7 days: 1,000 a day.
  assert.deepEqual(rules({ settings, weekCents: 7_000, balanceCents: 10_000 }).fire, []);
  assert.deepEqual(rules({ settings, weekCents: 7_000, balanceCents: 9_999 }).fire, ['runway|']);
  assert.deepEqual(rules({ settings, weekCents: 0, balanceCents: 1 }).fire, [], 'nothing spent: it lasts');
  assert.deepEqual(rules({ settings, weekCents: 7_000, balanceCents: -100 }).fire, ['runway|']);
  assert.deepEqual(rules({ settings, weekCents: 7_000, balanceCents: 20_000, fired: fired('runway|') }).rearm, [
    'runway',
  ]);
  const [firing] = decideAlerts(team({ settings, weekCents: 7_000, balanceCents: 3_456 })).fire;
  assert.deepEqual(firing.details, { days_left: 3.4, runway_days: 10, balance_cents: 3_456, daily_spend_cents: 1_000 });
});

test('a key at its limit, per its period; a member at their cap, per month; either can be turned off', () => {
  const key = {
    id: 'k1',
    name: 'ci',
    limitCents: 500,
    spentCents: 500,
    limitPeriod: 'daily',
    periodKey: '2026-11-27 00:00:00+00',
    resetsAt: new Date('2026-11-28T00:00:00Z'),
  };
  const member = { userId: 'u1', label: 'bob@example.com', capCents: 1_000, spentCents: 1_000 };
  assert.deepEqual(rules({ keys: [{ ...key, spentCents: 499 }], members: [{ ...member, spentCents: 999 }] }).fire, []);
  assert.deepEqual(rules({ keys: [key], members: [member] }).fire, [
    'key:k1|2026-11-27 00:00:00+00',
    'member:u1|2026-11',
  ]);
  assert.deepEqual(
    rules({ keys: [key], members: [member], fired: fired('key:k1|2026-11-27 00:00:00+00', 'member:u1|2026-11') }).fire,
    [],
  );
  assert.deepEqual(rules({ keys: [key], fired: fired('key:k1|2026-11-26 00:00:00+00') }).fire, [
    'key:k1|2026-11-27 00:00:00+00',
  ]);
  assert.deepEqual(
    rules({ keys: [key], members: [member], settings: { ...defaults, key_limit: false, member_cap: false } }).fire,
    [],
  );
  const [cap] = decideAlerts(team({ members: [member] })).fire;
  assert.equal(cap.subjectUserId, 'u1');
});

test('retries: 5 s doubling to an hour apart, for 24 hours', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 10, 11, 30].map((tries) => retryDelayMs(DELIVERY_RETRY, tries) / 1000),
    [5, 10, 20, 40, 2560, 3600, 3600],
  );
  const queued = new Date('2026-11-27T00:00:00Z');
  assert.deepEqual(nextTryAt(DELIVERY_RETRY, queued, 1, queued), new Date('2026-11-27T00:00:05Z'));
  assert.equal(nextTryAt(DELIVERY_RETRY, queued, 20, new Date('2026-11-27T23:30:00Z')), null, 'past the day: failed');
  let tries = 0;
  for (let at: Date | null = queued; at; tries++) at = nextTryAt(DELIVERY_RETRY, queued, tries + 1, at);
  assert.equal(tries, 33, 'the first try and 32 more in the day');
});
