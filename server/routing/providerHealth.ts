import type { Queryable } from '../db/types';
import { iso } from '../lib/time';
import type { DeploymentHealth, HealthWindow } from '../../contract/schemas/routing';

const WINDOW_INTERVALS: Record<HealthWindow, string> = { hour: '1 hour', day: '1 day' };

interface HealthRow {
  deployment_id: string | null;
  route_name: string | null;
  provider: string;
  model: string;
  requests: number;
  errors: number;
  p50_latency_ms: number | null;
  p95_latency_ms: number | null;
  p50_ttft_ms: number | null;
  p95_ttft_ms: number | null;
  last_error_code: string | null;
  last_seen: Date;
}

/**
 * How each deployment has answered over the last hour or day, from every team's usage events (the usage_events_time
 * index bounds the scan): a route's deployment by its id, calls of a model by its own name (no deployment) by provider
 * and model. Percentiles ignore nulls, so TTFT is null when no request of the window was streamed.
 * docs/gateway.md#model-routes-and-credentials-admin.
 */
export async function providerHealth(
  q: Queryable,
  window: HealthWindow,
  coolingUntil: (deploymentId: string) => number | null = () => null,
): Promise<DeploymentHealth[]> {
  const rows = await q.query<HealthRow>(
    `WITH recent AS (
       SELECT id, deployment_id, route_name, provider, model, status, latency_ms, ttft_ms, error_code, created_at
       FROM usage_events WHERE created_at >= now() - $1::interval
     ), grouped AS (
       SELECT deployment_id,
              (array_agg(route_name ORDER BY created_at DESC, id DESC))[1] AS route_name,
              (array_agg(provider ORDER BY created_at DESC, id DESC))[1] AS provider,
              (array_agg(model ORDER BY created_at DESC, id DESC))[1] AS model,
              count(*)::int AS requests,
              (count(*) FILTER (WHERE status = 'error'))::int AS errors,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50_latency_ms,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95_latency_ms,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ttft_ms) AS p50_ttft_ms,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY ttft_ms) AS p95_ttft_ms,
              (array_agg(error_code ORDER BY created_at DESC, id DESC) FILTER (WHERE status = 'error'))[1]
                AS last_error_code,
              max(created_at) AS last_seen
       FROM recent
       GROUP BY deployment_id,
                CASE WHEN deployment_id IS NULL THEN provider END,
                CASE WHEN deployment_id IS NULL THEN model END
     )
     SELECT g.deployment_id, COALESCE(r.name, g.route_name) AS route_name,
            COALESCE(d.provider, g.provider) AS provider, COALESCE(d.model, g.model) AS model,
            g.requests, g.errors, g.p50_latency_ms, g.p95_latency_ms, g.p50_ttft_ms, g.p95_ttft_ms,
            g.last_error_code, g.last_seen
     FROM grouped g
     LEFT JOIN route_deployments d ON d.id = g.deployment_id
     LEFT JOIN model_routes r ON r.id = d.route_id
     ORDER BY route_name NULLS LAST, provider, model, g.deployment_id`,
    [WINDOW_INTERVALS[window]],
  );
  return rows.map((row) => {
    // A model called by its own name is the deployment `direct:<provider>/<model>` (gateway/routing/resolve.ts).
    const until = coolingUntil(row.deployment_id ?? `direct:${row.provider}/${row.model}`);
    return {
      ...row,
      error_rate: row.requests === 0 ? 0 : row.errors / row.requests,
      last_seen: iso(row.last_seen),
      cooling_until: until === null ? null : new Date(until).toISOString(),
    };
  });
}
