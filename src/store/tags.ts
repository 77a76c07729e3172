import type { EndpointBuilder } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import type { ApiError } from '../lib/apiError';

// Every cache tag of the one API slice (src/store/api.ts). The graph of which mutation refreshes what is the table
// at the top of api.ts; the shared effect lists below are the rows more than one place needs.
export const TAG_TYPES = [
  'Me',
  'Team',
  'TeamDashboard',
  'TeamMember',
  'TeamInvite',
  'UsageStats',
  'DashboardStats',
  'Activity',
  'ApiKey',
  'CreditBalance',
  'CreditHistory',
  'UsageBreakdown',
  'Payment',
  'BillingDetails',
  'CouponRedemption',
  'Coupon',
  'PricingTier',
  'ModelCatalog',
  'ModelRoute',
  'ProviderCredential',
  'ProviderHealth',
  'Reconciliation',
  'RequestLog',
  'AlertSettings',
  'TeamGuardrails',
  'KeyGuardrails',
  'GuardrailsFloor',
  'TeamTools',
  'ToolServerTools',
  'KeyTools',
  'AdminTools',
  'WebhookEndpoint',
  'WebhookDelivery',
  'Notification',
  'Outbox',
  'AuditLog',
  'SystemOverview',
  'AdminTeam',
  'AdminUser',
  'Analytics',
] as const;

export type TagType = (typeof TAG_TYPES)[number];
export type Tag = TagType | { type: TagType; id: string };
export type Build = EndpointBuilder<BaseQueryFn<string | FetchArgs, unknown, ApiError>, TagType, 'api'>;

/** Tags for a list query: one per row plus the LIST tag that creates invalidate. */
export function listTags<T>(type: TagType, rows: T[] | undefined, idOf: (row: T) => string): Tag[] {
  return [...(rows ?? []).map((row) => ({ type, id: idOf(row) })), { type, id: 'LIST' }];
}

/** What a completed payment changes: the balance, the ledger, the payment list and the activity feed. */
export const PAYMENT_COMPLETED_TAGS: Tag[] = [
  'CreditBalance',
  'CreditHistory',
  'UsageBreakdown',
  { type: 'Payment', id: 'LIST' },
  'Activity',
];

/**
 * After a purchase the dashboard refreshes and the dialog closes (docs/rules.md#buy-credits): the dashboard's figures
 * (team, month stats, request stats, activity, balance), asked again when the Buy Credits dialog closes itself after a
 * success.
 */
export const DASHBOARD_REFRESH_TAGS: Tag[] = ['Team', 'TeamDashboard', 'DashboardStats', 'Activity', 'CreditBalance'];

/** Everything scoped to the caller's team: all of it appears when a team is created. */
export const TEAM_SCOPED_TAGS: Tag[] = [
  'Team',
  'TeamDashboard',
  { type: 'TeamMember', id: 'LIST' },
  'UsageStats',
  'DashboardStats',
  'Activity',
  { type: 'ApiKey', id: 'LIST' },
  { type: 'RequestLog', id: 'LIST' },
  'ModelCatalog',
];
