import type { Queryable } from '../db/types';
import { centsToDollars } from '../lib/money';
import { MONTH_START_SQL } from '../lib/time';
import { DAILY_ROLLUP_COLUMNS, DAILY_ROLLUP_OF_EVENTS } from './dailyRollup';
import type { UsageByMember, UsageByModel } from '../../contract/schemas/usage';

/**
 * Rebuilds the roll-ups and balance of one team from its raw events after a bulk load (demo seed, benchmark), where
 * calling recordUsage per row would be needlessly slow. Never on a team whose old events retention has deleted.
 */
export async function rebuildUsageRollup(q: Queryable, teamId: string): Promise<void> {
  await q.query('DELETE FROM usage_daily WHERE team_id = $1', [teamId]);
  await q.query(
    `INSERT INTO usage_daily (${DAILY_ROLLUP_COLUMNS})
     SELECT ${DAILY_ROLLUP_OF_EVENTS}
     FROM usage_events WHERE team_id = $1 GROUP BY 1, 2, 3, 4, 5`,
    [teamId],
  );
  await q.query('DELETE FROM usage_daily_teams WHERE team_id = $1', [teamId]);
  await q.query(
    `INSERT INTO usage_daily_teams (day, team_id, request_count, error_count, prompt_tokens, completion_tokens,
                                    cached_tokens, cost_cents, latency_ms_sum)
     SELECT day, team_id, sum(request_count), sum(error_count), sum(prompt_tokens), sum(completion_tokens),
            sum(cached_tokens), sum(cost_cents), sum(latency_ms_sum)
     FROM usage_daily WHERE team_id = $1 GROUP BY 1, 2`,
    [teamId],
  );
  // The analytics' model roll-up has no team: it is made again whole, from every team's events.
  await q.query('DELETE FROM usage_daily_models');
  await q.query(
    `INSERT INTO usage_daily_models (day, provider, model, latency_bucket, request_count, error_count, prompt_tokens,
                                     completion_tokens, cached_tokens, cost_cents, latency_ms_sum)
     SELECT timezone('UTC', created_at)::date, provider, model, latency_bucket(latency_ms), count(*),
            count(*) FILTER (WHERE status = 'error'), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens),
            sum(cost_cents), sum(latency_ms)
     FROM usage_events GROUP BY 1, 2, 3, 4`,
  );
  await q.query(
    `UPDATE teams SET credit_balance_cents =
       (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger WHERE team_id = $1)
       - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily WHERE team_id = $1)
     WHERE id = $1`,
    [teamId],
  );
  await q.query(
    `INSERT INTO team_models (team_id, provider, model, first_used_at)
     SELECT team_id, provider, model, min(day)::timestamptz FROM usage_daily
     WHERE team_id = $1 AND request_count > error_count GROUP BY 1, 2, 3
     ON CONFLICT (team_id, provider, model) DO UPDATE SET first_used_at = LEAST(team_models.first_used_at, EXCLUDED.first_used_at)`,
    [teamId],
  );
}

/** The counts every per-model and per-member line of the usage statistics carries. */
const rowTotals = (row: { request_count: number; cost_cents: number }) => ({
  request_count: row.request_count,
  total_cost_cents: row.cost_cents,
});

export async function usageStats(q: Queryable, teamId: string, startDate: string, endDate: string) {
  // One pass over the roll-up with three grouping sets (per day, per model, per member): a few dozen rows whatever
  // the traffic. The roll-up columns are NOT NULL, so a NULL marks the dimensions a row is not grouped by.
  const rows = await q.query<{
    day: string | null;
    model: string | null;
    user_id: string | null;
    user_email: string | null;
    request_count: number;
    total_tokens: number;
    cost_cents: number;
    units: number;
    unit: string | null;
  }>(
    `WITH agg AS (
       SELECT day, model, user_id, sum(request_count) AS request_count,
              sum(prompt_tokens + completion_tokens) AS total_tokens, sum(cost_cents) AS cost_cents,
              sum(units) AS units, max(unit) AS unit
       FROM usage_daily WHERE team_id = $1 AND day BETWEEN $2::date AND $3::date
       GROUP BY GROUPING SETS ((day), (model), (user_id))
     )
     SELECT agg.*, u.email AS user_email FROM agg LEFT JOIN users u ON u.id = agg.user_id
     ORDER BY agg.day, agg.cost_cents DESC`,
    [teamId, startDate, endDate],
    { name: 'usage_stats' },
  );
  const [team] = await q.query<{ budget_limit_cents: number; month_cents: number }>(
    `SELECT budget_limit_cents,
            (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily WHERE team_id = $1 AND day >= ${MONTH_START_SQL}) AS month_cents
     FROM teams WHERE id = $1`,
    [teamId],
    { name: 'usage_stats_budget' },
  );
  const daily: Record<string, number> = {};
  const byMember: Record<string, UsageByMember> = {};
  const byModel: Record<string, UsageByModel> = {};
  let totalCost = 0;
  let totalRequests = 0;
  for (const row of rows) {
    if (row.day !== null) {
      daily[row.day] = row.cost_cents;
      totalCost += row.cost_cents;
      totalRequests += row.request_count;
    } else if (row.model !== null) {
      byModel[row.model] = {
        model_name: row.model,
        ...rowTotals(row),
        total_tokens: row.total_tokens,
        // A media model's units (docs/media.md): what its tokens would say of a text model.
        ...(row.unit === null ? {} : { unit: row.unit, units: row.units }),
      };
    } else if (row.user_id !== null) {
      byMember[row.user_id] = { user_id: row.user_id, user_email: row.user_email, ...rowTotals(row) };
    }
  }
  return {
    start_date: startDate,
    end_date: endDate,
    total_cost_cents: totalCost,
    total_requests: totalRequests,
    budget_limit_cents: team.budget_limit_cents,
    current_usage_cents: team.month_cents,
    daily_usage: daily,
    usage_by_member: byMember,
    usage_by_model: byModel,
  };
}

export async function currentMonthStats(q: Queryable, teamId: string) {
  const models = await q.query<{
    model: string;
    request_count: number;
    cost_cents: number;
    cache_hits: number;
    cache_saved_cents: number;
  }>(
    `SELECT model, sum(request_count) AS request_count, sum(cost_cents) AS cost_cents, sum(cache_hits) AS cache_hits,
            sum(cache_saved_cents) AS cache_saved_cents
     FROM usage_daily WHERE team_id = $1 AND day >= ${MONTH_START_SQL}
     GROUP BY model ORDER BY sum(cost_cents) DESC, model`,
    [teamId],
    { name: 'current_month_stats' },
  );
  const total = (field: 'cost_cents' | 'request_count' | 'cache_hits' | 'cache_saved_cents') =>
    models.reduce((sum, row) => sum + row[field], 0);
  return {
    total_cost: centsToDollars(total('cost_cents')),
    total_requests: total('request_count'),
    // What the response cache saved this month (docs/gateway.md#caching): its hits, and what their answers had cost.
    cache_hits: total('cache_hits'),
    cache_saved_cents: total('cache_saved_cents'),
    unique_models_used: models.length,
    top_models: models.slice(0, 5).map((row) => ({
      name: row.model,
      request_count: row.request_count,
      total_cost: centsToDollars(row.cost_cents),
    })),
  };
}

export async function usageBreakdown(q: Queryable, teamId: string, from: string, to: string) {
  const rows = await q.query<{
    model: string;
    provider: string;
    request_count: number;
    total_tokens: number;
    cost_cents: number;
  }>(
    `SELECT model, provider, sum(request_count) AS request_count, sum(prompt_tokens + completion_tokens) AS total_tokens,
            sum(cost_cents) AS cost_cents
     FROM usage_daily WHERE team_id = $1 AND day BETWEEN $2::date AND $3::date
     GROUP BY model, provider ORDER BY sum(cost_cents) DESC, model`,
    [teamId, from, to],
  );
  return {
    from,
    to,
    total_cost: centsToDollars(rows.reduce((sum, row) => sum + row.cost_cents, 0)),
    by_model: rows.map((row) => ({
      model: row.model,
      provider: row.provider,
      request_count: row.request_count,
      total_tokens: row.total_tokens,
      total_cost: centsToDollars(row.cost_cents),
    })),
  };
}
