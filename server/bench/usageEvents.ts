import type { Db } from '../db/types';

/** Six models of the four providers, as in the demo data. */
export const MODELS = [
  ['claude-sonnet-4', 'anthropic'],
  ['claude-haiku-3.5', 'anthropic'],
  ['gpt-4o', 'openai'],
  ['gpt-4o-mini', 'openai'],
  ['gemini-2.5-pro', 'google'],
  ['meta-llama/llama-3.3-70b-instruct', 'openrouter'],
];
const BATCH = 100_000;
const DAY_SECONDS = 86_400;

export interface UsageEventsLoad {
  teamId: string;
  userIds: string[];
  count: number;
  /** The events spread evenly over the last `days` days, newest first. */
  days: number;
  /** Spread over these keys too (each key's events belong to one user, key i's to user i mod users); none when absent. */
  apiKeyIds?: string[];
}

/**
 * Bulk-inserts raw usage events for one team (benchmarks): generated inside the database in batches of 100,000, a
 * deterministic spread over the time window, the users (and keys) and six models, 2% of them failed. The daily roll-up
 * and the balance are not touched: call rebuildUsageRollup afterwards.
 */
export async function insertUsageEvents(
  db: Db,
  { teamId, userIds, count, days, apiKeyIds = [] }: UsageEventsLoad,
): Promise<void> {
  // Event g uses key g mod keys and that key's user; without keys, user g mod users as before.
  const spread = apiKeyIds.length || userIds.length;
  const models = MODELS.map(([model, provider], i) => `(${i}, '${model}', '${provider}')`).join(', ');
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(start + BATCH, count);
    await db.query(
      `INSERT INTO usage_events (team_id, user_id, api_key_id, model, provider, prompt_tokens, completion_tokens,
                                 cached_tokens, cost_cents, latency_ms, status, created_at)
       SELECT $1, ($2::uuid[])[1 + g % $8 % cardinality($2::uuid[])], ($7::uuid[])[1 + g % $8], m.model, m.provider, 1000 + (g * 7919) % 50000,
              100 + (g * 104729) % 4000, 0, 1 + (g * 31) % 40, 200 + (g * 13) % 3000,
              CASE WHEN g % 50 = 0 THEN 'error' ELSE 'success' END,
              now() - (g * $6 / $5) * interval '1 second'
       FROM generate_series($3::bigint, $4::bigint) g JOIN (VALUES ${models}) m(i, model, provider) ON m.i = g % 6`,
      [teamId, userIds, start + 1, end, count, days * DAY_SECONDS, apiKeyIds, spread],
    );
  }
}
