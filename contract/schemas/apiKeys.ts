import { Type, type Static } from 'typebox';
import { formatCents } from '../money';
import { Composite, DateTimeString, formatCount, LiteralUnion, Nullable } from './common';
import { Extension, Extensions } from './extension';
import { CacheTtlSeconds } from './cacheTtl';
import {
  LIMIT_PERIODS,
  MAX_ROTATION_GRACE_SECONDS,
  MAX_SPEND_LIMIT_CENTS,
  MAX_RPM_LIMIT,
  MAX_TPM_LIMIT,
  MAX_ALLOWED_MODELS,
  MAX_KEY_NOTE_LENGTH,
} from '../rules/apiKeys';
export * from '../rules/apiKeys';

export { MAX_KEY_CACHE_TTL_SECONDS } from './cacheTtl';

/**
 * Per-key controls (docs/governance.md): a spending limit with its reset period, request and token rate limits, an
 * expiry, an allow-list of models and routes, and a note. Money is integer cents; null means "no limit".
 */
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LimitPeriod = LiteralUnion(LIMIT_PERIODS, {
  errorMessage: `The reset period must be one of: ${LIMIT_PERIODS.join(', ')}.`,
});

const SpendLimitCents = Nullable(
  Type.Integer({
    minimum: 1,
    maximum: MAX_SPEND_LIMIT_CENTS,
    errorMessage: `The spending limit must be an amount from $0.01 to ${formatCents(MAX_SPEND_LIMIT_CENTS)}, or none.`,
  }),
);
const RpmLimit = Nullable(
  Type.Integer({
    minimum: 1,
    maximum: MAX_RPM_LIMIT,
    errorMessage: `Requests per minute must be a whole number from 1 to ${formatCount(MAX_RPM_LIMIT)}, or none.`,
  }),
);
const TpmLimit = Nullable(
  Type.Integer({
    minimum: 1,
    maximum: MAX_TPM_LIMIT,
    errorMessage: `Tokens per minute must be a whole number from 1 to ${formatCount(MAX_TPM_LIMIT)}, or none.`,
  }),
);
/** What the server says of a blank or too long name, allow-list entry, or an expiry not in the future. */
export const KEY_NAME_MESSAGE = 'The key name must be 1 to 100 characters.';
export const ALLOWED_MODEL_MESSAGE = 'Each allowed model must be 1 to 200 characters.';
export const KEY_EXPIRY_MESSAGE = 'The expiry must be in the future.';

/** Model ids ('openai/gpt-4o') or route names ('team/default-smart'); empty allows every model and route. */
const AllowedModels = Type.Array(Type.String({ minLength: 1, maxLength: 200, errorMessage: ALLOWED_MODEL_MESSAGE }), {
  maxItems: MAX_ALLOWED_MODELS,
  errorMessage: `The allow-list must be a list of at most ${MAX_ALLOWED_MODELS} models and routes.`,
});
const KeyNote = Type.String({
  maxLength: MAX_KEY_NOTE_LENGTH,
  errorMessage: `The note must be at most ${MAX_KEY_NOTE_LENGTH} characters.`,
});
const KeyName = Type.String({ maxLength: 100, errorMessage: KEY_NAME_MESSAGE });

/**
 * Who shares a key's cached answers (docs/gateway.md#caching): the key alone, or every key of its team whose caching
 * is shared too. Never another team.
 */
export const CACHE_SCOPES = ['key', 'team'] as const;
export type CacheScopeName = (typeof CACHE_SCOPES)[number];
const CacheScopeName = LiteralUnion(CACHE_SCOPES, {
  errorMessage: `The cache scope must be one of: ${CACHE_SCOPES.join(', ')}.`,
});
/** What the server says when a member asks to share a key's cached answers with the team. */
export const TEAM_CACHE_SCOPE_REFUSED = "Only the team's owner can share a key's cached answers with the team.";

/** The controls a key's owner sets at creation and in the Edit dialog. */
export const ApiKeyControls = Type.Object({
  spend_limit_cents: SpendLimitCents,
  /** When the spend limit starts over: 'none' never (a lifetime limit); the others on UTC calendar boundaries. */
  limit_period: LimitPeriod,
  rpm_limit: RpmLimit,
  tpm_limit: TpmLimit,
  expires_at: Nullable(DateTimeString('The expiry')),
  allowed_models: AllowedModels,
  note: KeyNote,
  /** Every request of the key is answered from the cache when it can be, without `x-gateway-cache: true`. */
  cache_enabled: Type.Boolean({ errorMessage: 'cache_enabled must be true or false.' }),
  cache_scope: CacheScopeName,
  /** How long its answers are kept; null: the gateway's default (CACHE_TTL_DEFAULT_SECONDS). */
  cache_ttl_seconds: CacheTtlSeconds,
});
export type ApiKeyControls = Static<typeof ApiKeyControls>;

/**
 * Why the gateway would refuse any call of an active key now, named by the refusal code it answers with
 * (docs/governance.md#refusals), in the order it checks them: an administrator disabled the key's creator, the key
 * expired, the key's own spending limit, the creator's monthly cap as a member, the team's credit used up, the team's
 * monthly budget. contract/keyBlock.ts.
 */
export const KEY_BLOCK_REASONS = [
  'key_owner_disabled',
  'key_expired',
  'key_budget_exceeded',
  'member_budget_exceeded',
  'insufficient_credits',
  'budget_exceeded',
] as const;
export type KeyBlockReason = (typeof KEY_BLOCK_REASONS)[number];
export const KeyBlockReason = LiteralUnion(KEY_BLOCK_REASONS);

/**
 * The team's API keys for the gateway (docs/api-contract.md, Calls: API keys). The spec names the first eight fields;
 * the controls and everything after them are extensions (./extension.ts): an older server does not send them.
 */
export const ApiKey = Composite([
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    key_prefix: Type.String(),
    is_active: Type.Boolean(),
    created_at: Type.String(),
    last_used_at: Nullable(Type.String()),
    user_id: Extension(Nullable(Type.String())),
    user_name: Nullable(Type.String()),
    user_email: Nullable(Type.String()),
  }),
  Extensions(ApiKeyControls),
  Extensions(
    Type.Object({
      /** Spent (settled) in the current limit period; with 'none', since the key was created. */
      period_spend_cents: Type.Integer(),
      /** When the current period ends (UTC); null for 'none'. */
      period_resets_at: Nullable(Type.String()),
      /** After a rotation: the previous secret's prefix and when it stops working; null when none is valid. */
      previous_key_prefix: Nullable(Type.String()),
      previous_key_expires_at: Nullable(Type.String()),
      rotated_at: Nullable(Type.String()),
      /** Why every call of this active key is refused now; null when calls are admitted (or the key is inactive). */
      blocked_by: Nullable(KeyBlockReason),
      /** When that refusal lifts by itself (UTC): the key's or the month's reset; null when it does not. */
      blocked_until: Nullable(Type.String()),
    }),
  ),
]);
export type ApiKey = Static<typeof ApiKey>;

/** The answer to a create or a rotation: the full secret `key`, shown once. */
export const CreatedApiKey = Composite([ApiKey, Type.Object({ key: Type.String() })]);
export type CreatedApiKey = Static<typeof CreatedApiKey>;

/** A create names the key; every control is optional and defaults to NO_KEY_CONTROLS. */
export const ApiKeyCreateBody = Composite([Type.Object({ name: KeyName }), Type.Partial(ApiKeyControls)]);
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

/** PATCH /v1/api-keys/{id}: the fields sent change; the others stay. */
export const ApiKeyUpdateBody = Type.Partial(Composite([Type.Object({ name: KeyName }), ApiKeyControls]), {
  minProperties: 1,
  errorMessage: 'Change at least one field before saving.',
});
export type ApiKeyUpdateBody = Static<typeof ApiKeyUpdateBody>;

/** POST /v1/api-keys/{id}/rotate: how long the old secret keeps working (0 = it stops at once). */
export const ApiKeyRotateBody = Type.Object({
  grace_seconds: Type.Integer({
    minimum: 0,
    maximum: MAX_ROTATION_GRACE_SECONDS,
    errorMessage: `The grace period must be a whole number of seconds from 0 to ${formatCount(MAX_ROTATION_GRACE_SECONDS)} (7 days).`,
  }),
});
export type ApiKeyRotateBody = Static<typeof ApiKeyRotateBody>;

/** DELETE of a key's or the team's cached answers (docs/gateway.md#caching): how many answers were deleted. */
export const CachePurged = Type.Object({ deleted: Type.Integer({ minimum: 0 }) });
export type CachePurged = Static<typeof CachePurged>;
/** A purge the cache's store could not make (Redis unreachable, 503): the answers are still there. */
export const CACHE_UNAVAILABLE = 'The response cache cannot be reached; try again in a moment.';
