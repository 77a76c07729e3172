import { periodResetsAt } from './keyLimits';
import type { ApiKey, KeyBlockReason } from './schemas/apiKeys';

/** The figures the gateway admits a key's call on (docs/governance.md#admission-one-statement-race-safe), in cents. */
export interface KeyBlockFigures {
  key: Required<
    Pick<ApiKey, 'is_active' | 'expires_at' | 'spend_limit_cents' | 'period_spend_cents' | 'period_resets_at'>
  >;
  /** The key creator's monthly cap in the team (null: none) and what their keys spent this UTC month. */
  member: { monthly_cap_cents: number | null; month_spend_cents: number };
  /** The team's credit balance, its monthly budget (0: none) and what it spent this UTC month. */
  team: { credit_balance_cents: number; budget_limit_cents: number; month_spend_cents: number };
}

export type KeyBlock = Required<Pick<ApiKey, 'blocked_by' | 'blocked_until'>>;

const NOT_BLOCKED: KeyBlock = { blocked_by: null, blocked_until: null };

/**
 * Why every call of a key is refused now, and until when, checked in the gateway's order (migration 8's
 * gateway_admit, whose twin this is): expiry, the key's spending limit, the member's monthly cap, the team's credit,
 * the team's monthly budget. Settled spend only: the holds of calls in flight are left out, so a key is not shown as
 * blocked for the moment one call is running. The API Keys page and the dashboard say what this answers.
 */
export function keyBlock({ key, member, team }: KeyBlockFigures, now: Date): KeyBlock {
  const block = (blocked_by: KeyBlockReason, until: Date | string | null): KeyBlock => ({
    blocked_by,
    blocked_until: until === null ? null : new Date(until).toISOString(),
  });
  const monthEnds = periodResetsAt('monthly', now);
  if (!key.is_active) return NOT_BLOCKED;
  if (key.expires_at !== null && Date.parse(key.expires_at) <= now.getTime()) return block('key_expired', null);
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
