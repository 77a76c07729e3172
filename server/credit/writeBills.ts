import type { Queryable } from '../db/types';
import { formatCents } from '../lib/money';
import { DAILY_ROLLUP_COLUMNS, DAILY_ROLLUP_OF_EVENTS } from '../usage/dailyRollup';
import { storableJson, storableText } from './storable';

export interface UsageEvent {
  teamId: string;
  userId: string;
  apiKeyId: string | null;
  model: string;
  provider: string;
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  cacheCreationTokens?: number;
  costCents: number;
  latencyMs: number;
  status?: 'success' | 'error';
  createdAt?: Date;
  /**
   * The gateway reservation this request held: settling releases it, and it names the request, so an event recorded
   * twice (a journal replayed after a crash) is billed once.
   */
  reservationId?: number | null;
  /**
   * A lease-admitted request (docs/deploy.md#credit-leases): the lease its cost is taken out of, and the id naming the
   * request (from the lease's block), which makes a replayed bill count once as a reservation id does.
   */
  leaseId?: number | null;
  requestId?: number | null;
  /** The API the request came in through (wire/types.ts EndpointName); chat completions when absent. */
  endpoint?: string;
  /** The model route the client called, when it called one. */
  routeName?: string | null;
  /** The route deployment that answered (or failed this try). */
  deploymentId?: string | null;
  /** Milliseconds to the first streamed byte. */
  ttftMs?: number | null;
  /** Why the request (or this try) failed: the error code its client got. */
  errorCode?: string | null;
  /** The message its client got with that code (the request log shows it); never a request or response body. */
  errorMessage?: string | null;
  /** The x-request-id its client got: the request log finds the request (and its failed tries) by it. */
  callerRequestId?: string | null;
  /** Answered from the response cache: the x-request-id of the request whose answer it was (docs/gateway.md#caching). */
  cachedFrom?: string | null;
  /** A cache hit's saving: what the answer had cost, less what the hit was billed. */
  cacheSavedCents?: number | null;
  /** What the guardrails did, by rule and count (`redacted=email:2;flagged=phone:1`), never what they found. */
  guardrails?: string | null;
  /** A tool call's kept arguments and result, for a team that captures them (docs/mcp.md#content-capture). */
  toolContent?: unknown;
  /** A batch's line: the batch (docs/batches.md). */
  batchId?: string | null;
  /** A media request's unit key (contract/mediaUnits.ts) and how many it was billed (docs/media.md). */
  unit?: string | null;
  units?: number | null;
}

/** A single request at or above this cost is surfaced in the activity feed. */
const HIGH_COST_CENTS = 500;

/**
 * Records gateway requests: for each, the raw event, its daily roll-up rows (the team's, and the administrators'
 * analytics by model and latency and by team), the team's balance (usage events are the
 * debit side of the ledger: balance = credit_ledger - usage cost), the release of its credit reservation (on the
 * team, the member and the key), the key's last use, period spend and minute's tokens, the team's models and the activity feed (first use of a key or a model, failed or expensive requests).
 *
 * It is ONE statement, hence one transaction, however many events: the gateway settles requests in batches, and a
 * single statement is one round trip on PostgreSQL and one parse on PGlite. First uses are race-free without extra
 * locking: the key rows are locked first (FOR NO KEY UPDATE) and team_models relies on its primary key (ON CONFLICT DO NOTHING).
 * Activity rows of one batch get microsecond offsets so the feed lists them in a stable order.
 */
export async function recordUsageBatch(q: Queryable, events: UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  const column = <T>(pick: (event: UsageEvent) => T) => events.map(pick);
  // Every text column through storableText: one bill's NUL would fail the whole batch's statement (storable.ts).
  const text = (pick: (event: UsageEvent) => string | null | undefined) =>
    events.map((event) => {
      const value = pick(event);
      return value === null || value === undefined ? null : storableText(value);
    });
  // Each cost of the batch once, formatted here rather than in SQL so the activity feed reads money as the app does.
  const costs = [...new Set(column((e) => e.costCents))];
  await q.query(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[], $7::int[],
                            $8::int[], $9::int[], $10::bigint[], $11::int[], $12::text[], $13::timestamptz[],
                            $15::bigint[], $18::text[], $19::text[], $20::uuid[], $21::int[], $22::text[], $23::text[],
                            $24::bigint[], $25::text[], $26::text[], $27::bigint[], $28::text[], $29::text[],
                            $30::text[], $31::text[], $32::int[])
         AS e(team_id, user_id, api_key_id, model, provider, prompt_tokens, completion_tokens, cached_tokens,
              cache_creation_tokens, cost_cents, latency_ms, status, created_at, request_id, endpoint, route_name,
              deployment_id, ttft_ms, error_code, error_message, lease_id, caller_request_id, cached_from,
              cache_saved_cents, guardrails, tool_content, batch_id, unit, units)
     ),
     inserted AS (
       INSERT INTO usage_events (team_id, user_id, api_key_id, model, provider, prompt_tokens, completion_tokens,
                                 cached_tokens, cache_creation_tokens, cost_cents, latency_ms, status, created_at,
                                 request_id, endpoint, route_name, deployment_id, ttft_ms, error_code, error_message,
                                 caller_request_id, cached_from, cache_saved_cents, guardrails, tool_content, batch_id,
                                 unit, units)
       SELECT team_id, user_id, api_key_id, model, provider, prompt_tokens, completion_tokens, cached_tokens,
              cache_creation_tokens, cost_cents, latency_ms, status, COALESCE(created_at, now()), request_id,
              COALESCE(endpoint, 'chat.completions'), route_name, deployment_id, ttft_ms, error_code, error_message,
              caller_request_id, cached_from, cache_saved_cents, guardrails, tool_content::jsonb, batch_id, unit, units
       FROM input
       ON CONFLICT (request_id) WHERE request_id IS NOT NULL DO NOTHING
       RETURNING id, team_id, user_id, api_key_id, model, provider, prompt_tokens, completion_tokens, cached_tokens,
                 cost_cents, latency_ms, status, created_at, request_id, cached_from, cache_saved_cents, unit, units
     ),
     reserved AS (
       DELETE FROM gateway_reservations WHERE id = ANY($14::bigint[])
       RETURNING id, team_id, key_id, user_id, amount_cents, tokens, minute
     ),
     -- Keys, then members, then teams: the order gateway_admit locks them in, so the two never deadlock. Each UPDATE
     -- waits for the previous lock to be taken (an uncorrelated subquery is evaluated before the first row).
     locked_keys AS (
       SELECT id, last_used_at IS NULL AS first_use FROM api_keys
       WHERE id IN (SELECT api_key_id FROM input) ORDER BY id FOR NO KEY UPDATE
     ),
     -- A lease-admitted bill takes its cost out of its lease, and so out of what the lease holds on the key, member
     -- and team; only bills inserted now (not replays of ones already written) do. A lease given back meanwhile is
     -- simply not found: giving it back already released what it held.
     leased AS (
       UPDATE gateway_leases l SET amount_cents = l.amount_cents - u.cost
       FROM (SELECT e.lease_id, sum(i.cost_cents) AS cost FROM inserted i JOIN input e ON e.request_id = i.request_id
             WHERE e.lease_id IS NOT NULL GROUP BY 1) u
       WHERE l.id = u.lease_id AND (SELECT count(*) FROM locked_keys) >= 0
       RETURNING NULL::bigint AS id, l.team_id, l.key_id, l.user_id, u.cost AS amount_cents, 0::bigint AS tokens,
                 NULL::timestamptz AS minute
     ),
     released AS (SELECT * FROM reserved UNION ALL SELECT * FROM leased),
     members AS (
       UPDATE team_members m SET reserved_cents = m.reserved_cents - r.amount
       FROM (SELECT team_id, user_id, sum(amount_cents) AS amount FROM released WHERE user_id IS NOT NULL GROUP BY 1, 2) r
       WHERE m.team_id = r.team_id AND m.user_id = r.user_id AND (SELECT count(*) FROM locked_keys) >= 0
       RETURNING m.user_id
     ),
     balances AS (
       UPDATE teams t SET credit_balance_cents = t.credit_balance_cents - m.cost,
                          reserved_cents = t.reserved_cents - m.released
       FROM (SELECT team_id, sum(cost) AS cost, sum(released) AS released
             FROM (SELECT team_id, cost_cents AS cost, 0 AS released FROM inserted
                   UNION ALL SELECT team_id, 0, amount_cents FROM released) x
             GROUP BY team_id) m
       WHERE t.id = m.team_id AND (SELECT count(*) FROM members) >= 0
     ),
     daily AS (
       INSERT INTO usage_daily AS d (${DAILY_ROLLUP_COLUMNS})
       SELECT ${DAILY_ROLLUP_OF_EVENTS}
       FROM inserted GROUP BY 1, 2, 3, 4, 5
       ON CONFLICT (team_id, day, model, provider, user_id) DO UPDATE SET
         request_count = d.request_count + EXCLUDED.request_count, error_count = d.error_count + EXCLUDED.error_count,
         prompt_tokens = d.prompt_tokens + EXCLUDED.prompt_tokens,
         completion_tokens = d.completion_tokens + EXCLUDED.completion_tokens,
         cached_tokens = d.cached_tokens + EXCLUDED.cached_tokens, cost_cents = d.cost_cents + EXCLUDED.cost_cents,
         latency_ms_sum = d.latency_ms_sum + EXCLUDED.latency_ms_sum, cache_hits = d.cache_hits + EXCLUDED.cache_hits,
         cache_saved_cents = d.cache_saved_cents + EXCLUDED.cache_saved_cents, units = d.units + EXCLUDED.units,
         unit = COALESCE(EXCLUDED.unit, d.unit)
     ),
     -- The administrators' analytics (migration 15): the day by model and latency bucket, and each team's day. In key
     -- order, so two batches lock the rows they share in the same order.
     model_days AS (
       INSERT INTO usage_daily_models AS d (day, provider, model, latency_bucket, request_count, error_count,
                                            prompt_tokens, completion_tokens, cached_tokens, cost_cents, latency_ms_sum)
       SELECT timezone('UTC', created_at)::date, provider, model, latency_bucket(latency_ms), count(*),
              count(*) FILTER (WHERE status = 'error'), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens),
              sum(cost_cents), sum(latency_ms)
       FROM inserted GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
       ON CONFLICT (day, provider, model, latency_bucket) DO UPDATE SET
         request_count = d.request_count + EXCLUDED.request_count, error_count = d.error_count + EXCLUDED.error_count,
         prompt_tokens = d.prompt_tokens + EXCLUDED.prompt_tokens,
         completion_tokens = d.completion_tokens + EXCLUDED.completion_tokens,
         cached_tokens = d.cached_tokens + EXCLUDED.cached_tokens, cost_cents = d.cost_cents + EXCLUDED.cost_cents,
         latency_ms_sum = d.latency_ms_sum + EXCLUDED.latency_ms_sum
     ),
     team_days AS (
       INSERT INTO usage_daily_teams AS d (day, team_id, request_count, error_count, prompt_tokens, completion_tokens,
                                           cached_tokens, cost_cents, latency_ms_sum)
       SELECT timezone('UTC', created_at)::date, team_id, count(*), count(*) FILTER (WHERE status = 'error'),
              sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens), sum(cost_cents), sum(latency_ms)
       FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (day, team_id) DO UPDATE SET
         request_count = d.request_count + EXCLUDED.request_count, error_count = d.error_count + EXCLUDED.error_count,
         prompt_tokens = d.prompt_tokens + EXCLUDED.prompt_tokens,
         completion_tokens = d.completion_tokens + EXCLUDED.completion_tokens,
         cached_tokens = d.cached_tokens + EXCLUDED.cached_tokens, cost_cents = d.cost_cents + EXCLUDED.cost_cents,
         latency_ms_sum = d.latency_ms_sum + EXCLUDED.latency_ms_sum
     ),
     -- Per key: its last use, its hold given back, the cost added to the period it is settled in, and the minute's
     -- tokens corrected from the hold to the real count while that minute is still the key's window.
     key_moves AS (
       SELECT api_key_id AS key_id, created_at AS at, cost_cents AS cost, 0 AS released, NULL::timestamptz AS minute,
              0 AS token_fix
       FROM inserted WHERE api_key_id IS NOT NULL
       UNION ALL
       SELECT r.key_id, NULL, 0, r.amount_cents, r.minute, COALESCE(i.prompt_tokens + i.completion_tokens, 0) - r.tokens
       FROM released r LEFT JOIN inserted i ON i.request_id = r.id WHERE r.key_id IS NOT NULL
     ),
     keys AS (
       UPDATE api_keys k SET last_used_at = GREATEST(k.last_used_at, u.at), reserved_cents = k.reserved_cents - u.released,
         period_spend_cents = u.cost + CASE WHEN k.spend_period_start IS NOT DISTINCT FROM
                                              key_period_start(k.limit_period, now()) THEN k.period_spend_cents ELSE 0 END,
         spend_period_start = key_period_start(k.limit_period, now()),
         rate_tokens = GREATEST(0, k.rate_tokens + COALESCE(
           (SELECT sum(x.token_fix) FROM key_moves x WHERE x.key_id = k.id AND x.minute = k.rate_minute), 0))
       FROM (SELECT key_id, max(at) AS at, sum(cost) AS cost, sum(released) AS released FROM key_moves GROUP BY 1) u,
            locked_keys prev
       WHERE k.id = u.key_id AND k.id = prev.id
       RETURNING k.id, k.name, prev.first_use
     ),
     models AS (
       INSERT INTO team_models (team_id, provider, model, first_used_at)
       SELECT team_id, provider, model, min(created_at) FROM inserted
       WHERE status = 'success' GROUP BY 1, 2, 3
       ON CONFLICT DO NOTHING
       RETURNING team_id, provider, model
     )
     INSERT INTO activity_events (team_id, user_id, type, message, created_at)
     SELECT team_id, user_id, type, message, now() + seq * interval '1 microsecond' FROM (
       (SELECT DISTINCT ON (keys.id) i.team_id, i.user_id, 'api_key_first_used' AS type,
               format('API key "%s" was used for the first time', keys.name) AS message, 0 AS seq, i.id
        FROM keys JOIN inserted i ON i.api_key_id = keys.id WHERE keys.first_use ORDER BY keys.id, i.id)
       UNION ALL
       (SELECT DISTINCT ON (m.team_id, m.provider, m.model) i.team_id, i.user_id, 'first_model_usage',
               format('Model %s/%s was used for the first time', m.provider, m.model), 1, i.id
        FROM models m JOIN inserted i ON (i.team_id, i.provider, i.model) = (m.team_id, m.provider, m.model)
        WHERE i.status = 'success' ORDER BY m.team_id, m.provider, m.model, i.id)
       UNION ALL
       SELECT team_id, user_id, 'request_failed', format('A request to %s failed', model), 2, id
       FROM inserted WHERE status = 'error'
       UNION ALL
       SELECT i.team_id, i.user_id, 'high_cost_request', format('A %s request cost %s', i.model, cost.label), 2, i.id
       FROM inserted i JOIN unnest($16::bigint[], $17::text[]) AS cost(cents, label) ON cost.cents = i.cost_cents
       WHERE i.status = 'success' AND i.cost_cents >= ${HIGH_COST_CENTS}
     ) feed
     ORDER BY seq, id`,
    [
      column((e) => e.teamId),
      column((e) => e.userId),
      column((e) => e.apiKeyId),
      text((e) => e.model),
      text((e) => e.provider),
      column((e) => e.promptTokens),
      column((e) => e.completionTokens),
      column((e) => e.cachedTokens ?? 0),
      column((e) => e.cacheCreationTokens ?? 0),
      column((e) => e.costCents),
      column((e) => e.latencyMs),
      text((e) => e.status ?? 'success'),
      column((e) => e.createdAt ?? null),
      events.flatMap((e) => (e.reservationId ? [e.reservationId] : [])),
      column((e) => e.requestId ?? e.reservationId ?? null),
      costs,
      costs.map(formatCents),
      text((e) => e.endpoint ?? null),
      text((e) => e.routeName ?? null),
      column((e) => e.deploymentId ?? null),
      column((e) => e.ttftMs ?? null),
      text((e) => e.errorCode ?? null),
      text((e) => e.errorMessage ?? null),
      column((e) => e.leaseId ?? null),
      text((e) => e.callerRequestId ?? null),
      text((e) => e.cachedFrom ?? null),
      column((e) => e.cacheSavedCents ?? null),
      text((e) => e.guardrails ?? null),
      // As JSON text: one text[] parameter on both engines, cast to jsonb in the statement.
      column((e) =>
        e.toolContent === undefined || e.toolContent === null ? null : JSON.stringify(storableJson(e.toolContent)),
      ),
      text((e) => e.batchId ?? null),
      text((e) => e.unit ?? null),
      column((e) => e.units ?? null),
    ],
    { name: 'usage_record_batch' },
  );
}

/**
 * The database refused one of the statement's bills: a value (a data exception, SQLSTATE class 22: a count out of its
 * column's range, text storable.ts did not foresee) or a reference (an integrity violation, class 23: a user or key
 * row gone). Nothing was written; the batch's other bills can be, alone.
 */
export function refusedAValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** One request; see recordUsageBatch. */
export async function recordUsage(q: Queryable, event: UsageEvent): Promise<void> {
  await recordUsageBatch(q, [event]);
}
