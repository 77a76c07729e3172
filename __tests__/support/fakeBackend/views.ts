// Pure functions turning the fake's raw rows into the wire shapes of docs/api-contract.md.
import type { DetailedCreditBalance } from '../../../contract/schemas/billing';
import type { Coupon, CouponSort } from '../../../contract/schemas/coupons';
import type { PricingTier } from '../../../contract/schemas/pricing';
import type { Team, TeamDashboard, TeamMember, TopModel } from '../../../contract/schemas/teams';
import type { UsageBreakdown, UsageByMember, UsageByModel, UsageStats } from '../../../contract/schemas/usage';
import { periodResetsAt } from '../../../contract/keyLimits';
import type { FakeCreditEntry, FakeMembership, FakeState, FakeTeam, FakeUsageRow } from './state';

/** Dollars with at most two decimals. */
export const dollars = (value: number): number => Math.round(value * 100) / 100;
export const toCents = (value: number): number => Math.round(value * 100);

/** Sorts copies newest first by the given time field. */
export function newestFirst<T>(rows: readonly T[], time: (row: T) => string): T[] {
  return [...rows].sort((a, b) => Date.parse(time(b)) - Date.parse(time(a)));
}

export function teamView(state: FakeState, team: FakeTeam): Team {
  const utilization = team.budget_limit > 0 ? (team.current_usage / team.budget_limit) * 100 : 0;
  return {
    id: team.id,
    name: team.name,
    budget_limit: dollars(team.budget_limit),
    current_usage: dollars(team.current_usage),
    budget_utilization: dollars(utilization),
    member_count: state.memberships.filter((membership) => membership.team_id === team.id).length,
    created_at: team.created_at,
  };
}

/** What a member's usage rows hold this UTC month, in cents. */
export function memberMonthCents(state: FakeState, teamId: string, userId: string, now: Date): number {
  const rows = usageRows(state, teamId, monthStart(now), today(now)).filter((row) => row.user_id === userId);
  return sum(rows, 'cost_cents');
}

/** Owner first, then by join date; each with their cap and what their usage rows hold this UTC month. */
export function membersView(state: FakeState, teamId: string, now: Date): TeamMember[] {
  const memberships = state.memberships
    .filter((membership) => membership.team_id === teamId)
    .sort(
      (a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || a.created_at.localeCompare(b.created_at),
    );
  return memberships.map((membership) => {
    const user = state.users.find((candidate) => candidate.id === membership.user_id);
    return {
      id: membership.user_id,
      name: user?.name ?? null,
      email: user?.email ?? null,
      role: membership.role,
      created_at: membership.created_at,
      monthly_cap_cents: membership.monthly_cap_cents ?? null,
      month_spend_cents: memberMonthCents(state, teamId, membership.user_id, now),
    };
  });
}

export const teamCredits = (state: FakeState, teamId: string): FakeCreditEntry[] =>
  state.credits.filter((entry) => entry.team_id === teamId);

export function creditBalance(state: FakeState, teamId: string): number {
  return dollars(teamCredits(state, teamId).reduce((sum, entry) => sum + entry.amount, 0));
}

export function detailedBalance(state: FakeState, teamId: string): DetailedCreditBalance {
  const entries = teamCredits(state, teamId);
  const total = (type: FakeCreditEntry['type']) =>
    dollars(entries.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.amount, 0));
  const usageCents = state.usage.filter((row) => row.team_id === teamId).reduce((sum, row) => sum + row.cost_cents, 0);
  return {
    team_id: teamId,
    current_balance: creditBalance(state, teamId),
    total_topups: total('topup'),
    total_refunds: total('refund'),
    total_adjustments: total('adjustment'),
    total_transfers: total('transfer'),
    total_other: total('other'),
    total_usage: dollars(usageCents / 100),
  };
}

/** Usage rows of a team between two YYYY-MM-DD dates, inclusive. */
export function usageRows(state: FakeState, teamId: string, from: string, to: string): FakeUsageRow[] {
  return state.usage.filter((row) => row.team_id === teamId && row.date >= from && row.date <= to);
}

interface ModelTotals {
  model: string;
  provider: string;
  request_count: number;
  total_tokens: number;
  cost_cents: number;
}

/** Per-model totals, most expensive first. */
function totalsByModel(rows: readonly FakeUsageRow[]): ModelTotals[] {
  const byModel = new Map<string, ModelTotals>();
  for (const row of rows) {
    const totals = byModel.get(row.model) ?? { ...row, request_count: 0, total_tokens: 0, cost_cents: 0 };
    totals.request_count += row.request_count;
    totals.total_tokens += row.total_tokens;
    totals.cost_cents += row.cost_cents;
    byModel.set(row.model, totals);
  }
  return [...byModel.values()]
    .map(({ model, provider, request_count, total_tokens, cost_cents }) => ({
      model,
      provider,
      request_count,
      total_tokens,
      cost_cents,
    }))
    .sort((a, b) => b.cost_cents - a.cost_cents);
}

const sum = (rows: readonly FakeUsageRow[], field: 'request_count' | 'cost_cents' | 'total_tokens'): number =>
  rows.reduce((total, row) => total + row[field], 0);

export function usageStatsView(state: FakeState, team: FakeTeam, start: string, end: string): UsageStats {
  const rows = usageRows(state, team.id, start, end);
  const daily: Record<string, number> = {};
  const byMember: Record<string, UsageByMember> = {};
  for (const row of rows) {
    daily[row.date] = (daily[row.date] ?? 0) + row.cost_cents;
    const member = byMember[row.user_id] ?? {
      user_id: row.user_id,
      user_email: state.users.find((user) => user.id === row.user_id)?.email ?? null,
      request_count: 0,
      total_cost_cents: 0,
    };
    member.request_count += row.request_count;
    member.total_cost_cents += row.cost_cents;
    byMember[row.user_id] = member;
  }
  const byModel: Record<string, UsageByModel> = {};
  for (const totals of totalsByModel(rows)) {
    byModel[totals.model] = {
      model_name: totals.model,
      request_count: totals.request_count,
      total_tokens: totals.total_tokens,
      total_cost_cents: totals.cost_cents,
    };
  }
  return {
    start_date: start,
    end_date: end,
    total_cost_cents: sum(rows, 'cost_cents'),
    total_requests: sum(rows, 'request_count'),
    budget_limit_cents: toCents(team.budget_limit),
    current_usage_cents: toCents(team.current_usage),
    daily_usage: daily,
    usage_by_member: byMember,
    usage_by_model: byModel,
  };
}

export const monthStart = (now: Date): string => `${now.toISOString().slice(0, 7)}-01`;
export const today = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * `current_month_stats.total_cost` is the team's `current_usage`; requests and models come from this month's rows;
 * `my_cap` is the signed-in member's cap with their month from the usage rows.
 */
export function teamDashboardView(
  state: FakeState,
  team: FakeTeam,
  membership: FakeMembership,
  now: Date,
): TeamDashboard {
  const cap = membership.monthly_cap_cents ?? null;
  const rows = usageRows(state, team.id, monthStart(now), today(now));
  const topModels: TopModel[] = totalsByModel(rows).map((totals) => ({
    name: totals.model,
    request_count: totals.request_count,
    total_cost: dollars(totals.cost_cents / 100),
  }));
  return {
    is_owner: membership.role === 'owner',
    my_cap:
      cap === null
        ? null
        : {
            monthly_cap_cents: cap,
            month_spend_cents: memberMonthCents(state, team.id, membership.user_id, now),
            resets_at: periodResetsAt('monthly', now)!.toISOString(),
          },
    team: teamView(state, team),
    current_month_stats: {
      total_cost: dollars(team.current_usage),
      total_requests: sum(rows, 'request_count'),
      unique_models_used: topModels.length,
      top_models: topModels,
      ...cacheSavings(state, team.id, now),
    },
  };
}

/** This month's requests the response cache answered (the request log's rows marked cached_from), and their saving. */
function cacheSavings(state: FakeState, teamId: string, now: Date) {
  const since = monthStart(now);
  const hits = state.requests.filter(
    (request) => request.team_id === teamId && request.cached_from && request.created_at.slice(0, 10) >= since,
  );
  return {
    cache_hits: hits.length,
    cache_saved_cents: hits.reduce((total, request) => total + (request.cache_saved_cents ?? 0), 0),
  };
}

export function usageBreakdownView(state: FakeState, teamId: string, from: string, to: string): UsageBreakdown {
  const rows = usageRows(state, teamId, from, to);
  return {
    from,
    to,
    total_cost: dollars(sum(rows, 'cost_cents') / 100),
    by_model: totalsByModel(rows).map(({ cost_cents, ...totals }) => ({
      ...totals,
      total_cost: dollars(cost_cents / 100),
    })),
  };
}

export const isExpired = (expiresAt: string | null, now: Date): boolean =>
  expiresAt !== null && Date.parse(expiresAt) <= now.getTime();

export const hasUsesRemaining = (coupon: Coupon): boolean => coupon.current_uses < coupon.max_uses;

/** Why a coupon cannot be used right now (status and message of the contract), or null when it can. */
export function couponProblem(coupon: Coupon, now: Date): string | null {
  if (!coupon.active) return 'Coupon is inactive';
  if (isExpired(coupon.expires_at, now)) return 'Coupon has expired';
  if (!hasUsesRemaining(coupon)) return 'Coupon has reached its maximum uses';
  return null;
}

const COUPON_ORDER: Record<CouponSort, (a: Coupon, b: Coupon) => number> = {
  created_at: (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at),
  code: (a, b) => a.code.localeCompare(b.code),
  amount: (a, b) => b.amount - a.amount,
  expires_at: (a, b) => {
    if (a.expires_at === b.expires_at) return 0;
    if (a.expires_at === null) return 1;
    if (b.expires_at === null) return -1;
    return Date.parse(a.expires_at) - Date.parse(b.expires_at);
  },
};

export interface CouponFilters {
  active?: boolean;
  hasUsesRemaining?: boolean;
  sortBy: CouponSort;
}

export function listCoupons(coupons: readonly Coupon[], filters: CouponFilters): Coupon[] {
  return coupons
    .filter((coupon) => filters.active === undefined || coupon.active === filters.active)
    .filter((coupon) => filters.hasUsesRemaining === undefined || hasUsesRemaining(coupon) === filters.hasUsesRemaining)
    .sort(COUPON_ORDER[filters.sortBy]);
}

/** Active when effective_time has passed and expiry_time is absent or in the future (docs/rules.md#pricing-tiers). */
export const isTierActive = (tier: PricingTier, now: Date): boolean =>
  Date.parse(tier.effective_time) <= now.getTime() && !isExpired(tier.expiry_time, now);

export interface PricingFilters {
  provider?: string;
  model?: string;
  active?: boolean;
}

/** Filtered tiers ordered by provider, model and tier order. */
export function listPricing(tiers: readonly PricingTier[], filters: PricingFilters, now: Date): PricingTier[] {
  const model = filters.model?.toLowerCase();
  return tiers
    .filter((tier) => !filters.provider || tier.provider === filters.provider)
    .filter((tier) => !model || tier.model.toLowerCase().includes(model))
    .filter((tier) => filters.active === undefined || isTierActive(tier, now) === filters.active)
    .sort(
      (a, b) => a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model) || a.tier_order - b.tier_order,
    );
}

/** Whether two [effective, expiry) windows overlap (a null expiry is open-ended). */
export function windowsOverlap(a: PricingTier, b: Pick<PricingTier, 'effective_time' | 'expiry_time'>): boolean {
  const end = (expiry: string | null) => (expiry === null ? Number.POSITIVE_INFINITY : Date.parse(expiry));
  return Date.parse(a.effective_time) < end(b.expiry_time) && Date.parse(b.effective_time) < end(a.expiry_time);
}
