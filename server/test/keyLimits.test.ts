import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../db/types';
import { periodResetsAt, periodStart } from '../../contract/keyLimits';
import { LIMIT_PERIODS, type LimitPeriod } from '../../contract/schemas/apiKeys';
import { openTestDb } from './helpers';

const at = (iso: string) => new Date(iso);
const isoOf = (date: Date | null) => date && date.toISOString();

// 2026-11-23 is a Monday; 2026-11-29 a Sunday.
const RULES: [LimitPeriod, string, string | null, string | null][] = [
  ['none', '2026-11-24T12:00:00Z', null, null],
  ['daily', '2026-11-24T12:00:00Z', '2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z'],
  ['daily', '2026-11-24T00:00:00Z', '2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z'],
  ['daily', '2026-11-24T23:59:59.999Z', '2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z'],
  ['daily', '2026-12-31T23:00:00Z', '2026-12-31T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ['weekly', '2026-11-23T00:00:00Z', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
  ['weekly', '2026-11-29T23:59:59Z', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
  ['weekly', '2026-11-30T00:00:00Z', '2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z'],
  ['weekly', '2027-01-01T10:00:00Z', '2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z'],
  ['monthly', '2026-11-30T23:59:59Z', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
  ['monthly', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ['monthly', '2028-02-29T12:00:00Z', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
];

describe('key limit periods (UTC calendar; weeks from Monday)', () => {
  for (const [period, when, start, end] of RULES) {
    test(`${period} at ${when}: starts ${start}, resets ${end}`, () => {
      assert.equal(isoOf(periodStart(period, at(when))), start);
      assert.equal(isoOf(periodResetsAt(period, at(when))), end);
    });
  }
});

describe('the SQL twin (key_period_start, key_period_end) agrees with contract/keyLimits.ts', () => {
  let db: Db;
  let drop: () => Promise<void>;
  before(async () => ({ db, drop } = await openTestDb()));
  after(() => drop());

  test('on every rule above and on 2,000 instants over three years, in any session time zone', async () => {
    const instants = [
      ...RULES.map(([, when]) => at(when)),
      ...Array.from({ length: 2_000 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 47_339_113)),
    ];
    for (const period of LIMIT_PERIODS) {
      // A session time zone far from UTC, with daylight saving: the periods must not depend on it.
      const rows = await db.tx(async (q) => {
        await q.query("SET LOCAL TIME ZONE 'America/St_Johns'");
        return q.query<{ at: Date; start: Date | null; end: Date | null }>(
          `SELECT t AS at, key_period_start($1, t) AS start, key_period_end($1, t) AS end
           FROM unnest($2::timestamptz[]) AS t`,
          [period, instants.map((instant) => instant.toISOString())],
        );
      });
      assert.equal(rows.length, instants.length);
      for (const row of rows) {
        const when = new Date(row.at);
        const label = `${period} ${when.toISOString()}`;
        assert.equal(isoOf(row.start && new Date(row.start)), isoOf(periodStart(period, when)), label);
        assert.equal(isoOf(row.end && new Date(row.end)), isoOf(periodResetsAt(period, when)), label);
      }
    }
  });

  test('are inlined into the statement that calls them, not called once a row (migration 31)', async () => {
    const plan = await db.query<Record<string, string>>(
      `EXPLAIN VERBOSE SELECT key_period_start(limit_period, now()), key_period_end(limit_period, now()) FROM api_keys`,
    );
    const text = plan.map((row) => Object.values(row)[0]).join('\n');
    assert.match(text, /date_trunc/);
    assert.doesNotMatch(text, /key_period_(start|end)/);
  });
});
