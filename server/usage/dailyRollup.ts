/**
 * The daily roll-up (usage_daily), one definition: its columns, and how each is made from usage_events rows (a
 * request, its tokens, cost, latency, cache and units). The bills write it as they are settled
 * (server/credit/writeBills.ts), and rebuildUsageRollup (usage.ts) makes it again from the events; both read these, so
 * the two cannot count differently. Group by the first five (team, day, model, provider, member).
 */
export const DAILY_ROLLUP_COLUMNS = `team_id, day, model, provider, user_id, request_count, error_count, prompt_tokens,
  completion_tokens, cached_tokens, cost_cents, latency_ms_sum, cache_hits, cache_saved_cents, units, unit`;

export const DAILY_ROLLUP_OF_EVENTS = `team_id, timezone('UTC', created_at)::date, model, provider, user_id, count(*),
  count(*) FILTER (WHERE status = 'error'), sum(prompt_tokens), sum(completion_tokens), sum(cached_tokens),
  sum(cost_cents), sum(latency_ms), count(cached_from), COALESCE(sum(cache_saved_cents), 0),
  COALESCE(sum(units), 0), max(split_part(unit, ':', 1))`;
