// The per-key controls form shared by Create and Edit (docs/governance.md#per-key-controls): what the inputs hold,
// how they become the contract's ApiKeyControls, and which fields a save sends.
import {
  MAX_ALLOWED_MODELS,
  MAX_KEY_NOTE_LENGTH,
  MAX_RPM_LIMIT,
  MAX_SPEND_LIMIT_CENTS,
  MAX_TPM_LIMIT,
  NO_KEY_CONTROLS,
} from '../../../contract/rules/apiKeys';
import type { ApiKey, ApiKeyControls, CacheScopeName, LimitPeriod } from '../../../contract/schemas/apiKeys';
import { centsToDollars, dollarsToCents, formatCents } from '../../../contract/money';
import { formatCount } from '../../lib/numbers';
import { dateTimeLocalToIso, toDateTimeLocal } from '../../lib/time';
import { parseCacheTtl } from '../cache/cacheTtl';

export const LIMIT_PERIOD_LABELS: Record<LimitPeriod, string> = {
  none: 'No reset',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** The most characters an allowed model or route id may have (the contract's AllowedModels items). */
export const MAX_ALLOWED_MODEL_LENGTH = 200;

/** What the inputs hold: text as typed, '' for "no limit". */
export interface ControlsFormValues {
  /** Dollars. */
  spendLimit: string;
  limitPeriod: LimitPeriod;
  rpmLimit: string;
  tpmLimit: string;
  /** A datetime-local value (local time) or ''. */
  expiresAt: string;
  allowedModels: string[];
  note: string;
  /** The response cache for every request of the key (docs/gateway.md#caching). */
  cacheEnabled: boolean;
  cacheScope: CacheScopeName;
  /** Seconds, or '' for the gateway's default. */
  cacheTtl: string;
}

export type ControlsFormErrors = Partial<Record<keyof ControlsFormValues, string>>;

const optionalNumber = (value: number | null) => (value === null ? '' : String(value));

export function controlsFormValues(controls: ApiKeyControls): ControlsFormValues {
  return {
    spendLimit: controls.spend_limit_cents === null ? '' : String(centsToDollars(controls.spend_limit_cents)),
    limitPeriod: controls.limit_period,
    rpmLimit: optionalNumber(controls.rpm_limit),
    tpmLimit: optionalNumber(controls.tpm_limit),
    expiresAt: toDateTimeLocal(controls.expires_at),
    allowedModels: controls.allowed_models,
    note: controls.note,
    cacheEnabled: controls.cache_enabled,
    cacheScope: controls.cache_scope,
    cacheTtl: optionalNumber(controls.cache_ttl_seconds),
  };
}

export const EMPTY_CONTROLS_FORM = controlsFormValues(NO_KEY_CONTROLS);

/** A whole number from 1 to `max`, null when empty, or the message. */
function wholeNumber(text: string, label: string, max: number): number | null | string {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max
    ? value
    : `${label} must be a whole number from 1 to ${formatCount(max)}, or empty for no limit`;
}

function spendLimitCents(text: string): number | null | string {
  if (text.trim() === '') return null;
  const dollars = Number(text);
  const cents = Number.isFinite(dollars) ? dollarsToCents(dollars) : NaN;
  return cents >= 1 && cents <= MAX_SPEND_LIMIT_CENTS
    ? cents
    : `Spending limit must be from $0.01 to ${formatCents(MAX_SPEND_LIMIT_CENTS)}, or empty for no limit`;
}

function expiresAt(text: string, now: Date, kept: string | null): string | null | { error: string } {
  if (text === '') return null;
  // An edit that leaves the expiry alone keeps it, even once it has passed.
  if (text === toDateTimeLocal(kept)) return kept;
  const time = new Date(text).getTime();
  if (Number.isNaN(time)) return { error: 'Enter a valid date and time' };
  if (time <= now.getTime()) return { error: 'Expiry must be in the future' };
  return dateTimeLocalToIso(text);
}

function allowedModelsError(models: readonly string[]): string | undefined {
  if (models.length > MAX_ALLOWED_MODELS) return `At most ${MAX_ALLOWED_MODELS} models and routes`;
  if (models.some((model) => model.length > MAX_ALLOWED_MODEL_LENGTH)) {
    return `Each model or route must be at most ${MAX_ALLOWED_MODEL_LENGTH} characters`;
  }
  return undefined;
}

/**
 * The form as the contract's controls, or the messages of the fields that break the contract's rules. Without a
 * spending limit the period is 'none': a reset period means nothing then. `before` is the key being edited.
 */
export function parseControls(
  values: ControlsFormValues,
  now: Date,
  before: ApiKeyControls = NO_KEY_CONTROLS,
): { controls: ApiKeyControls; errors: null } | { controls: null; errors: ControlsFormErrors } {
  const errors: ControlsFormErrors = {};
  const spend = spendLimitCents(values.spendLimit);
  if (typeof spend === 'string') errors.spendLimit = spend;
  const rpm = wholeNumber(values.rpmLimit, 'Requests per minute', MAX_RPM_LIMIT);
  if (typeof rpm === 'string') errors.rpmLimit = rpm;
  const tpm = wholeNumber(values.tpmLimit, 'Tokens per minute', MAX_TPM_LIMIT);
  if (typeof tpm === 'string') errors.tpmLimit = tpm;
  const expiry = expiresAt(values.expiresAt, now, before.expires_at);
  if (expiry !== null && typeof expiry === 'object') errors.expiresAt = expiry.error;
  const models = values.allowedModels.map((model) => model.trim()).filter(Boolean);
  const modelsError = allowedModelsError(models);
  if (modelsError) errors.allowedModels = modelsError;
  if (values.note.length > MAX_KEY_NOTE_LENGTH) errors.note = `Note must be at most ${MAX_KEY_NOTE_LENGTH} characters`;
  // The TTL means nothing while the cache is off: kept as it was, not judged.
  const ttl = values.cacheEnabled ? parseCacheTtl(values.cacheTtl) : before.cache_ttl_seconds;
  if (typeof ttl === 'string') errors.cacheTtl = ttl;
  if (Object.keys(errors).length > 0) return { controls: null, errors };
  return {
    controls: {
      spend_limit_cents: spend as number | null,
      limit_period: spend === null ? 'none' : values.limitPeriod,
      rpm_limit: rpm as number | null,
      tpm_limit: tpm as number | null,
      expires_at: expiry as string | null,
      allowed_models: [...new Set(models)],
      note: values.note.trim(),
      cache_enabled: values.cacheEnabled,
      cache_scope: values.cacheScope,
      cache_ttl_seconds: ttl as number | null,
    },
    errors: null,
  };
}

const CONTROL_FIELDS = Object.keys(NO_KEY_CONTROLS) as (keyof ApiKeyControls)[];

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The controls that differ from `before`: what a PATCH sends, and what a create sends beyond the name (a create's
 * `before` is NO_KEY_CONTROLS, the server's defaults). Times compare as instants, so an unchanged expiry read back
 * from the minute-precision input is not sent again.
 */
export function changedControls(before: ApiKeyControls, after: ApiKeyControls): Partial<ApiKeyControls> {
  const changes: Partial<ApiKeyControls> = {};
  for (const field of CONTROL_FIELDS) {
    const same =
      field === 'expires_at'
        ? toDateTimeLocal(before.expires_at) === toDateTimeLocal(after.expires_at)
        : sameValue(before[field], after[field]);
    if (!same) Object.assign(changes, { [field]: after[field] });
  }
  return changes;
}

/** The key's controls as the server sent them; null from a server too old to have any (contract/schemas/extension.ts). */
export function keyControlsOf(key: Partial<ApiKeyControls>): ApiKeyControls | null {
  if (key.limit_period === undefined) return null;
  const sent = Object.entries(key).filter(([field, value]) => field in NO_KEY_CONTROLS && value !== undefined);
  return { ...NO_KEY_CONTROLS, ...Object.fromEntries(sent) };
}

/** What a key offers its viewer: Edit needs the controls, Rotate an active key of a server that rotates. */
export interface KeyActions {
  edit: boolean;
  rotate: boolean;
  revoke: boolean;
}

export const keyActions = (
  key: Partial<ApiKeyControls> & Pick<ApiKey, 'is_active' | 'rotated_at'>,
  mayManage: boolean,
): KeyActions => ({
  edit: mayManage && keyControlsOf(key) !== null,
  rotate: mayManage && key.is_active && key.rotated_at !== undefined,
  revoke: mayManage,
});

/** What a create sends beyond the name: the controls that differ from a plain key's (the server's defaults). */
export const controlsToCreate = (controls: ApiKeyControls) => changedControls(NO_KEY_CONTROLS, controls);
