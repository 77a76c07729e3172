// How a key's limits and life read on the API Keys page (docs/governance.md): spend against the limit, the state
// chips, and the rotation line.
import type { ApiKey, ApiKeyControls, KeyBlockReason } from '../../../contract/schemas/apiKeys';
import { spendOfLimit, type SpendOfLimit } from '../../lib/budget';
import { formatCount } from '../../lib/numbers';
import { formatDateTime, formatUtcDate, formatUtcDateTime } from '../../lib/time';

export const NO_LIMIT = 'No limit';

/** A key that expires within this long shows 'Expires soon'. */
export const EXPIRES_SOON_MS = 7 * 24 * 60 * 60 * 1000;

/** What needs attention besides the status: the expiry coming, the old secret still working. */
export type KeyState = 'Expires soon' | 'Rotating';

type SpendFields = Pick<ApiKey, 'spend_limit_cents' | 'period_spend_cents' | 'period_resets_at'>;

export interface SpendAgainstLimit extends SpendOfLimit {
  /** 'resets Dec 1, 2026', or null for a lifetime limit. */
  resets: string | null;
}

/** Null when the key has no spending limit (or a server too old to say). */
export function spendAgainstLimit(key: SpendFields): SpendAgainstLimit | null {
  if (key.spend_limit_cents == null) return null;
  return {
    ...spendOfLimit(key.period_spend_cents ?? 0, key.spend_limit_cents),
    resets: key.period_resets_at ? `resets ${formatUtcDate(key.period_resets_at)}` : null,
  };
}

const isPast = (time: string | null | undefined, now: Date) => time != null && Date.parse(time) <= now.getTime();

/** Whether the old secret still works after a rotation. */
export const isRotating = (key: Pick<ApiKey, 'previous_key_expires_at'>, now: Date) =>
  key.previous_key_expires_at != null && !isPast(key.previous_key_expires_at, now);

/** The chips beside a key's status. */
export function keyStates(key: ApiKey, now: Date): KeyState[] {
  const states: KeyState[] = [];
  const expiresIn = key.expires_at == null ? null : Date.parse(key.expires_at) - now.getTime();
  if (expiresIn !== null && expiresIn > 0 && expiresIn <= EXPIRES_SOON_MS) states.push('Expires soon');
  if (isRotating(key, now)) states.push('Rotating');
  return states;
}

export const KEY_STATE_COLORS: Record<KeyState, 'warning' | 'info'> = {
  'Expires soon': 'warning',
  Rotating: 'info',
};

/** A key whose every call the gateway refuses shows why in place of 'Active' (blocked_by, contract/keyBlock.ts). */
export const KEY_BLOCK_LABELS: Record<KeyBlockReason, string> = {
  key_owner_disabled: 'Creator disabled',
  key_expired: 'Expired',
  key_budget_exceeded: 'Limit reached',
  member_budget_exceeded: 'Member cap reached',
  insufficient_credits: 'Team credit used up',
  budget_exceeded: 'Team budget reached',
};

export interface KeyBlockText {
  /** The status chip: 'Member cap reached'. */
  label: string;
  /** Under the chip: 'until Dec 1, 2026'; null when there is nothing to wait for (an expired key). */
  until: string | null;
  /** The whole of it as a sentence (the chip's tooltip, the details dialog). */
  sentence: string;
}

/** Why the gateway refuses every call of the key and until when, as the page says it; null when it admits them. */
export function keyBlockText(key: Pick<ApiKey, 'blocked_by' | 'blocked_until' | 'expires_at'>): KeyBlockText | null {
  if (key.blocked_by == null) return null;
  const resets = key.blocked_until ? `it resets ${formatUtcDateTime(key.blocked_until)}` : 'it does not reset';
  const untilReset = key.blocked_until ? `until ${formatUtcDate(key.blocked_until)}` : 'does not reset';
  const texts: Record<KeyBlockReason, [until: string | null, sentence: string]> = {
    key_owner_disabled: [
      'until they are enabled',
      "An administrator disabled this key's creator; the key works again once an administrator enables them.",
    ],
    key_expired: [null, `This key expired ${formatDateTime(key.expires_at)}; create a new key to call the gateway.`],
    key_budget_exceeded: [untilReset, `This key has reached its spending limit; ${resets}.`],
    member_budget_exceeded: [
      untilReset,
      `Its creator's keys have reached the monthly cap the team owner set; ${resets}.`,
    ],
    insufficient_credits: ['until credit is added', "The team's credit is used up; calls resume once credit is added."],
    budget_exceeded: [
      untilReset,
      `The team's monthly budget is reached; ${resets}, or sooner if the owner raises the budget.`,
    ],
  };
  const [until, sentence] = texts[key.blocked_by];
  return { label: KEY_BLOCK_LABELS[key.blocked_by], until, sentence: `Calls are refused. ${sentence}` };
}

/** 'Rotated — old secret valid until Nov 16, 2026, 1:00 PM', or null when no old secret works. */
export function rotationText(key: Pick<ApiKey, 'previous_key_expires_at'>, now: Date): string | null {
  return isRotating(key, now)
    ? `Rotated — old secret valid until ${formatDateTime(key.previous_key_expires_at)}`
    : null;
}

/** 'Never', 'Nov 20, 2026, 9:00 AM', or the same followed by ' (Expired)'. */
export function expiryText(key: Pick<ApiKey, 'expires_at'>, now: Date): string {
  if (!key.expires_at) return 'Never';
  const when = formatDateTime(key.expires_at);
  return isPast(key.expires_at, now) ? `${when} (Expired)` : when;
}

/** A rate limit as shown: '60 requests per minute' or 'No limit'. */
export function rateLimitText(limit: number | null, unit: string): string {
  return limit === null ? NO_LIMIT : `${formatCount(limit)} ${unit} per minute`;
}

/** Seconds as the largest whole unit that divides them: "1 hour", "90 minutes", "45 seconds". */
export function secondsText(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  const [size, unit] = units.find(([size]) => seconds % size === 0) ?? [1, 'second'];
  const count = seconds / size;
  return `${formatCount(count)} ${unit}${count === 1 ? '' : 's'}`;
}

/** A key's own cache setting in a sentence (docs/gateway.md#caching); a field an older server leaves out reads as unset. */
export function cacheText(key: Partial<Pick<ApiKeyControls, 'cache_enabled' | 'cache_scope' | 'cache_ttl_seconds'>>) {
  if (!key.cache_enabled) return 'Off: only requests that send x-gateway-cache: true are cached';
  const shared = key.cache_scope === 'team' ? "shared with the team's keys that share theirs" : 'for this key only';
  const ttl = key.cache_ttl_seconds ?? null;
  const kept = ttl === null ? "for the gateway's default time" : `for ${secondsText(ttl)}`;
  return `On for every request, ${shared}, kept ${kept}`;
}
