import type { Queryable } from '../db/types';
import { absoluteChange, percentChange } from '../lib/change';
import { TODAY_SQL } from '../lib/time';

export const EMPTY_STATS = {
  total_api_keys: 0,
  api_keys_change: '+0',
  requests_today: 0,
  requests_change: '+0',
  avg_response_time: 0,
  response_time_change: '+0',
  active_models: 0,
  models_change: '+0',
};

/** Headline numbers, each compared with an earlier period; everything except key counts comes from the roll-up. */
export async function dashboardStats(q: Queryable, teamId: string) {
  const [row] = await q.query<{
    keys_now: number;
    keys_week_ago: number;
    requests_today: number;
    requests_yesterday: number;
    latency_today: number;
    latency_yesterday: number;
    models_now: number;
    models_before: number;
  }>(
    `WITH days AS (
       SELECT day, model, request_count, latency_ms_sum FROM usage_daily
       WHERE team_id = $1 AND day > ${TODAY_SQL} - 60
     )
     SELECT
       (SELECT count(*) FROM api_keys WHERE team_id = $1 AND deleted_at IS NULL) AS keys_now,
       (SELECT count(*) FROM api_keys WHERE team_id = $1 AND created_at <= now() - interval '7 days'
          AND (deleted_at IS NULL OR deleted_at > now() - interval '7 days')) AS keys_week_ago,
       (SELECT COALESCE(sum(request_count), 0) FROM days WHERE day = ${TODAY_SQL}) AS requests_today,
       (SELECT COALESCE(sum(request_count), 0) FROM days WHERE day = ${TODAY_SQL} - 1) AS requests_yesterday,
       (SELECT COALESCE(sum(latency_ms_sum)::numeric / NULLIF(sum(request_count), 0), 0) FROM days
          WHERE day = ${TODAY_SQL}) AS latency_today,
       (SELECT COALESCE(sum(latency_ms_sum)::numeric / NULLIF(sum(request_count), 0), 0) FROM days
          WHERE day = ${TODAY_SQL} - 1) AS latency_yesterday,
       (SELECT count(DISTINCT model) FROM days WHERE day > ${TODAY_SQL} - 30) AS models_now,
       (SELECT count(DISTINCT model) FROM days WHERE day <= ${TODAY_SQL} - 30) AS models_before`,
    [teamId],
  );
  const latencyToday = Math.round(row.latency_today);
  const latencyYesterday = Math.round(row.latency_yesterday);
  return {
    total_api_keys: row.keys_now,
    api_keys_change: absoluteChange(row.keys_now, row.keys_week_ago),
    requests_today: row.requests_today,
    requests_change: percentChange(row.requests_today, row.requests_yesterday),
    avg_response_time: latencyToday,
    response_time_change: percentChange(latencyToday, latencyYesterday, ' ms'),
    active_models: row.models_now,
    models_change: absoluteChange(row.models_now, row.models_before),
  };
}
