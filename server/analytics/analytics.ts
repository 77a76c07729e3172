import type { Queryable } from '../db/types';
import { badRequest } from '../lib/errors';
import { utcDay } from '../lib/time';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_TOP_TEAMS,
  RANGE_LENGTH_MESSAGE,
  RANGE_ORDER_MESSAGE,
  type Analytics,
  type AnalyticsCredits,
  type AnalyticsFigures,
  type AnalyticsQuery,
} from '../../contract/schemas/analytics';
import { DEFAULT_USAGE_RANGE_DAYS } from '../../contract/dates';
import { percentileOf } from './latency';

const DAY_MS = 86_400_000;

/** The range asked for, both ends included: by default the 30 days up to today (UTC), as the usage report's. */
export function analyticsRange(query: AnalyticsQuery, today = new Date()): { start: string; end: string } {
  const end = query.end_date ?? utcDay(today);
  const start = query.start_date ?? utcDay(new Date(Date.parse(end) - DEFAULT_USAGE_RANGE_DAYS * DAY_MS));
  if (start > end) throw badRequest(RANGE_ORDER_MESSAGE);
  if ((Date.parse(end) - Date.parse(start)) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) throw badRequest(RANGE_LENGTH_MESSAGE);
  return { start, end };
}

interface FigureSums {
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  cost_cents: number;
}

interface BucketRow extends FigureSums {
  day: string | null;
  provider: string | null;
  model: string | null;
  latency_bucket: number;
}

/** One line of a breakdown: its sums over every bucket, and the counts per bucket for its percentiles. */
class Line {
  readonly sums: FigureSums = { requests: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, cost_cents: 0 };
  readonly buckets = new Map<number, number>();

  add(row: BucketRow) {
    for (const field of Object.keys(this.sums) as (keyof FigureSums)[]) this.sums[field] += row[field];
    this.buckets.set(row.latency_bucket, (this.buckets.get(row.latency_bucket) ?? 0) + row.requests);
  }

  figures(): AnalyticsFigures {
    return {
      ...this.sums,
      p50_latency_ms: percentileOf(this.buckets, 0.5),
      p95_latency_ms: percentileOf(this.buckets, 0.95),
    };
  }
}

const lineOf = (lines: Map<string, Line>, key: string) => {
  let line = lines.get(key);
  if (!line) lines.set(key, (line = new Line()));
  return line;
};

const SUMS = `sum(request_count) AS requests, sum(error_count) AS errors, sum(prompt_tokens) AS prompt_tokens,
              sum(completion_tokens) AS completion_tokens, sum(cost_cents) AS cost_cents`;

/**
 * The days, providers, models and totals with their latency buckets, in two statements over the model roll-up that
 * run side by side: by day, and by model (providers and totals are sums of the models' rows). Two plain hash
 * aggregations, where grouping sets over the four would sort the rows once per set.
 */
async function modelLines(q: Queryable, start: string, end: string) {
  const [byDay, byModel] = await Promise.all([
    q.query<BucketRow>(
      `SELECT day::text AS day, latency_bucket, ${SUMS}
       FROM usage_daily_models WHERE day BETWEEN $1::date AND $2::date GROUP BY day, latency_bucket`,
      [start, end],
      { name: 'analytics_days' },
    ),
    q.query<BucketRow>(
      `SELECT provider, model, latency_bucket, ${SUMS}
       FROM usage_daily_models WHERE day BETWEEN $1::date AND $2::date GROUP BY provider, model, latency_bucket`,
      [start, end],
      { name: 'analytics_models' },
    ),
  ]);
  const days = new Map<string, Line>();
  const providers = new Map<string, Line>();
  const models = new Map<string, Line>();
  const totals = new Line();
  for (const row of byDay) lineOf(days, row.day!).add(row);
  for (const row of byModel) {
    totals.add(row);
    lineOf(providers, row.provider!).add(row);
    lineOf(models, `${row.provider}\u0000${row.model}`).add(row);
  }
  return { days, providers, models, totals };
}

async function teamLines(q: Queryable, start: string, end: string) {
  const rows = await q.query<FigureSums & { team_id: string; team_name: string; latency: number; team_count: number }>(
    `WITH by_team AS (
       SELECT team_id, ${SUMS}, sum(latency_ms_sum) AS latency, count(*) OVER () AS team_count
       FROM usage_daily_teams WHERE day BETWEEN $1::date AND $2::date
       GROUP BY team_id ORDER BY sum(cost_cents) DESC, sum(request_count) DESC, team_id LIMIT $3
     )
     SELECT b.*, t.name AS team_name FROM by_team b JOIN teams t ON t.id = b.team_id
     ORDER BY b.cost_cents DESC, b.requests DESC, b.team_id`,
    [start, end, ANALYTICS_TOP_TEAMS],
    { name: 'analytics_teams' },
  );
  return {
    teams: rows.map(({ latency, team_count: _count, ...row }) => ({
      ...row,
      mean_latency_ms: row.requests > 0 ? Math.round(latency / row.requests) : null,
    })),
    teamCount: rows[0]?.team_count ?? 0,
  };
}

/**
 * Money in against money used, from the ledger (the one record of every credit): payments are top-ups of a payment,
 * coupons the entries of a redemption, refunds the refunds and lost disputes, adjustments the administrators'.
 */
async function creditLines(q: Queryable, start: string, end: string) {
  const rows = await q.query<{
    day: string;
    payments_cents: number;
    coupons_cents: number;
    refunds_cents: number;
    adjustments_cents: number;
  }>(
    `SELECT timezone('UTC', created_at)::date::text AS day,
            COALESCE(sum(amount_cents) FILTER (WHERE type = 'topup' AND payment_id IS NOT NULL), 0) AS payments_cents,
            COALESCE(sum(amount_cents) FILTER (WHERE coupon_redemption_id IS NOT NULL), 0) AS coupons_cents,
            COALESCE(sum(amount_cents) FILTER (WHERE type = 'refund' OR (type = 'adjustment' AND payment_id IS NOT NULL)), 0)
              AS refunds_cents,
            COALESCE(sum(amount_cents) FILTER (WHERE type = 'adjustment' AND payment_id IS NULL), 0) AS adjustments_cents
     FROM credit_ledger
     WHERE created_at >= $1::date::timestamp AT TIME ZONE 'UTC'
       AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
     GROUP BY 1`,
    [start, end],
    { name: 'analytics_credits' },
  );
  return new Map(rows.map((row) => [row.day, row]));
}

/** Every UTC day from start to end, both included. */
function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(start); at <= Date.parse(end); at += DAY_MS) days.push(utcDay(new Date(at)));
  return days;
}

const byCost = <T extends { cost_cents: number; requests: number }>(a: T, b: T) =>
  b.cost_cents - a.cost_cents || b.requests - a.requests;

/**
 * GET /v1/admin/analytics: every team's traffic over a range of UTC days, from the roll-ups the settlement writes
 * (usage_daily_models, usage_daily_teams) and the ledger: three statements whose cost grows with days × models and
 * the teams, never with the number of requests (server/bench/analyticsBench.ts measures them at 10M events).
 */
export async function analytics(q: Queryable, query: AnalyticsQuery): Promise<Analytics> {
  const { start, end } = analyticsRange(query);
  const [lines, teams, credits] = await Promise.all([
    modelLines(q, start, end),
    teamLines(q, start, end),
    creditLines(q, start, end),
  ]);
  const days = daysBetween(start, end);
  const empty = new Line();
  const credit: AnalyticsCredits = {
    payments_cents: 0,
    refunds_cents: 0,
    coupons_cents: 0,
    adjustments_cents: 0,
    usage_cents: lines.totals.sums.cost_cents,
    days: [],
  };
  for (const day of days) {
    const row = credits.get(day);
    credit.payments_cents += row?.payments_cents ?? 0;
    credit.refunds_cents += row?.refunds_cents ?? 0;
    credit.coupons_cents += row?.coupons_cents ?? 0;
    credit.adjustments_cents += row?.adjustments_cents ?? 0;
    credit.days.push({
      day,
      payments_cents: row?.payments_cents ?? 0,
      coupons_cents: row?.coupons_cents ?? 0,
      usage_cents: lines.days.get(day)?.sums.cost_cents ?? 0,
    });
  }
  return {
    start_date: start,
    end_date: end,
    totals: lines.totals.figures(),
    days: days.map((day) => ({ day, ...(lines.days.get(day) ?? empty).figures() })),
    providers: [...lines.providers].map(([provider, line]) => ({ provider, ...line.figures() })).sort(byCost),
    models: [...lines.models]
      .map(([key, line]) => {
        const [provider, model] = key.split('\u0000');
        return { provider, model, ...line.figures() };
      })
      .sort(byCost),
    teams: teams.teams,
    team_count: teams.teamCount,
    credits: credit,
  };
}
