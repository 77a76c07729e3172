import { periodResetsAt } from './keyLimits';
import type { ApiKey, KeyBlockReason } from './schemas/apiKeys';

/** The figures the gateway admits a key's call on (docs/governance.md#admission-one-statement-race-safe), in cents. */
export interface KeyBlockFigures {
  key: Required<
    Pick<ApiKey, 'is_active' | 'expires_at' | 'spend_limit_cents' | 'period_spend_cents' | 'period_resets_at'>
  >;
  /**
   * The key creator's monthly cap in the team (null: none), what their keys spent this UTC month, and whether an
   * administrator disabled them (absent from an older server: not disabled).
   */
  member: { monthly_cap_cents: number | null; month_spend_cents: number; disabled?: boolean };
  /** The team's credit balance, its monthly budget (0: none) and what it spent this UTC month. */
  team: { credit_balance_cents: number; budget_limit_cents: number; month_spend_cents: number };
}

export type KeyBlock = Required<Pick<ApiKey, 'blocked_by' | 'blocked_until'>>;

const NOT_BLOCKED: KeyBlock = { blocked_by: null, blocked_until: null };

/** Why a key may not be used at all, whatever the call: the first rule it breaks, in the order they are checked. */
export type KeyRefusal = 'invalid_key' | 'key_owner_disabled' | 'key_expired';

/** What decides whether a key may be used (server/keys/sql/usable.sql's key_usable, the same rule in SQL). */
export interface KeyUsabilityFacts {
  /** The secret a caller sent: the key's own, its previous one (working until previous_key_expires_at), or neither. */
  secret: 'current' | 'previous' | 'unknown';
  is_active: boolean;
  deleted: boolean;
  expires_at: string | null;
  previous_key_expires_at: string | null;
  /** The key's creator still belongs to the key's team. */
  creator_is_member: boolean;
  /** An administrator disabled the key's creator (docs/governance.md#disabled-users). */
  creator_disabled: boolean;
}

/**
 * Whether a key may be used now: found by its secret (or its previous one in the rotation's grace) while active and
 * not deleted, its creator a member of its team and not disabled, and not expired. The gateway asks the same rule of
 * the database (key_usable, used by admission, leases, batch holds and the key lookup); server/keys/keyUsable.test.ts
 * holds the two equal over a table of keys.
 */
export function keyRefusal(facts: KeyUsabilityFacts, now: Date): KeyRefusal | null {
  const at = now.getTime();
  const secretWorks =
    facts.secret === 'current' ||
    (facts.secret === 'previous' &&
      facts.previous_key_expires_at !== null &&
      Date.parse(facts.previous_key_expires_at) > at);
  if (!secretWorks || !facts.is_active || facts.deleted || !facts.creator_is_member) return 'invalid_key';
  if (facts.creator_disabled) return 'key_owner_disabled';
  if (facts.expires_at !== null && Date.parse(facts.expires_at) <= at) return 'key_expired';
  return null;
}

/**
 * Why every call of a live key is refused now, and until when, checked in the gateway's order (gateway_admit,
 * server/credit/sql/admit.sql): whether the key may be used at all (keyRefusal: its creator disabled, its expiry),
 * the key's spending limit, the member's monthly cap, the team's credit, the team's monthly budget. Settled spend only: the holds of calls in flight are left out, so a key is not shown as
 * blocked for the moment one call is running. The API Keys page and the dashboard say what this answers.
 */
export function keyBlock({ key, member, team }: KeyBlockFigures, now: Date): KeyBlock {
  const block = (blocked_by: KeyBlockReason, until: Date | string | null): KeyBlock => ({
    blocked_by,
    blocked_until: until === null ? null : new Date(until).toISOString(),
  });
  const monthEnds = periodResetsAt('monthly', now);
  if (!key.is_active) return NOT_BLOCKED;
  const refusal = keyRefusal(
    {
      secret: 'current',
      is_active: true,
      deleted: false,
      expires_at: key.expires_at,
      previous_key_expires_at: null,
      creator_is_member: true,
      creator_disabled: member.disabled ?? false,
    },
    now,
  );
  if (refusal === 'key_owner_disabled' || refusal === 'key_expired') return block(refusal, null);
  if (key.spend_limit_cents !== null && key.period_spend_cents >= key.spend_limit_cents) {
    return block('key_budget_exceeded', key.period_resets_at);
  }
  if (member.monthly_cap_cents !== null && member.month_spend_cents >= member.monthly_cap_cents) {
    return block('member_budget_exceeded', monthEnds);
  }
  if (team.credit_balance_cents <= 0) return block('insufficient_credits', null);
  if (team.budget_limit_cents > 0 && team.month_spend_cents >= team.budget_limit_cents) {
    return block('budget_exceeded', monthEnds);
  }
  return NOT_BLOCKED;
}
