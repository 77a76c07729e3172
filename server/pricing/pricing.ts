import { recordAudit, type AuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, isUuid, notFound } from '../lib/errors';
import { dollarsToMicros, microsToDollars, nullableDollarsToMicros, nullableMicrosToDollars } from '../lib/money';
import { iso, isoOrNull } from '../lib/time';
import { DEFAULT_BATCH_PERCENT } from '../../contract/batchPrice';
import { unitPriceProblem } from '../../contract/mediaUnits';
import {
  TIME_WINDOW_MESSAGE,
  TOKEN_RANGE_MESSAGE,
  type PricingTier,
  type PricingTierBody,
} from '../../contract/schemas/pricing';

type Price = 'prompt' | 'completion' | 'cache_create' | 'cache_read';

/** A pricing_tiers row: the contract's tier with prices in integer micro-dollars per 1M tokens and times as Dates. */
export type TierRow = Omit<PricingTier, `${Price}_cost_per_1m` | 'effective_time' | 'expiry_time' | 'created_at'> & {
  prompt_micros_per_1m: number;
  completion_micros_per_1m: number;
  cache_create_micros_per_1m: number | null;
  cache_read_micros_per_1m: number | null;
  effective_time: Date;
  expiry_time: Date | null;
  created_at: Date;
  cache_hit_percent: number;
  batch_percent: number;
  /** Micro-dollars per unit, by unit key (contract/mediaUnits.ts); the contract's unit_prices are dollars. */
  unit_prices: Record<string, number>;
};

const toTier = (row: TierRow) => ({
  id: row.id,
  provider: row.provider,
  model: row.model,
  tier_name: row.tier_name,
  tier_order: row.tier_order,
  tier_description: row.tier_description,
  min_tokens: row.min_tokens,
  max_tokens: row.max_tokens,
  prompt_cost_per_1m: microsToDollars(row.prompt_micros_per_1m),
  completion_cost_per_1m: microsToDollars(row.completion_micros_per_1m),
  cache_create_cost_per_1m: nullableMicrosToDollars(row.cache_create_micros_per_1m),
  cache_read_cost_per_1m: nullableMicrosToDollars(row.cache_read_micros_per_1m),
  supports_caching: row.supports_caching,
  cache_min_tokens: row.cache_min_tokens,
  cache_ttl_minutes: row.cache_ttl_minutes,
  notes: row.notes,
  effective_time: iso(row.effective_time),
  expiry_time: isoOrNull(row.expiry_time),
  created_at: iso(row.created_at),
  cache_hit_percent: row.cache_hit_percent,
  batch_percent: row.batch_percent,
  unit_prices: mapValues(row.unit_prices ?? {}, microsToDollars),
});

const mapValues = (prices: Record<string, number>, convert: (value: number) => number) =>
  Object.fromEntries(Object.entries(prices).map(([key, value]) => [key, convert(value)]));

const ACTIVE_SQL = 'effective_time <= now() AND (expiry_time IS NULL OR expiry_time > now())';

export async function listTiers(
  q: Queryable,
  filters: { provider?: string; model?: string; active?: boolean; limit: number; offset: number },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.provider) {
    params.push(filters.provider.toLowerCase());
    where.push(`provider = $${params.length}`);
  }
  if (filters.model) {
    params.push(`%${filters.model.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`model ILIKE $${params.length}`);
  }
  if (filters.active !== undefined) where.push(filters.active ? ACTIVE_SQL : `NOT (${ACTIVE_SQL})`);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ total }] = await q.query<{ total: number }>(`SELECT count(*) AS total FROM pricing_tiers ${clause}`, params);
  const rows = await q.query<TierRow>(
    `SELECT * FROM pricing_tiers ${clause} ORDER BY provider, model, tier_order, effective_time DESC
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filters.limit, filters.offset],
  );
  return { pricings: rows.map(toTier), total };
}

/**
 * Inserts a tier unless it overlaps, in token range and in time, a tier of the same model that is active or still to
 * come. An advisory lock per model makes the check-then-insert safe under concurrency.
 */
export async function createTier(db: Db, who: AuditContext, input: PricingTierBody) {
  if (input.max_tokens !== null && input.max_tokens !== undefined && input.max_tokens <= input.min_tokens) {
    throw badRequest(TOKEN_RANGE_MESSAGE);
  }
  if (input.expiry_time && input.effective_time && new Date(input.expiry_time) <= new Date(input.effective_time)) {
    throw badRequest(TIME_WINDOW_MESSAGE);
  }
  for (const [key, dollars] of Object.entries(input.unit_prices ?? {})) {
    const problem = unitPriceProblem(key, dollars);
    if (problem) throw badRequest(problem);
  }
  const provider = input.provider.toLowerCase();
  const model = input.model.trim();
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pricing:${provider}/${model}`]);
    const [overlap] = await q.query<{ tier_name: string }>(
      `SELECT tier_name FROM pricing_tiers
       WHERE provider = $1 AND model = $2 AND (expiry_time IS NULL OR expiry_time > now())
         AND min_tokens <= COALESCE($4::bigint, 9223372036854775807)
         AND COALESCE(max_tokens, 9223372036854775807) >= $3::bigint
         AND effective_time < COALESCE($6::timestamptz, 'infinity')
         AND COALESCE(expiry_time, 'infinity') > COALESCE($5::timestamptz, now())
       LIMIT 1`,
      [
        provider,
        model,
        input.min_tokens,
        input.max_tokens ?? null,
        input.effective_time ?? null,
        input.expiry_time ?? null,
      ],
    );
    if (overlap) throw conflict(`Overlaps the "${overlap.tier_name}" tier of ${provider}/${model}`);
    const [row] = await q.query<TierRow>(
      `INSERT INTO pricing_tiers (provider, model, tier_name, tier_order, tier_description, min_tokens, max_tokens,
         prompt_micros_per_1m, completion_micros_per_1m, cache_create_micros_per_1m, cache_read_micros_per_1m,
         supports_caching, cache_min_tokens, cache_ttl_minutes, notes, effective_time, expiry_time, cache_hit_percent,
         batch_percent, unit_prices)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, COALESCE($16::timestamptz, now()), $17,
               $18, $19, $20::jsonb)
       RETURNING *`,
      [
        provider,
        model,
        input.tier_name.trim(),
        input.tier_order,
        input.tier_description ?? null,
        input.min_tokens,
        input.max_tokens ?? null,
        dollarsToMicros(input.prompt_cost_per_1m),
        dollarsToMicros(input.completion_cost_per_1m),
        nullableDollarsToMicros(input.cache_create_cost_per_1m),
        nullableDollarsToMicros(input.cache_read_cost_per_1m),
        input.supports_caching ?? false,
        input.cache_min_tokens ?? null,
        input.cache_ttl_minutes ?? null,
        input.notes ?? null,
        input.effective_time ?? null,
        input.expiry_time ?? null,
        input.cache_hit_percent ?? 0,
        input.batch_percent ?? DEFAULT_BATCH_PERCENT,
        JSON.stringify(mapValues(input.unit_prices ?? {}, dollarsToMicros)),
      ],
    );
    const tier = toTier(row);
    await recordAudit(q, who, {
      teamId: null,
      action: 'pricing_tier.created',
      target: { id: tier.id, label: `${tier.provider}/${tier.model} ${tier.tier_name}` },
      after: tierRecord(tier),
    });
    return tier;
  });
}

/** What the audit log keeps of a tier. */
const tierRecord = ({ id: _id, ...tier }: ReturnType<typeof toTier>) => tier;

/** Deactivation ends the tier now; a tier that has not started yet ends at its start, i.e. never applies. */
export async function deactivateTier(db: Db, who: AuditContext, id: string) {
  if (!isUuid(id)) throw notFound('Pricing tier not found');
  return db.tx(async (q) => {
    const [before] = await q.query<TierRow>('SELECT * FROM pricing_tiers WHERE id = $1 FOR UPDATE', [id]);
    const [row] = await q.query<TierRow>(
      `UPDATE pricing_tiers SET expiry_time = GREATEST(now(), effective_time)
       WHERE id = $1 AND (expiry_time IS NULL OR expiry_time > now()) RETURNING *`,
      [id],
    );
    if (!row) return currentTier(q, id);
    const tier = toTier(row);
    await recordAudit(q, who, {
      teamId: null,
      action: 'pricing_tier.deactivated',
      target: { id, label: `${tier.provider}/${tier.model} ${tier.tier_name}` },
      before: tierRecord(toTier(before)),
      after: tierRecord(tier),
    });
    return tier;
  });
}

/** A tier that is already inactive: deactivating it again changes nothing. */
async function currentTier(q: Queryable, id: string) {
  const [existing] = await q.query<TierRow>('SELECT * FROM pricing_tiers WHERE id = $1', [id]);
  if (!existing) throw notFound('Pricing tier not found');
  return toTier(existing);
}
