/**
 * The operator's console lists' sorts and page sizes: plain values beside the schemas of contract/schemas/adminConsole.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The most rows a console list page holds. */
export const CONSOLE_MAX_PAGE = 100;

export const CONSOLE_DEFAULT_PAGE = 25;

export const ADMIN_TEAM_SORTS = [
  'name',
  'created_at',
  'member_count',
  'balance_cents',
  'month_spend_cents',
  'budget_use_percent',
  'last_activity_at',
] as const;
export type AdminTeamSort = (typeof ADMIN_TEAM_SORTS)[number];

export const ADMIN_USER_SORTS = ['login', 'created_at', 'last_sign_in_at', 'key_count', 'month_spend_cents'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
