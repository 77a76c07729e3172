// Pricing tier rules: activity, display, create form, providers (docs/rules.md#pricing-tiers).
import type { PricingListQuery, PricingTier, PricingTierBody } from '../../../contract/schemas/pricing';
import { type BooleanFilter, booleanFilterParam, booleanFilterQuery } from '../../lib/booleanFilter';
import { formatCount } from '../../lib/numbers';
import { formatUsd } from '../../../contract/decimal';
import { GATEWAY_PROVIDERS } from '../../../contract/providers';
import { DEFAULT_BATCH_PERCENT } from '../../../contract/batchPrice';
import { unitPriceProblem } from '../../../contract/mediaUnits';

/** The pricing form's and filter's providers: every one the gateway routes to, echo included (contract/). */
export const PROVIDERS = GATEWAY_PROVIDERS;

export const DEACTIVATE_TIER_CONFIRMATION = 'Are you sure you want to deactivate this pricing tier?';

/** The confirmation's title names the tier it acts on; the fixed sentence stays its message. */
export function deactivateTierTitle(tier: Pick<PricingTier, 'tier_name' | 'provider' | 'model'>): string {
  return `Deactivate the ${tier.tier_name} tier of ${tier.provider}/${tier.model}?`;
}
export const DEACTIVATE_TIER_FAILED = 'Failed to deactivate pricing tier';
export const CREATE_TIER_FAILED = 'Failed to create pricing tier';

/** Active when effective_time has passed and expiry_time is absent or still ahead. */
export function isTierActive(tier: Pick<PricingTier, 'effective_time' | 'expiry_time'>, now: Date): boolean {
  const effective = Date.parse(tier.effective_time);
  if (Number.isNaN(effective) || effective > now.getTime()) return false;
  if (!tier.expiry_time) return true;
  return Date.parse(tier.expiry_time) > now.getTime();
}

/** '0 – 200,000', or '200,001 – ∞' when there is no maximum. */
export function tokenRange(minTokens: number, maxTokens: number | null): string {
  return `${formatCount(minTokens)} – ${maxTokens === null ? '∞' : formatCount(maxTokens)}`;
}

/** Prices per 1M tokens can be fractions of a cent per token: up to three decimals ('$0.075', '$3.00'). */
export function formatPricePer1M(dollars: number | null | undefined): string {
  return formatUsd(dollars, 3);
}

export const CACHING_SUPPORTED = 'Supported';
export const CACHING_NOT_SUPPORTED = 'Not supported';

/** The Caching column's lines: 'Supported' with its create and read prices, or 'Not supported'. */
export function tierCachingLines(
  tier: Pick<PricingTier, 'supports_caching' | 'cache_create_cost_per_1m' | 'cache_read_cost_per_1m'>,
): string[] {
  return tier.supports_caching
    ? [
        CACHING_SUPPORTED,
        `Create ${formatPricePer1M(tier.cache_create_cost_per_1m)}`,
        `Read ${formatPricePer1M(tier.cache_read_cost_per_1m)}`,
      ]
    : [CACHING_NOT_SUPPORTED];
}

// ---- Filters (kept in the URL so a view can be shared) ----

export interface PricingFilters {
  provider: string;
  model: string;
  active: BooleanFilter;
}

export function pricingFiltersFromParams(params: URLSearchParams): PricingFilters {
  const provider = params.get('provider') ?? '';
  return {
    provider: (PROVIDERS as readonly string[]).includes(provider) ? provider : '',
    model: params.get('model') ?? '',
    active: booleanFilterParam(params.get('active')),
  };
}

/** The list call's query: only the filters that are set. */
export function pricingListQuery(filters: PricingFilters): PricingListQuery {
  return {
    provider: filters.provider || undefined,
    model: filters.model.trim() || undefined,
    active: booleanFilterQuery(filters.active),
  };
}

/** What a hit of the gateway's response cache costs on this tier (docs/gateway.md#caching). */
export const cacheHitPriceText = (percent: number | undefined) =>
  percent ? `${percent}% of the answer's cost` : 'Free';

/** What a batch's line costs (docs/batches.md#price); a server older than batches sends nothing. */
export const batchPriceText = (percent: number | undefined) =>
  percent === undefined ? '-' : `${percent}% of the price alone`;

// ---- Create form ----

export interface PricingFormValues {
  provider: string;
  model: string;
  tier_name: string;
  tier_order: string;
  tier_description: string;
  min_tokens: string;
  max_tokens: string;
  prompt_cost_per_1m: string;
  completion_cost_per_1m: string;
  supports_caching: boolean;
  cache_create_cost_per_1m: string;
  cache_read_cost_per_1m: string;
  cache_min_tokens: string;
  cache_ttl_minutes: string;
  /** What a hit of the gateway's response cache costs, in percent of the answer (docs/gateway.md#caching). */
  cache_hit_percent: string;
  /** What a batch's line costs, in percent of this tier's price (docs/batches.md#price). */
  batch_percent: string;
  /** A media model's prices per unit (docs/media.md#prices), one `unit = dollars` a line; empty for a text model. */
  unit_prices: string;
  notes: string;
}

/**
 * The create form filled from an existing tier: prices are never edited in place (a bill must keep the price it was
 * made at), so a change is a new tier made from the old one, which the old one's deactivation then makes current.
 */
export function formFromTier(tier: PricingTier): PricingFormValues {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    provider: tier.provider,
    model: tier.model,
    tier_name: tier.tier_name,
    tier_order: String(tier.tier_order),
    tier_description: tier.tier_description ?? '',
    min_tokens: String(tier.min_tokens),
    max_tokens: text(tier.max_tokens),
    prompt_cost_per_1m: String(tier.prompt_cost_per_1m),
    completion_cost_per_1m: String(tier.completion_cost_per_1m),
    supports_caching: tier.supports_caching,
    cache_create_cost_per_1m: text(tier.cache_create_cost_per_1m),
    cache_read_cost_per_1m: text(tier.cache_read_cost_per_1m),
    cache_min_tokens: text(tier.cache_min_tokens),
    cache_ttl_minutes: text(tier.cache_ttl_minutes),
    cache_hit_percent: text(tier.cache_hit_percent ?? 0),
    batch_percent: text(tier.batch_percent ?? DEFAULT_BATCH_PERCENT),
    unit_prices: unitPricesText(tier.unit_prices ?? {}),
    notes: tier.notes ?? '',
  };
}

/** Unit prices as the form writes them: `image:1024x1024 = 0.04`, a line each. */
export const unitPricesText = (prices: Record<string, number>) =>
  Object.entries(prices)
    .map(([unit, dollars]) => `${unit} = ${dollars}`)
    .join('\n');

/** The form's unit prices read back, or what is wrong with the first line that cannot be (the server's words). */
export function parseUnitPrices(text: string): { prices: Record<string, number> } | { error: string } {
  const prices: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [unit, price, extra] = line.split('=').map((part) => part.trim());
    if (price === undefined || extra !== undefined)
      return { error: `Write each unit price as unit = dollars ("${line.trim()}")` };
    const dollars = price === '' ? NaN : Number(price);
    const problem = unitPriceProblem(unit, dollars);
    if (problem) return { error: problem };
    prices[unit] = dollars;
  }
  return { prices };
}

export { unitPriceLines } from '../../../contract/mediaUnits';

export const EMPTY_PRICING_FORM: PricingFormValues = {
  provider: '',
  model: '',
  tier_name: 'standard',
  tier_order: '1',
  tier_description: '',
  min_tokens: '0',
  max_tokens: '',
  prompt_cost_per_1m: '',
  completion_cost_per_1m: '',
  supports_caching: false,
  cache_create_cost_per_1m: '',
  cache_read_cost_per_1m: '',
  cache_min_tokens: '',
  cache_ttl_minutes: '',
  cache_hit_percent: '0',
  batch_percent: String(DEFAULT_BATCH_PERCENT),
  unit_prices: '',
  notes: '',
};

export type PricingFormErrors = Partial<Record<keyof PricingFormValues, string>>;

const isBlank = (value: string) => value.trim() === '';
const numberOf = (value: string) => (isBlank(value) ? NaN : Number(value));
const isInteger = (value: string) => Number.isInteger(numberOf(value));

/** Field messages for the form's rules; an empty object means the form can be sent. */
export function pricingFormErrors(values: PricingFormValues): PricingFormErrors {
  const errors: PricingFormErrors = {};
  if (!(PROVIDERS as readonly string[]).includes(values.provider)) errors.provider = 'Provider is required';
  if (isBlank(values.model)) errors.model = 'Model is required';
  if (isBlank(values.tier_name)) errors.tier_name = 'Tier name is required';
  if (!isInteger(values.tier_order) || numberOf(values.tier_order) < 1) {
    errors.tier_order = 'Tier order must be a whole number of at least 1';
  }
  if (!isInteger(values.min_tokens) || numberOf(values.min_tokens) < 0) {
    errors.min_tokens = 'Min tokens must be a whole number of at least 0';
  }
  if (!isBlank(values.max_tokens)) {
    if (!isInteger(values.max_tokens) || numberOf(values.max_tokens) < 1) {
      errors.max_tokens = 'Max tokens must be a whole number of at least 1';
    } else if (!errors.min_tokens && numberOf(values.max_tokens) <= numberOf(values.min_tokens)) {
      errors.max_tokens = 'Max tokens must be greater than min tokens';
    }
  }
  for (const field of ['prompt_cost_per_1m', 'completion_cost_per_1m'] as const) {
    if (!(numberOf(values[field]) >= 0)) errors[field] = 'Price is required (0 or more)';
  }
  const hitPercent = numberOf(values.cache_hit_percent);
  if (
    !isBlank(values.cache_hit_percent) &&
    !(isInteger(values.cache_hit_percent) && hitPercent >= 0 && hitPercent <= 100)
  ) {
    errors.cache_hit_percent = 'Cache hit price must be a whole percent from 0 to 100';
  }
  const batchPercent = numberOf(values.batch_percent);
  if (
    !isBlank(values.batch_percent) &&
    !(isInteger(values.batch_percent) && batchPercent >= 0 && batchPercent <= 100)
  ) {
    errors.batch_percent = 'Batch price must be a whole percent from 0 to 100';
  }
  const unitPrices = parseUnitPrices(values.unit_prices);
  if ('error' in unitPrices) errors.unit_prices = unitPrices.error;
  if (values.supports_caching) {
    for (const field of ['cache_create_cost_per_1m', 'cache_read_cost_per_1m'] as const) {
      if (!isBlank(values[field]) && !(numberOf(values[field]) >= 0)) errors[field] = 'Price must be 0 or more';
    }
    for (const field of ['cache_min_tokens', 'cache_ttl_minutes'] as const) {
      if (!isBlank(values[field]) && (!isInteger(values[field]) || numberOf(values[field]) < 0)) {
        errors[field] = 'Must be a whole number of at least 0';
      }
    }
  }
  return errors;
}

const optionalNumber = (value: string): number | null => (isBlank(value) ? null : Number(value));
const optionalText = (value: string): string | null => value.trim() || null;

/** The POST body: numbers parsed, empty max_tokens is unlimited (null), caching fields null unless supported. */
export function pricingPayload(values: PricingFormValues): PricingTierBody {
  const caching = values.supports_caching;
  return {
    provider: values.provider,
    model: values.model.trim(),
    tier_name: values.tier_name.trim(),
    tier_order: Number(values.tier_order),
    tier_description: optionalText(values.tier_description),
    min_tokens: Number(values.min_tokens),
    max_tokens: optionalNumber(values.max_tokens),
    prompt_cost_per_1m: Number(values.prompt_cost_per_1m),
    completion_cost_per_1m: Number(values.completion_cost_per_1m),
    supports_caching: caching,
    cache_create_cost_per_1m: caching ? optionalNumber(values.cache_create_cost_per_1m) : null,
    cache_read_cost_per_1m: caching ? optionalNumber(values.cache_read_cost_per_1m) : null,
    cache_min_tokens: caching ? optionalNumber(values.cache_min_tokens) : null,
    cache_ttl_minutes: caching ? optionalNumber(values.cache_ttl_minutes) : null,
    notes: optionalText(values.notes),
    // Sent only when priced: a server from before hit prices takes the body as it always did (free hits).
    ...(optionalNumber(values.cache_hit_percent) ? { cache_hit_percent: Number(values.cache_hit_percent) } : {}),
    // Likewise only when it is not the default: a server from before batches takes the body as it always did.
    ...(!isBlank(values.batch_percent) && Number(values.batch_percent) !== DEFAULT_BATCH_PERCENT
      ? { batch_percent: Number(values.batch_percent) }
      : {}),
    // And only for a media model: a text model's body is as it always was.
    ...unitPricesField(values.unit_prices),
  };
}

function unitPricesField(text: string): Pick<PricingTierBody, 'unit_prices'> {
  const parsed = parseUnitPrices(text);
  return 'prices' in parsed && Object.keys(parsed.prices).length > 0 ? { unit_prices: parsed.prices } : {};
}
