/**
 * npm run bench:analytics — the administrators' analytics (docs/gateway.md#analytics) over the roll-ups that
 * 10,000,000 usage events leave: BENCH_TEAMS (500) teams active every day of BENCH_DAYS (365), 30 models, each day's
 * requests spread over the latency histogram's buckets (as migration 15's latency_bucket files them), and a ledger of
 * 20,000 credits. The roll-ups are written directly, with the counts the events would give: the analytics never read
 * the events, so their cost is set by days × models × buckets and days × teams, which this reproduces. Then it times
 * the analytics for the last 30, 90 and 365 days, the teams list sorted by month-to-date spend, and the System
 * Overview, each BENCH_RUNS (20) times: p50 and p95 in ms.
 *
 * Engines: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set; BENCH_ENGINES=postgres or =pglite runs one.
 */
import { migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { analytics } from '../analytics/analytics';
import { listTeams, systemOverview } from '../console/adminTeams';
import { utcDay } from '../lib/time';
import { onEachEngine } from './benchDatabases';
import { percentile } from './stats';

const EVENTS = 10_000_000;
const TEAMS = Number(process.env.BENCH_TEAMS ?? 500);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MODELS = 30;
/** Buckets 30-50 hold about 240 ms to 9 s (1.2^b), the spread of real answers. */
const BUCKETS = { from: 30, to: 50 };
const DAY_MS = 86_400_000;

async function seed(db: Db) {
  await db.query(
    `INSERT INTO teams (name, budget_limit_cents) SELECT 'Team ' || i, 100000 FROM generate_series(1, $1) i`,
    [TEAMS],
  );
  const perTeamDay = Math.max(1, Math.round(EVENTS / TEAMS / DAYS));
  await db.query(
    `INSERT INTO usage_daily_teams (day, team_id, request_count, error_count, prompt_tokens, completion_tokens,
                                    cached_tokens, cost_cents, latency_ms_sum)
     SELECT current_date - d, t.id, $1::bigint, $1::bigint / 50, $1::bigint * 800, $1::bigint * 200, 0, $1::bigint * 2,
            $1::bigint * 900
     FROM teams t CROSS JOIN generate_series(0, $2::int - 1) d`,
    [perTeamDay, DAYS],
  );
  const buckets = BUCKETS.to - BUCKETS.from + 1;
  const perCell = Math.max(1, Math.round(EVENTS / DAYS / MODELS / buckets));
  await db.query(
    `INSERT INTO usage_daily_models (day, provider, model, latency_bucket, request_count, error_count, prompt_tokens,
                                     completion_tokens, cached_tokens, cost_cents, latency_ms_sum)
     SELECT current_date - d, (ARRAY['openai', 'anthropic', 'google'])[1 + m % 3], 'model-' || m, b,
            $1::bigint, $1::bigint / 50, $1::bigint * 800, $1::bigint * 200, 0, $1::bigint * 2,
            $1::bigint * round(power(1.2, b))::bigint
     FROM generate_series(0, $2::int - 1) d, generate_series(1, $3::int) m, generate_series($4::int, $5::int) b`,
    [perCell, DAYS, MODELS, BUCKETS.from, BUCKETS.to],
  );
  await db.query(
    `INSERT INTO credit_ledger (team_id, type, amount_cents, description, created_at)
     SELECT (SELECT id FROM teams ORDER BY id OFFSET (i % $1::int) LIMIT 1), CASE WHEN i % 5 = 0 THEN 'adjustment' ELSE 'topup' END,
            1000 + i % 5000, 'bench', now() - (i % $2::int) * interval '1 day'
     FROM generate_series(1, 20000) i`,
    [TEAMS, DAYS],
  );
  await db.exec('ANALYZE');
}

async function time(runs: number, run: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function main() {
  const results = await onEachEngine(async (engine, db) => {
    await migrate(db);
    const seeding = performance.now();
    await seed(db);
    console.log(`${engine}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const today = new Date();
    const range = (days: number) => ({
      start_date: utcDay(new Date(today.getTime() - (days - 1) * DAY_MS)),
      end_date: utcDay(today),
    });
    const rows: [string, { p50: number; p95: number }][] = [];
    for (const days of [30, 90, 365])
      rows.push([`analytics, ${days} days`, await time(RUNS, () => analytics(db, range(days)))]);
    rows.push([
      'teams list, by month-to-date spend',
      await time(RUNS, () => listTeams(db, { sort: 'month_spend_cents', order: 'desc', limit: 25 })),
    ]);
    rows.push(['System Overview', await time(RUNS, () => systemOverview(db))]);
    return { engine, rows };
  });

  console.log(`\n| engine | query | p50 ms | p95 ms |\n|---|---|---:|---:|`);
  for (const { engine, rows } of results) {
    for (const [query, { p50, p95 }] of rows)
      console.log(`| ${engine} | ${query} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
