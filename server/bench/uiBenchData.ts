import type { Db } from '../db/types';
import { seedDemo } from '../seed/demo';
import { rebuildUsageRollup } from '../usage/usage';
import { insertUsageEvents } from './usageEvents';

/** What the UI benchmark (npm run bench:ui) loads on top of the demo data. */
export const UI_BENCH_SIZES = { apiKeys: 10_000, coupons: 10_000, usageEvents: 100_000, usageDays: 365 };

export interface UiBenchData {
  teamId: string;
  userIds: { alice: string; bob: string; admin: string };
}

/**
 * The demo data plus: 10,000 API keys for alice's team (both members, some inactive, some never used), 10,000
 * coupons (codes in an order unrelated to their age, a third inactive, some used up or expired) and 365 days of
 * usage, with the roll-up rebuilt. Everything is generated inside the database, so loading takes seconds.
 */
export async function loadUiBenchData(db: Db, baseUrl: string): Promise<UiBenchData> {
  await seedDemo(db, { baseUrl });
  const users = await db.query<{ id: string; login: 'alice' | 'bob' | 'admin' }>(
    `SELECT id, login FROM users WHERE login IN ('alice', 'bob', 'admin')`,
  );
  const userIds = Object.fromEntries(users.map((user) => [user.login, user.id])) as UiBenchData['userIds'];
  const [{ team_id: teamId }] = await db.query<{ team_id: string }>(
    'SELECT team_id FROM team_members WHERE user_id = $1',
    [userIds.alice],
  );

  await db.query(
    `INSERT INTO api_keys (team_id, user_id, name, key_prefix, key_hash, is_active, created_at, last_used_at)
     SELECT $1, CASE WHEN g % 2 = 0 THEN $2::uuid ELSE $3::uuid END, 'Bench key ' || g,
            'sk-bench' || lpad((g % 10000)::text, 4, '0'), md5('ui-bench-key-' || g), g % 5 <> 0,
            now() - g * interval '1 minute', CASE WHEN g % 3 = 0 THEN NULL ELSE now() - g * interval '20 seconds' END
     FROM generate_series(1, $4::int) g`,
    [teamId, userIds.alice, userIds.bob, UI_BENCH_SIZES.apiKeys],
  );

  // (g * 7919) % n visits every number below n once (7919 is prime), so codes are unique and sort unlike ages.
  await db.query(
    `INSERT INTO coupons (code, amount_cents, description, active, max_uses, current_uses, expires_at, created_at)
     SELECT 'BULK' || lpad(((g * 7919) % $1)::text, 5, '0'), 500 + (g * 37) % 500 * 100, 'Bulk coupon ' || g,
            g % 3 <> 0, 1 + g % 50, (g * 7) % (2 + g % 50),
            CASE WHEN g % 4 = 0 THEN NULL ELSE now() + ((g % 400) - 50) * interval '1 day' END,
            now() - g * interval '1 minute'
     FROM generate_series(1, $1::int) g`,
    [UI_BENCH_SIZES.coupons],
  );

  await insertUsageEvents(db, {
    teamId,
    userIds: [userIds.alice, userIds.bob],
    count: UI_BENCH_SIZES.usageEvents,
    days: UI_BENCH_SIZES.usageDays,
  });
  await db.tx((q) => rebuildUsageRollup(q, teamId));
  return { teamId, userIds };
}
