// How a key's limits and life read on the API Keys page (docs/governance.md): spend against the limit, the state
// chips, and the rotation line.
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import { spendOfLimit, type SpendOfLimit } from '../../lib/budget';
import { formatCount } from '../../lib/numbers';
import { formatDate, formatDateTime } from '../../lib/time';

export const NO_LIMIT = 'No limit';

/** A key that expires within this long shows 'Expires soon'. */
export const EXPIRES_SOON_MS = 7 * 24 * 60 * 60 * 1000;

export type KeyState = 'Expired' | 'Expires soon' | 'Rotating' | 'Limit reached';

type SpendFields = Pick<ApiKey, 'spend_limit_cents' | 'period_spend_cents' | 'period_resets_at'>;

export interface SpendAgainstLimit extends SpendOfLimit {
  /** 'resets Dec 1, 2026', or null for a lifetime limit. */
  resets: string | null;
}

/** Null when the key has no spending limit. */
export function spendAgainstLimit(key: SpendFields): SpendAgainstLimit | null {
  if (key.spend_limit_cents === null) return null;
  return {
    ...spendOfLimit(key.period_spend_cents, key.spend_limit_cents),
    resets: key.period_resets_at ? `resets ${formatDate(key.period_resets_at)}` : null,
  };
}

const isPast = (time: string | null, now: Date) => time !== null && Date.parse(time) <= now.getTime();

/** Whether the old secret still works after a rotation. */
export const isRotating = (key: Pick<ApiKey, 'previous_key_expires_at'>, now: Date) =>
  key.previous_key_expires_at !== null && !isPast(key.previous_key_expires_at, now);

/** The chips beside a key's Active/Inactive status, most serious first. */
export function keyStates(key: ApiKey, now: Date): KeyState[] {
  const states: KeyState[] = [];
  if (isPast(key.expires_at, now)) states.push('Expired');
  else if (key.expires_at && Date.parse(key.expires_at) - now.getTime() <= EXPIRES_SOON_MS) states.push('Expires soon');
  if (spendAgainstLimit(key)?.reached) states.push('Limit reached');
  if (isRotating(key, now)) states.push('Rotating');
  return states;
}

export const KEY_STATE_COLORS: Record<KeyState, 'error' | 'warning' | 'info'> = {
  Expired: 'error',
  'Limit reached': 'error',
  'Expires soon': 'warning',
  Rotating: 'info',
};

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
