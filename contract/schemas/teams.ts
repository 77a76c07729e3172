import { Type, type Static } from 'typebox';
import { BUDGET_LIMIT_MESSAGE, MAX_BUDGET_DOLLARS } from '../budget';
import { formatCents } from '../money';
import { Limit, MAX_AMOUNT_CENTS, Nullable } from './common';
import { Extension } from './extension';
import { MAX_MEMBER_CAP_CENTS } from '../rules/teams';
export * from '../rules/teams';

/** The signed-in user's team, its members and invites, and the dashboard (docs/api-contract.md, Calls: teams). */
export const Team = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Dollars. */
  budget_limit: Type.Number(),
  /** Dollars spent this month. */
  current_usage: Type.Number(),
  /** Percent of the budget used this month; 0 when budget_limit is 0. */
  budget_utilization: Type.Number(),
  member_count: Type.Integer(),
  created_at: Type.String(),
});
export type Team = Static<typeof Team>;

/** Dollars, as the contract says for team budgets. */
const BudgetLimit = Type.Number({ minimum: 0, maximum: MAX_BUDGET_DOLLARS, errorMessage: BUDGET_LIMIT_MESSAGE });

export const TEAM_NAME_MESSAGE = 'The team name must be 1 to 100 characters.';

export const TeamCreateBody = Type.Object({
  name: Type.String({ errorMessage: TEAM_NAME_MESSAGE }),
  budget_limit: BudgetLimit,
});
export type TeamCreateBody = Static<typeof TeamCreateBody>;

export const BudgetBody = Type.Object({ budget_limit: BudgetLimit });
export type BudgetBody = Static<typeof BudgetBody>;

export const TeamMember = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  role: Type.String(),
  created_at: Type.String(),
  /** The owner's monthly cap on this member's keys together (cents); null for none (docs/governance.md). */
  monthly_cap_cents: Extension(Nullable(Type.Integer())),
  /** What this member's keys spent this UTC calendar month (cents). */
  month_spend_cents: Extension(Type.Integer()),
});
export type TeamMember = Static<typeof TeamMember>;

/** PATCH /v1/teams/members/{userId}/cap (owner only): the member's monthly cap in cents, or null to lift it. */
export const MemberCapBody = Type.Object({
  monthly_cap_cents: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: MAX_MEMBER_CAP_CENTS,
      errorMessage: `The monthly cap must be an amount from $0.00 to ${formatCents(MAX_AMOUNT_CENTS)}, or none.`,
    }),
  ),
});
export type MemberCapBody = Static<typeof MemberCapBody>;

export const MemberParams = Type.Object({ userId: Type.String() });

export const InviteBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254, errorMessage: 'Enter a valid email address.' }),
});
export type InviteBody = Static<typeof InviteBody>;

export const InviteReply = Type.Object({ email: Type.String(), status: Type.Literal('pending') });
export type InviteReply = Static<typeof InviteReply>;

export const TeamInvite = Type.Object({
  id: Type.String(),
  email: Type.String(),
  created_at: Type.String(),
  invited_by: Nullable(Type.String()),
});
export type TeamInvite = Static<typeof TeamInvite>;

export const InviteParams = Type.Object({ inviteId: Type.String({ maxLength: 64 }) });

export const TopModel = Type.Object({ name: Type.String(), request_count: Type.Integer(), total_cost: Type.Number() });
export type TopModel = Static<typeof TopModel>;

/** The signed-in member's own monthly cap: what their keys spent this UTC month against it, and when it resets. */
export const MyCap = Type.Object({
  monthly_cap_cents: Type.Integer(),
  month_spend_cents: Type.Integer(),
  /** The 1st of next month, 00:00 UTC. */
  resets_at: Type.String(),
});
export type MyCap = Static<typeof MyCap>;

export const TeamDashboard = Type.Object({
  is_owner: Type.Boolean(),
  /** Null when the owner set no cap on the signed-in member (docs/governance.md#member-caps). */
  my_cap: Extension(Nullable(MyCap)),
  team: Team,
  current_month_stats: Type.Object({
    total_cost: Type.Number(),
    total_requests: Type.Integer(),
    unique_models_used: Type.Integer(),
    top_models: Type.Array(TopModel),
    /** Requests the response cache answered this month, and what their answers had cost (docs/gateway.md#caching). */
    cache_hits: Extension(Type.Integer()),
    cache_saved_cents: Extension(Type.Integer()),
  }),
});
export type TeamDashboard = Static<typeof TeamDashboard>;

export const DashboardStats = Type.Object({
  total_api_keys: Type.Integer(),
  api_keys_change: Type.String(),
  requests_today: Type.Integer(),
  requests_change: Type.String(),
  avg_response_time: Type.Number(),
  response_time_change: Type.String(),
  active_models: Type.Integer(),
  models_change: Type.String(),
});
export type DashboardStats = Static<typeof DashboardStats>;

export const ActivityQuery = Type.Object({ limit: Limit(100, 5) });

export const ActivityItem = Type.Object({
  id: Type.String(),
  type: Type.String(),
  message: Type.String(),
  timestamp: Type.String(),
});
export type ActivityItem = Static<typeof ActivityItem>;

export const ActivityList = Type.Object({ activities: Type.Array(ActivityItem) });
export type ActivityList = Static<typeof ActivityList>;
