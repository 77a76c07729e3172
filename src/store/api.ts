import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';
import { TAG_TYPES } from './tags';
import { authEndpoints } from './endpoints/auth';
import { teamEndpoints } from './endpoints/teams';
import { dashboardEndpoints } from './endpoints/dashboard';
import { apiKeyEndpoints } from './endpoints/apiKeys';
import { creditEndpoints } from './endpoints/credits';
import { paymentEndpoints } from './endpoints/payments';
import { billingDetailsEndpoints } from './endpoints/billingDetails';
import { couponEndpoints } from './endpoints/coupons';
import { adminEndpoints } from './endpoints/admin';
import { routingEndpoints } from './endpoints/routing';
import { requestLogEndpoints } from './endpoints/requestLog';
import { alertEndpoints } from './endpoints/alerts';
import { guardrailEndpoints } from './endpoints/guardrails';
import { auditEndpoints } from './endpoints/audit';
import { adminConsoleEndpoints } from './endpoints/adminConsole';
import { modelEndpoints } from './endpoints/models';

/*
 * The one API slice: every call of docs/api-contract.md. Endpoint groups live in ./endpoints/*, but they are all
 * declared here, in one createApi, so a mutation in one domain refreshes queries in another.
 *
 * Tag graph — what each mutation makes stale (lists provide one tag per row plus LIST):
 *
 * | mutation              | invalidates                                                                       |
 * |-----------------------|-----------------------------------------------------------------------------------|
 * | createTeam            | Team, TeamDashboard, TeamMember LIST, UsageStats, DashboardStats, Activity,       |
 * |                       | ApiKey LIST, RequestLog LIST, ModelCatalog (TEAM_SCOPED_TAGS: everything that    |
 * |                       | was "no team" before)                                                             |
 * | updateBudget          | Team, TeamDashboard, UsageStats (budget_limit_cents), Activity                    |
 * | inviteMember          | TeamMember LIST, TeamInvite LIST, Activity                                        |
 * | cancelInvite          | TeamInvite {id}, Activity                                                         |
 * | removeMember          | TeamMember {id}, Team (member_count), TeamDashboard, Activity                     |
 * | setMemberCap          | TeamMember {id}                                                                   |
 * | createApiKey          | ApiKey LIST, DashboardStats (key count), Activity, ModelCatalog (key_ids)         |
 * | updateApiKey          | ApiKey {id}, ModelCatalog (an allow-list decides key_ids)                         |
 * | rotateApiKey          | ApiKey {id} (the new prefix and the grace period)                                 |
 * | revokeApiKey          | ApiKey {id}, DashboardStats, Activity, ModelCatalog                               |
 * | purgeApiKeyCache      | nothing: no query shows the response cache's answers                              |
 * | purgeTeamCache        | nothing: as purgeApiKeyCache                                                      |
 * | createPaymentLink     | Payment LIST                                                                      |
 * | checkPayment          | Payment {orderId}; when completed also PAYMENT_COMPLETED_TAGS                     |
 * | (payment completed)   | PAYMENT_COMPLETED_TAGS: CreditBalance, CreditHistory, UsageBreakdown,             |
 * |                       | Payment LIST, Activity — dispatched by the Buy Credits dialog when polling ends   |
 * | (success dialog close)| DASHBOARD_REFRESH_TAGS: Team, TeamDashboard, DashboardStats, Activity,            |
 * |                       | CreditBalance — when the dialog closes itself 3 s after a success                 |
 * | updateBillingDetails  | BillingDetails (documents issued before keep the details they were issued with)   |
 * | redeemCoupon          | CreditBalance, CreditHistory, CouponRedemption LIST, Activity, Coupon LIST        |
 * | createCoupon          | Coupon LIST                                                                       |
 * | updateCoupon          | Coupon {id}, Coupon LIST (a change can move a row across filters)                 |
 * | deactivateCoupon      | Coupon {id}, Coupon LIST                                                          |
 * | createPricingTier     | PricingTier LIST, ModelCatalog (prices)                                           |
 * | deactivatePricingTier | PricingTier {id}, PricingTier LIST, ModelCatalog                                  |
 * | createModelRoute      | ModelRoute LIST                                                                   |
 * | updateModelRoute      | ModelRoute {id}, ModelRoute LIST (a rename reorders), ProviderHealth (labels)     |
 * | deleteModelRoute      | ModelRoute {id} and LIST, ProviderCredential LIST (used by), ProviderHealth       |
 * | add/update/remove     | ModelRoute {routeId}, ProviderCredential LIST (used by), ProviderHealth           |
 * |   Deployment          |                                                                                   |
 * | createProviderCred.   | ProviderCredential LIST                                                           |
 * | deleteProviderCred.   | ProviderCredential {id}, ProviderCredential LIST                                  |
 * | setUsageKey           | ProviderCredential {id}                                                           |
 * | runReconciliation     | Reconciliation, ProviderCredential LIST (last reconciled, error)                  |
 * | adjustTeamCredits     | AdminTeam {id} and LIST, Analytics (credits), CreditBalance, CreditHistory         |
 * | setUserDisabled       | AdminUser {id} and LIST (a status filter), AdminTeam (its members' status)          |
 * | (request log Refresh) | RequestLog LIST: rows come from the gateway, so no mutation here makes them stale     |
 * | saveAlertSettings     | AlertSettings                                                                     |
 * | saveTeamGuardrails    | TeamGuardrails                                                                    |
 * | saveKeyGuardrails     | KeyGuardrails {id}                                                                |
 * | saveGuardrailsFloor   | GuardrailsFloor, TeamGuardrails, KeyGuardrails (each shows the floor)             |
 * | (the MCP gateway's: injected into this slice by src/store/endpoints/tools.ts, which only the pages that show     |
 * |  tools download; its tags are this slice's, in tags.ts)                                                   |
 * | setTeamToolsDefault,  | TeamTools                                                                         |
 * |   setTeamToolsCapture,|                                                                                   |
 * |   createTeamToolServer|                                                                                   |
 * | updateTeamToolServer  | TeamTools, ToolServerTools {id} (a new URL or credential lists other tools)       |
 * | deleteTeamToolServer  | TeamTools, KeyTools (a key listed for it), ToolServerTools {id}                   |
 * | saveKeyTools          | KeyTools {id}                                                                     |
 * | createAdminToolServer | AdminTools, TeamTools (every team is offered the operator's servers)              |
 * | updateAdminToolServer,| AdminTools, TeamTools, ToolServerTools {id} (prices show in every list)           |
 * |   setToolServerPrices |                                                                                   |
 * | deleteAdminToolServer | AdminTools, TeamTools, KeyTools, ToolServerTools {id}                             |
 * | createWebhookEndpoint | WebhookEndpoint LIST                                                              |
 * | updateWebhookEndpoint | WebhookEndpoint {id}                                                              |
 * | deleteWebhookEndpoint | WebhookEndpoint {id} and LIST                                                     |
 * | sendWebhookTest       | WebhookDelivery {endpointId} (the endpoint's deliveries)                          |
 * | markNotificationsRead | Notification (the bell's list and unread count)                                   |
 * | (bell, every minute)  | Notification: alerts fire on the server, so the bell polls                        |
 * | (audit log shown)     | AuditLog: every change writes to it; the page asks again when shown, as the log   |
 * | signOutEverywhere     | nothing: the session has ended, so the layout clears the whole cache              |
 * | validateCoupon,       | nothing (they change no stored data)                                              |
 * | generateCouponCode    |                                                                                   |
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  // With setupListeners in makeStore: a tab coming back into focus catches up (an admin watching coupon uses).
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: (build) => ({
    ...authEndpoints(build),
    ...teamEndpoints(build),
    ...dashboardEndpoints(build),
    ...apiKeyEndpoints(build),
    ...creditEndpoints(build),
    ...paymentEndpoints(build),
    ...billingDetailsEndpoints(build),
    ...couponEndpoints(build),
    ...adminEndpoints(build),
    ...routingEndpoints(build),
    ...requestLogEndpoints(build),
    ...alertEndpoints(build),
    ...guardrailEndpoints(build),
    ...auditEndpoints(build),
    ...adminConsoleEndpoints(build),
    ...modelEndpoints(build),
  }),
});

export const {
  useGetMeQuery,
  useSignOutEverywhereMutation,
  useGetCookieDiagnosticsQuery,
  useGetTeamQuery,
  useCreateTeamMutation,
  useGetTeamMembersQuery,
  useInviteMemberMutation,
  useGetTeamInvitesQuery,
  useCancelInviteMutation,
  useRemoveMemberMutation,
  useSetMemberCapMutation,
  useUpdateBudgetMutation,
  useGetTeamDashboardQuery,
  useGetUsageStatsQuery,
  useGetDashboardStatsQuery,
  useGetActivityQuery,
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useUpdateApiKeyMutation,
  useRotateApiKeyMutation,
  useRevokeApiKeyMutation,
  usePurgeApiKeyCacheMutation,
  usePurgeTeamCacheMutation,
  useGetCreditBalanceQuery,
  useGetDetailedCreditBalanceQuery,
  useGetCreditHistoryQuery,
  useGetUsageBreakdownQuery,
  useCreatePaymentLinkMutation,
  useLazyGetPaymentStatusQuery,
  useGetPaymentHistoryQuery,
  useCheckPaymentMutation,
  useGetBillingDetailsQuery,
  useUpdateBillingDetailsMutation,
  useValidateCouponMutation,
  useRedeemCouponMutation,
  useGetCouponRedemptionsQuery,
  useGetCouponsQuery,
  useGetCouponQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useDeactivateCouponMutation,
  useGenerateCouponCodeMutation,
  useGetPricingTiersQuery,
  useCreatePricingTierMutation,
  useDeactivatePricingTierMutation,
  useGetModelRoutesQuery,
  useCreateModelRouteMutation,
  useUpdateModelRouteMutation,
  useDeleteModelRouteMutation,
  useAddDeploymentMutation,
  useUpdateDeploymentMutation,
  useRemoveDeploymentMutation,
  useGetProviderCredentialsQuery,
  useCreateProviderCredentialMutation,
  useDeleteProviderCredentialMutation,
  useSetUsageKeyMutation,
  useGetReconciliationQuery,
  useRunReconciliationMutation,
  useGetProviderHealthQuery,
  useGetRequestLogQuery,
  useGetRequestLogEntryQuery,
  useGetRequestLogKeysQuery,
  useLazyGetRequestLogQuery,
  useGetAlertSettingsQuery,
  useSaveAlertSettingsMutation,
  useGetTeamGuardrailsQuery,
  useSaveTeamGuardrailsMutation,
  useGetKeyGuardrailsQuery,
  useSaveKeyGuardrailsMutation,
  useGetGuardrailsFloorQuery,
  useSaveGuardrailsFloorMutation,
  useGetWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useSendWebhookTestMutation,
  useGetWebhookDeliveriesQuery,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetOutboxQuery,
  useGetAuditLogQuery,
  useGetAuditEntryQuery,
  useGetSystemOverviewQuery,
  useGetAdminTeamsQuery,
  useGetAdminTeamQuery,
  useAdjustTeamCreditsMutation,
  useGetAdminUsersQuery,
  useSetUserDisabledMutation,
  useGetAnalyticsQuery,
  useGetModelCatalogQuery,
} = api;
