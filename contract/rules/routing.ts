/**
 * Model routes' ranges, names and semantic-cache bounds: plain values beside the schemas of contract/schemas/routing.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */
import { formatCount } from './common';

/** The ranges, and what the forms call each field (src/features/routing/routing.ts says the same in the form). */
export const ROUTE_LIMITS = {
  max_retries: { minimum: 0, maximum: 5, label: 'Retries' },
  backoff_ms: { minimum: 0, maximum: 60_000, label: 'Backoff' },
  cooldown_failures: { minimum: 1, maximum: 100, label: 'Failures' },
  cooldown_seconds: { minimum: 1, maximum: 86_400, label: 'Cooldown' },
  rank: { minimum: 1, maximum: 100, label: 'Rank' },
  weight: { minimum: 1, maximum: 1000, label: 'Weight' },
} as const;
export type RouteLimitField = keyof typeof ROUTE_LIMITS;

/** 'Retries must be a whole number from 0 to 5': the form's message and, with a full stop, the server's. */
export const wholeNumberRule = ({ label, minimum, maximum }: (typeof ROUTE_LIMITS)[RouteLimitField]) =>
  `${label} must be a whole number from ${formatCount(minimum)} to ${formatCount(maximum)}`;

/**
 * What a route does with a request field its deployment's format has no place for and that only hints at the answer
 * (a sampling setting, a provider's own option, a field the gateway does not know), when a translation would leave it
 * out: `drop` leaves it out and names it in the `x-gateway-dropped-params` header, `refuse` answers 400 naming it
 * (docs/gateway.md, "Compatibility"). Migration 17's CHECK.
 */
export const UNSUPPORTED_PARAMS = ['drop', 'refuse'] as const;
export type UnsupportedParams = (typeof UNSUPPORTED_PARAMS)[number];

export const ROUTE_NAME_PATTERN = '^[A-Za-z0-9._:/-]{1,128}$';

/**
 * A route's semantic cache (docs/gateway.md#semantic-cache): the model a single-turn prompt is embedded with, called
 * as the request's own key and billed as its embeddings (null: off), and the least cosine similarity at which a stored
 * answer is served.
 */
export const SEMANTIC_THRESHOLD = { minimum: 0.5, maximum: 1, default: 0.95 } as const;

/** The form's messages; the server's add a full stop, as wholeNumberRule's do. */
export const SEMANTIC_THRESHOLD_RULE = `The similarity must be a number from ${SEMANTIC_THRESHOLD.minimum} to ${SEMANTIC_THRESHOLD.maximum}`;

export const SEMANTIC_MODEL_RULE = 'Enter the embedding model, or turn the semantic cache off';
