import type { Queryable } from '../db/types';
import { billedCents } from '../lib/cost';
import { dollarsToMicros } from '../lib/money';
import { SEED_MODELS, SEED_TIERS } from './pricingData';

const DAY = 86_400_000;
export const BUDGET_CENTS = 50_000;
/** Month-to-date spend aims at 70% of the budget whatever day of the month the demo starts on. */
const MONTH_TARGET_CENTS = BUDGET_CENTS * 0.7;
const EARLIER_DAY_TARGET_CENTS = 1_000;

export interface UsageContext {
  team: string;
  keyIds: string[];
  keys: { owner: string; created: number; deleted: number | null; lastUse: number }[];
  now: Date;
  random: () => number;
  activity: (userId: string | null, type: string, message: string, at: Date) => Promise<unknown>;
}

/** Columns of a seeded event, in the INSERT's order (seedUsage). */
const AT = 11;
const COST = 8;
const STATUS = 10;
const REQUEST_ID = 12;
const HITS = 3;

/**
 * The newest HITS successful requests of the seed asked again and answered from the response cache a moment later
 * (docs/gateway.md#caching): free, no tokens, naming the request whose answer they were, so the demo's request log
 * shows Cached rows and its dashboard what the cache saved. Takes no random numbers: the rest of the seed is as before.
 */
function cacheHits(rows: unknown[][], now: Date): unknown[][] {
  // The newest by time (a day's rows are not in time order), so the hits are among the log's newest rows whatever the
  // day: on the 1st, a month's requests fall on one day, and the last ones pushed may be hours old.
  const answered = rows
    .filter((row) => row[STATUS] === 'success')
    .sort((a, b) => (a[AT] as Date).getTime() - (b[AT] as Date).getTime())
    .slice(-HITS);
  return answered.map((row, i) => {
    const requestId = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    row[REQUEST_ID] = requestId;
    const at = row[AT] as Date;
    const later = new Date(at.getTime() + (now.getTime() - at.getTime()) / 2);
    return [...row.slice(0, 5), 0, 0, 0, 0, 3, 'success', later, null, requestId, row[COST]];
  });
}

/** 60 days of requests; returns their total cost in cents. */
export async function seedUsage(q: Queryable, ctx: UsageContext): Promise<number> {
  const { now, random } = ctx;
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysIntoMonth = (todayStart - monthStart) / DAY + 1;
  const totalWeight = SEED_MODELS.reduce((sum, model) => sum + model.weight, 0);
  const pick = () => {
    let roll = random() * totalWeight;
    return SEED_MODELS.find((model) => (roll -= model.weight) < 0) ?? SEED_MODELS[0];
  };
  const rows: unknown[][] = [];
  let totalCents = 0;
  // A couple of recent failures make the activity feed realistic without drowning everything else.
  let failuresLogged = 0;
  for (let day = 59; day >= 0; day--) {
    const dayStart = todayStart - day * DAY;
    const dayEnd = day === 0 ? now.getTime() : dayStart + DAY;
    // A narrower spread this month keeps month-to-date spend within 63-77% of the budget even on the 1st.
    const target =
      dayStart >= monthStart
        ? (MONTH_TARGET_CENTS / daysIntoMonth) * (0.9 + random() * 0.2)
        : EARLIER_DAY_TARGET_CENTS * (0.8 + random() * 0.4);
    let spent = 0;
    while (spent < target) {
      const model = pick();
      const tier =
        SEED_TIERS.find(
          (t) => t.model === model.model && t.expiresInDays === null && t.effectiveDaysAgo > 0 && t.tierOrder === 1,
        ) ?? SEED_TIERS.find((t) => t.model === model.model)!;
      const at = new Date(dayStart + random() * (dayEnd - dayStart));
      const daysAgo = (now.getTime() - at.getTime()) / DAY;
      const usable = ctx.keys
        .map((key, index) => ({ key, index }))
        .filter(({ key }) => key.created > daysAgo && daysAgo >= (key.deleted ?? key.lastUse));
      const { key, index } = usable[Math.floor(random() * usable.length)];
      const prompt = Math.round(20_000 + random() * 160_000);
      const completion = Math.round(1_000 + random() * 7_000);
      const cached = tier.cacheRead !== null && random() < 0.4 ? Math.round(prompt * random() * 0.5) : 0;
      const failed = random() < 0.02;
      const cost = failed
        ? 0
        : billedCents(
            { promptTokens: prompt, completionTokens: completion, cachedTokens: cached, cacheCreationTokens: 0 },
            {
              promptMicros: dollarsToMicros(tier.prompt),
              completionMicros: dollarsToMicros(tier.completion),
              cacheReadMicros: tier.cacheRead === null ? null : dollarsToMicros(tier.cacheRead),
              cacheCreateMicros: null,
            },
          );
      const latency = Math.round(model.latency * (0.5 + random()));
      spent += cost + 1;
      totalCents += cost;
      rows.push([
        ctx.team,
        key.owner,
        ctx.keyIds[index],
        model.model,
        model.provider,
        prompt,
        completion,
        cached,
        cost,
        latency,
        failed ? 'error' : 'success',
        at,
        null,
        null,
        null,
      ]);
      if (failed && daysAgo < 3 && failuresLogged < 2) {
        failuresLogged++;
        await ctx.activity(key.owner, 'request_failed', `A request to ${model.model} failed`, at);
      }
    }
  }
  rows.push(...cacheHits(rows, now));
  const columns = 15;
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    const values = batch
      .map((_, i) => `(${Array.from({ length: columns }, (_, j) => `$${i * columns + j + 1}`).join(', ')})`)
      .join(', ');
    await q.query(
      `INSERT INTO usage_events (team_id, user_id, api_key_id, model, provider, prompt_tokens, completion_tokens,
         cached_tokens, cost_cents, latency_ms, status, created_at, caller_request_id, cached_from, cache_saved_cents)
       VALUES ${values}`,
      batch.flat(),
    );
  }
  await q.query(
    `UPDATE api_keys k SET last_used_at = u.last FROM (SELECT api_key_id, max(created_at) AS last FROM usage_events
       WHERE team_id = $1 GROUP BY api_key_id) u WHERE k.id = u.api_key_id`,
    [ctx.team],
  );
  return totalCents;
}
