/**
 * How long cached answers are kept: plain values beside the schemas of contract/schemas/cacheTtl.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

/** The longest a key or a route may ask answers to be kept: 30 days (CACHE_TTL_MAX_SECONDS may allow less). */
export const MAX_KEY_CACHE_TTL_SECONDS = 30 * 24 * 3600;
