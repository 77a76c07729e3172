import type { Queryable } from '../db/types';
import { ceilCents, costPicoDollars, type Prices } from '../lib/cost';
import type { TierRow as PricingTierRow } from '../pricing/pricing';

export interface Tier extends Prices {
  provider: string;
  model: string;
  /** What a cache hit costs, in percent of the stored answer's cost (server/cache/hitPrice.ts). */
  cacheHitPercent: number;
  /** What a batch line costs, in percent of these prices (docs/batches.md#price). */
  batchPercent: number;
  /** Micro-dollars per unit of a media request, by unit key (contract/mediaUnits.ts); empty: tokens only. */
  unitPrices?: Readonly<Record<string, number>>;
  minTokens: number;
  maxTokens: number | null;
  effectiveMs: number;
  expiryMs: number | null;
}

/** Tiers by `provider/model`, each list ordered by min_tokens. */
export type TierIndex = Map<string, Tier[]>;

const isActive = (tier: Tier, now: number) =>
  tier.effectiveMs <= now && (tier.expiryMs === null || tier.expiryMs > now);

export function activeTiers(index: TierIndex, provider: string, model: string, now: number): Tier[] {
  return (index.get(`${provider}/${model}`) ?? []).filter((tier) => isActive(tier, now));
}

/**
 * The tier whose token range holds the prompt size (min_tokens and max_tokens both inclusive). Ranges are not
 * required to be contiguous: in a gap the tier below applies, and below the first range the first one.
 */
export function tierFor(tiers: Tier[], promptTokens: number): Tier {
  let chosen = tiers[0];
  for (const tier of tiers) {
    if (tier.minTokens > promptTokens) break;
    chosen = tier;
    if (tier.maxTokens === null || promptTokens <= tier.maxTokens) break;
  }
  return chosen;
}

/**
 * What to hold before forwarding: the most the request can cost, `promptTokens` being an upper bound. Every tier
 * the prompt could fall into is considered, and each prompt token at the dearer of its prompt and cache-write prices.
 */
export function worstCaseCents(tiers: Tier[], promptTokens: number, completionTokens: number): number {
  let worst = 0n;
  for (const tier of tiers) {
    // Every tier the prompt can reach, and the first one, which tierFor falls back to below the first range.
    if (tier.minTokens > promptTokens && tier !== tiers[0]) continue;
    const promptPrice = Math.max(tier.promptMicros, tier.cacheCreateMicros ?? 0);
    const cost = costPicoDollars(
      { promptTokens, completionTokens, cachedTokens: 0, cacheCreationTokens: 0 },
      { ...tier, promptMicros: promptPrice },
    );
    if (cost > worst) worst = cost;
  }
  return ceilCents(worst);
}

/** The tiers as a batch's lines are held and billed: each at its batch percent of its prices. */
export const batchTiers = (tiers: Tier[]): Tier[] => tiers.map((tier) => ({ ...tier, percent: tier.batchPercent }));

/** The columns of a pricing_tiers row that the gateway prices requests with: the query's list and the row's type. */
const TIER_COLUMNS = [
  'provider',
  'model',
  'min_tokens',
  'max_tokens',
  'prompt_micros_per_1m',
  'completion_micros_per_1m',
  'cache_create_micros_per_1m',
  'cache_read_micros_per_1m',
  'effective_time',
  'expiry_time',
  'cache_hit_percent',
  'batch_percent',
  'unit_prices',
] as const satisfies readonly (keyof PricingTierRow)[];
type TierRow = Pick<PricingTierRow, (typeof TIER_COLUMNS)[number]>;

/** Current and future tiers by `provider/model`, each list ordered by min_tokens. */
export async function loadTiers(db: Queryable): Promise<TierIndex> {
  const rows = await db.query<TierRow>(
    `SELECT ${TIER_COLUMNS.join(', ')}
     FROM pricing_tiers WHERE expiry_time IS NULL OR expiry_time > now()
     ORDER BY provider, model, min_tokens, effective_time`,
  );
  const next: TierIndex = new Map();
  for (const row of rows) {
    const key = `${row.provider}/${row.model}`;
    const list = next.get(key) ?? [];
    list.push({
      provider: row.provider,
      model: row.model,
      minTokens: row.min_tokens,
      maxTokens: row.max_tokens,
      promptMicros: row.prompt_micros_per_1m,
      completionMicros: row.completion_micros_per_1m,
      cacheCreateMicros: row.cache_create_micros_per_1m,
      cacheReadMicros: row.cache_read_micros_per_1m,
      cacheHitPercent: row.cache_hit_percent,
      batchPercent: row.batch_percent,
      unitPrices: row.unit_prices ?? {},
      effectiveMs: new Date(row.effective_time).getTime(),
      expiryMs: row.expiry_time === null ? null : new Date(row.expiry_time).getTime(),
    });
    next.set(key, list);
  }
  return next;
}
