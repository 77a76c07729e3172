import { Type } from 'typebox';
import { formatCount, Nullable } from './common';
import { MAX_KEY_CACHE_TTL_SECONDS } from '../rules/cacheTtl';
export * from '../rules/cacheTtl';

/**
 * How long a key's or a route's cached answers are kept (docs/gateway.md#caching), shared by both schemas (apiKeys.ts,
 * routing.ts) and both forms (src/features/cache/cacheTtl.ts).
 */
/** Null: the operator's default. */
export const CacheTtlSeconds = Nullable(
  Type.Integer({
    minimum: 1,
    maximum: MAX_KEY_CACHE_TTL_SECONDS,
    errorMessage: `How long answers are kept must be a whole number of seconds from 1 to ${formatCount(MAX_KEY_CACHE_TTL_SECONDS)} (30 days), or none for the gateway's default.`,
  }),
);
