import type { Db, Queryable } from '../db/types';
import { centsToDollars } from '../lib/money';
import { MONTH_START_SQL } from '../lib/time';
import { recordActivity } from './activity';

export interface UsageEvent {
  teamId: string;
  userId: string;
  apiKeyId: string | null;
  model: string;
  provider: string;
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  costCents: number;
  latencyMs: number;
  status?: 'success' | 'error';
  createdAt?: Date;
}

/** A single request at or above this cost is surfaced in the activity feed. */
const HIGH_COST_CENTS = 500;

/**
 * Records one gateway request: the raw event, its daily roll-up row, the team's balance and the key's last use, all
 * in one transaction so reports and balances never disagree with the events.
 */
export async function recordUsage(db: Db, event: UsageEvent): Promise<void> {
  const status = event.status ?? 'success';
  const cached = event.cachedTokens ?? 0;
  await db.tx(async (q) => {
    const [row] = await q.query<{ created_at: Date }>(
      `INSERT INTO usage_events (team_id, user_id, api_key_id, model, provider, prompt_tokens, completion_tokens,
                                 cached_tokens, cost_cents, latency_ms, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12, now())) RETURNING created_at`,
      [
        event.teamId,
        event.userId,
        event.apiKeyId,
        event.model,
        event.provider,
        event.promptTokens,
        event.completionTokens,
        cached,
        event.costCents,
        event.latencyMs,
        status,
        event.createdAt ?? null,
      ],
    );
    await q.query(
      `INSERT INTO usage_daily AS d (team_id, day, model, provider, user_id, request_count, error_count, prompt_tokens,
                                     completion_tokens, cached_tokens, cost_cents, latency_ms_sum)
       VALUES ($1, timezone('UTC', $2::timestamptz)::date, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (team_id, day, model, provider, user_id) DO UPDATE SET
         request_count = d.request_count + 1, error_count = d.error_count + EXCLUDED.error_count,
         prompt_tokens = d.prompt_tokens + EXCLUDED.prompt_tokens,
         completion_tokens = d.completion_tokens + EXCLUDED.completion_tokens,
         cached_tokens = d.cached_tokens + EXCLUDED.cached_tokens, cost_cents = d.cost_cents + EXCLUDED.cost_cents,
         latency_ms_sum = d.latency_ms_sum + EXCLUDED.latency_ms_sum`,
      [
        event.teamId,
        row.created_at,
        event.model,
        event.provider,
        event.userId,
        status === 'error' ? 1 : 0,
        event.promptTokens,
        event.completionTokens,
        cached,
        event.costCents,
        event.latencyMs,
      ],
    );
    await q.query('UPDATE teams SET credit_balance_cents = credit_balance_cents - $2 WHERE id = $1', [
      event.teamId,
      event.costCents,
    ]);
    if (event.apiKeyId) {
      const [key] = await q.query<{ name: string; first_use: boolean }>(
        `UPDATE api_keys k SET last_used_at = GREATEST(k.last_used_at, $2::timestamptz)
         FROM (SELECT id, last_used_at IS NULL AS first_use FROM api_keys WHERE id = $1 FOR UPDATE) prev
         WHERE k.id = prev.id RETURNING k.name, prev.first_use`,
        [event.apiKeyId, row.created_at],
      );
      if (key?.first_use) {
        await recordActivity(
          q,
          event.teamId,
          event.userId,
          'api_key_first_used',
          `API key "${key.name}" was used for the first time`,
        );
      }
    }
    if (status === 'error') {
      await recordActivity(q, event.teamId, event.userId, 'request_failed', `A request to ${event.model} failed`);
    } else if (event.costCents >= HIGH_COST_CENTS) {
      await recordActivity(
        q,
        event.teamId,
        event.userId,
        'high_cost_request',
        `A ${event.model} request cost $${(event.costCents / 100).toFixed(2)}`,
      );
    }
  });
}

/**
 * Rebuilds the roll-up and balance of one team from its raw events after a bulk load (demo seed, benchmark), where
 * calling recordUsage per row would be needlessly slow.
 */
export async function rebuildUsageRollup(q: Queryable, teamId: string): Promise<void> {
  await q.query('DELETE FROM usage_daily WHERE team_id = $1', [teamId]);
  await q.query(
    `INSERT INTO usage_daily (team_id, day, model, provider, user_id, request_count, error_count, prompt_tokens,
                              completion_tokens, cached_tokens, cost_cents, latency_ms_sum)
     SELECT team_id, timezone('UTC', created_at)::date, model, provider, user_id, count(*),
            count(*) FILTER (WHERE status = 'error'), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens),
            sum(cost_cents), sum(latency_ms)
     FROM usage_events WHERE team_id = $1 GROUP BY 1, 2, 3, 4, 5`,
    [teamId],
  );
  await q.query(
    `UPDATE teams SET credit_balance_cents =
       (SELECT COALESCE(sum(amount_cents), 0) FROM credit_ledger WHERE team_id = $1)
       - (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily WHERE team_id = $1)
     WHERE id = $1`,
    [teamId],
  );
}

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
  }>(
    `WITH agg AS (
       SELECT day, model, user_id, sum(request_count) AS request_count,
              sum(prompt_tokens + completion_tokens) AS total_tokens, sum(cost_cents) AS cost_cents
       FROM usage_daily WHERE team_id = $1 AND day BETWEEN $2::date AND $3::date
       GROUP BY GROUPING SETS ((day), (model), (user_id))
     )
     SELECT agg.*, u.email AS user_email FROM agg LEFT JOIN users u ON u.id = agg.user_id
     ORDER BY agg.day, agg.cost_cents DESC`,
    [teamId, startDate, endDate],
  );
  const [team] = await q.query<{ budget_limit_cents: number; month_cents: number }>(
    `SELECT budget_limit_cents,
            (SELECT COALESCE(sum(cost_cents), 0) FROM usage_daily WHERE team_id = $1 AND day >= ${MONTH_START_SQL}) AS month_cents
     FROM teams WHERE id = $1`,
    [teamId],
  );
  const daily: Record<string, number> = {};
  const byMember: Record<
    string,
    { user_id: string; user_email: string | null; request_count: number; total_cost_cents: number }
  > = {};
  const byModel: Record<
    string,
    { model_name: string; request_count: number; total_tokens: number; total_cost_cents: number }
  > = {};
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
        request_count: row.request_count,
        total_tokens: row.total_tokens,
        total_cost_cents: row.cost_cents,
      };
    } else if (row.user_id !== null) {
      byMember[row.user_id] = {
        user_id: row.user_id,
        user_email: row.user_email,
        request_count: row.request_count,
        total_cost_cents: row.cost_cents,
      };
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
  const models = await q.query<{ model: string; request_count: number; cost_cents: number }>(
    `SELECT model, sum(request_count) AS request_count, sum(cost_cents) AS cost_cents
     FROM usage_daily WHERE team_id = $1 AND day >= ${MONTH_START_SQL}
     GROUP BY model ORDER BY sum(cost_cents) DESC, model`,
    [teamId],
  );
  const totalCents = models.reduce((sum, row) => sum + row.cost_cents, 0);
  return {
    total_cost: centsToDollars(totalCents),
    total_requests: models.reduce((sum, row) => sum + row.request_count, 0),
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
