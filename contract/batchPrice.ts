/**
 * The batch price (docs/batches.md#price): a batch's lines are billed at this percent of their tier's price unless the
 * operator sets another on the tier (pricing_tiers.batch_percent, migration 28). Half, as OpenAI and Anthropic price
 * their own batch APIs.
 */
export const DEFAULT_BATCH_PERCENT = 50;
export const MAX_BATCH_PERCENT = 100;
export const BATCH_PERCENT_MESSAGE = `The batch price must be a whole percent from 0 to ${MAX_BATCH_PERCENT}.`;
