import { Type, type Static, type TProperties } from 'typebox';
import { TeamRole } from './auth';
import { PaymentStatus } from './billing';
import { Composite, LiteralUnion, Nullable, Offset } from './common';
import { SORT_ORDERS, CONSOLE_MAX_PAGE, ADMIN_TEAM_SORTS, ADMIN_USER_SORTS } from '../rules/adminConsole';
export * from '../rules/adminConsole';

/**
 * The operator's console (docs/api-contract.md, Calls: administration): every team and every user, a team's page,
 * disabling a user, and the admin dashboard's System Overview. Money is integer cents.
 */

export const SystemOverview = Type.Object({
  total_users: Type.Integer(),
  total_teams: Type.Integer(),
  /** Gateway requests since 00:00 UTC today, every team. */
  api_calls_today: Type.Integer(),
});
export type SystemOverview = Static<typeof SystemOverview>;

const oneOf = <T extends string>(values: readonly T[], field: string) =>
  LiteralUnion(values, { errorMessage: `${field} must be one of ${values.join(', ')}` });

/** A console list's query: a search, a sort of its own fields, and an offset page (lists of teams and users). */
const listQuery = <Sort extends string, Extra extends TProperties>(sorts: readonly Sort[], extra: Extra) =>
  Type.Object({
    search: Type.Optional(Type.String({ maxLength: 100, errorMessage: 'search must be at most 100 characters' })),
    sort: Type.Optional(oneOf(sorts, 'sort')),
    order: Type.Optional(oneOf(SORT_ORDERS, 'order')),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: CONSOLE_MAX_PAGE,
        errorMessage: `limit must be an integer from 1 to ${CONSOLE_MAX_PAGE}`,
      }),
    ),
    offset: Type.Optional(Offset),
    ...extra,
  });

export const AdminTeamListQuery = listQuery(ADMIN_TEAM_SORTS, {});
export type AdminTeamListQuery = Static<typeof AdminTeamListQuery>;

const PersonRef = Type.Object({
  id: Type.String(),
  login: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
});
export type PersonRef = Static<typeof PersonRef>;

export const AdminTeamRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Type.String(),
  owner: Nullable(PersonRef),
  member_count: Type.Integer(),
  balance_cents: Type.Integer(),
  /** Spent this UTC month. */
  month_spend_cents: Type.Integer(),
  /** 0: no budget. */
  budget_limit_cents: Type.Integer(),
  /** Month-to-date spend over the budget, in percent; null without a budget. */
  budget_use_percent: Nullable(Type.Number()),
  /** The team's last gateway request or recorded change; null when nothing happened yet. */
  last_activity_at: Nullable(Type.String()),
});
export type AdminTeamRow = Static<typeof AdminTeamRow>;

export const AdminTeamList = Type.Object({ rows: Type.Array(AdminTeamRow), total: Type.Integer() });
export type AdminTeamList = Static<typeof AdminTeamList>;

export const AdminTeamMember = Composite([
  PersonRef,
  Type.Object({
    role: TeamRole,
    joined_at: Type.String(),
    disabled: Type.Boolean(),
    monthly_cap_cents: Nullable(Type.Integer()),
    month_spend_cents: Type.Integer(),
  }),
]);
export type AdminTeamMember = Static<typeof AdminTeamMember>;

/** A team's key as the console shows it: never its secret, nor its hash. */
export const AdminTeamKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  key_prefix: Type.String(),
  is_active: Type.Boolean(),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  expires_at: Nullable(Type.String()),
  user: Nullable(PersonRef),
});
export type AdminTeamKey = Static<typeof AdminTeamKey>;

export const AdminTeamPayment = Type.Object({
  order_id: Type.String(),
  status: PaymentStatus,
  amount_cents: Type.Integer(),
  refunded_cents: Type.Integer(),
  created_at: Type.String(),
  completed_at: Nullable(Type.String()),
});
export type AdminTeamPayment = Static<typeof AdminTeamPayment>;

export const AdminCreditEntry = Type.Object({
  id: Type.String(),
  /** A CreditEntryType, as in the team's own credit history. */
  type: Type.String(),
  description: Type.String(),
  amount_cents: Type.Integer(),
  created_at: Type.String(),
  /** Who wrote it (an administrator's adjustment, a member's payment); null for the gateway's own entries. */
  created_by: Nullable(Type.String()),
});
export type AdminCreditEntry = Static<typeof AdminCreditEntry>;

export const AdminTeamUsage = Type.Object({
  /** UTC days, ascending; the last 30 days. */
  days: Type.Array(Type.Object({ day: Type.String(), requests: Type.Integer(), cost_cents: Type.Integer() })),
  models: Type.Array(
    Type.Object({
      provider: Type.String(),
      model: Type.String(),
      requests: Type.Integer(),
      tokens: Type.Integer(),
      cost_cents: Type.Integer(),
    }),
  ),
});
export type AdminTeamUsage = Static<typeof AdminTeamUsage>;

/** GET /v1/admin/teams/{teamId}: everything the team's page shows, in one answer. */
export const AdminTeamDetail = Type.Object({
  team: AdminTeamRow,
  members: Type.Array(AdminTeamMember),
  keys: Type.Array(AdminTeamKey),
  /** The newest 20. */
  payments: Type.Array(AdminTeamPayment),
  /** The newest 20 ledger entries. */
  credits: Type.Array(AdminCreditEntry),
  usage: AdminTeamUsage,
});
export type AdminTeamDetail = Static<typeof AdminTeamDetail>;

export const ADMIN_USER_STATUSES = ['active', 'disabled'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];
export const AdminUserListQuery = listQuery(ADMIN_USER_SORTS, {
  status: Type.Optional(oneOf(ADMIN_USER_STATUSES, 'status')),
});
export type AdminUserListQuery = Static<typeof AdminUserListQuery>;

export const AdminUserRow = Composite([
  PersonRef,
  Type.Object({
    /** An administrator (ADMIN_LOGINS), as on every request. */
    is_admin: Type.Boolean(),
    disabled_at: Nullable(Type.String()),
    created_at: Type.String(),
    last_sign_in_at: Nullable(Type.String()),
    team: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    role: Nullable(TeamRole),
    /** Keys the user created that are not revoked. */
    key_count: Type.Integer(),
    /** What the user's keys spent this UTC month. */
    month_spend_cents: Type.Integer(),
  }),
]);
export type AdminUserRow = Static<typeof AdminUserRow>;

export const AdminUserList = Type.Object({ rows: Type.Array(AdminUserRow), total: Type.Integer() });
export type AdminUserList = Static<typeof AdminUserList>;

export const AdminUserParams = Type.Object({ userId: Type.String() });

/** PATCH /v1/admin/users/{userId}: disable (sessions end, keys stop on every instance) or enable again. */
export const AdminUserUpdateBody = Type.Object({
  disabled: Type.Boolean({ errorMessage: 'disabled must be true or false' }),
});
export type AdminUserUpdateBody = Static<typeof AdminUserUpdateBody>;

/** What the server says when an administrator tries to disable their own account. */
export const DISABLE_SELF_MESSAGE = 'You cannot disable your own account.';
