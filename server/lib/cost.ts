/**
 * What one request costs. Prices are integer micro-dollars per 1M tokens, so tokens x price is in units of
 * 1e-12 dollars and one cent is 1e10 of them. Everything is summed exactly in BigInt (a 10M-token prompt at
 * $1,000/1M is already past 2^53) and turned into cents once per request.
 */
export interface TokenUsage {
  /** All input tokens, including the cached and cache-creation ones (OpenAI's `prompt_tokens`). */
  promptTokens: number;
  completionTokens: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedTokens: number;
  /** Input tokens written to the provider's prompt cache. */
  cacheCreationTokens: number;
}

export interface Prices {
  promptMicros: number;
  completionMicros: number;
  /** Null: the tier has no cache price and those tokens are charged as prompt tokens. */
  cacheReadMicros: number | null;
  cacheCreateMicros: number | null;
  /** The share of these prices billed, in percent (a batch line's: docs/batches.md#price); the whole when absent. */
  percent?: number;
}

const PICO_DOLLARS_PER_CENT = 10_000_000_000n;

export function costPicoDollars(usage: TokenUsage, prices: Prices): bigint {
  const cached = Math.min(usage.cachedTokens, usage.promptTokens);
  const created = Math.min(usage.cacheCreationTokens, usage.promptTokens - cached);
  const uncached = usage.promptTokens - cached - created;
  const whole =
    BigInt(uncached) * BigInt(prices.promptMicros) +
    BigInt(cached) * BigInt(prices.cacheReadMicros ?? prices.promptMicros) +
    BigInt(created) * BigInt(prices.cacheCreateMicros ?? prices.promptMicros) +
    BigInt(usage.completionTokens) * BigInt(prices.completionMicros);
  // Rounded down to the picodollar: a hold (ceilCents) and a bill (billedCents) of the same usage read the same value,
  // so a bill never exceeds its hold by a rounding.
  return prices.percent === undefined ? whole : (whole * BigInt(prices.percent)) / 100n;
}

/**
 * Billed cost in cents: rounded down, once per request, so rounding never charges a team for a fraction of a cent
 * it did not use (the operator absorbs under one cent per request).
 */
export const billedCents = (usage: TokenUsage, prices: Prices): number =>
  Number(costPicoDollars(usage, prices) / PICO_DOLLARS_PER_CENT);

/** Rounded up: what is held back before a request must cover anything it can end up costing. */
export function ceilCents(picoDollars: bigint): number {
  return Number((picoDollars + PICO_DOLLARS_PER_CENT - 1n) / PICO_DOLLARS_PER_CENT);
}
