// The fake API answers with what the real server would send: each route's answers are checked against the same
// contract/ schemas that Fastify serialises with, so a fake that drifts from the contract fails the test using it.
import { Type, type TSchema } from 'typebox';
import { Format } from 'typebox/format';
import { Value } from 'typebox/value';
import { ApiKey, CachePurged, CreatedApiKey } from '../../../contract/schemas/apiKeys';
import { AuthUser, CookieDiagnostics, LogoutAllReply, SignInProviders } from '../../../contract/schemas/auth';
import {
  AdminTeamDetail,
  AdminTeamList,
  AdminUserList,
  AdminUserRow,
  SystemOverview,
} from '../../../contract/schemas/adminConsole';
import { Analytics } from '../../../contract/schemas/analytics';
import { ModelCatalog } from '../../../contract/schemas/models';
import {
  CreditAdjustmentReply,
  CreditBalance,
  CreditHistory,
  DetailedCreditBalance,
  PaymentCheckReply,
  PaymentHistory,
  PaymentLink,
  PaymentStatusReply,
} from '../../../contract/schemas/billing';
import { BillingDetails } from '../../../contract/schemas/billingDetails';
import { ErrorBody, Success } from '../../../contract/schemas/common';
import {
  Coupon,
  CouponList,
  CouponValidation,
  GeneratedCode,
  RedeemReply,
  Redemptions,
} from '../../../contract/schemas/coupons';
import { PricingList, PricingTier } from '../../../contract/schemas/pricing';
import {
  ModelRoute,
  ModelRouteList,
  ProviderCredential,
  ProviderCredentialList,
  ProviderHealth,
} from '../../../contract/schemas/routing';
import {
  ActivityList,
  DashboardStats,
  InviteReply,
  Team,
  TeamDashboard,
  TeamInvite,
  TeamMember,
} from '../../../contract/schemas/teams';
import { UsageBreakdown, UsageStats } from '../../../contract/schemas/usage';
import { RequestLogDetail, RequestLogKey, RequestLogPage } from '../../../contract/schemas/requestLog';
import {
  AlertSettings,
  CreatedWebhookEndpoint,
  NotificationList,
  OutboxPage,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
} from '../../../contract/schemas/alerts';
import { AuditEntry, AuditLogPage } from '../../../contract/schemas/audit';
import {
  KeyMcpAccess,
  McpServerTools,
  McpServerView,
  TeamKeysMcpAccess,
  TeamMcpSettings,
} from '../../../contract/schemas/mcp';
import { isDate, isDateTime } from '../../../server/lib/inputFormats';

// The formats the contract names, checked as the server checks them (server/lib/validation.ts).
Format.Set('date', isDate);
Format.Set('date-time', isDateTime);
Format.Set('email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()));

/** The success body of each route, by `METHOD path` as the fake's `route()` declares it. */
export const SUCCESS_BODIES: Record<string, TSchema> = {
  'GET /v1/admin/overview': SystemOverview,
  'GET /v1/admin/teams': AdminTeamList,
  'GET /v1/admin/teams/:teamId': AdminTeamDetail,
  'POST /v1/admin/teams/:teamId/credits/adjustments': CreditAdjustmentReply,
  'GET /v1/admin/users': AdminUserList,
  'PATCH /v1/admin/users/:userId': AdminUserRow,
  'GET /v1/admin/analytics': Analytics,
  'GET /v1/dashboard/models': ModelCatalog,
  'GET /v1/auth/me': AuthUser,
  'GET /v1/auth/providers': SignInProviders,
  'POST /v1/auth/dev-login': AuthUser,
  'POST /v1/auth/logout-all': LogoutAllReply,
  'GET /v1/dashboard/stats': DashboardStats,
  'GET /v1/dashboard/activity': ActivityList,
  'GET /v1/api-keys/': Type.Array(ApiKey),
  'POST /v1/api-keys/': CreatedApiKey,
  'PATCH /v1/api-keys/:id': ApiKey,
  'GET /v1/api-keys/:id/mcp-access': KeyMcpAccess,
  'PUT /v1/api-keys/:id/mcp-access': KeyMcpAccess,
  'GET /v1/teams/mcp': TeamMcpSettings,
  'GET /v1/teams/mcp/keys': TeamKeysMcpAccess,
  'PUT /v1/teams/mcp/default': TeamMcpSettings,
  'PUT /v1/teams/mcp/capture': TeamMcpSettings,
  'POST /v1/teams/mcp/servers': McpServerView,
  'PATCH /v1/teams/mcp/servers/:id': McpServerView,
  'GET /v1/teams/mcp/servers/:id/tools': McpServerTools,
  'GET /v1/admin/mcp/servers': Type.Array(McpServerView),
  'POST /v1/admin/mcp/servers': McpServerView,
  'PATCH /v1/admin/mcp/servers/:id': McpServerView,
  'PUT /v1/admin/mcp/servers/:id/prices': McpServerView,
  'GET /v1/admin/mcp/servers/:id/tools': McpServerTools,
  'POST /v1/api-keys/:id/rotate': CreatedApiKey,
  'DELETE /v1/api-keys/:id': Success,
  'DELETE /v1/api-keys/:id/cache': CachePurged,
  'DELETE /v1/teams/cache': CachePurged,
  'GET /v1/debug/cookies': CookieDiagnostics,
  'POST /v1/admin/coupons': Coupon,
  'GET /v1/admin/coupons': CouponList,
  'GET /v1/admin/coupons/:id': Coupon,
  'PUT /v1/admin/coupons/:id': Coupon,
  'DELETE /v1/admin/coupons/:id': Coupon,
  'POST /v1/admin/coupons/generate-code': GeneratedCode,
  'GET /v1/admin/pricing': PricingList,
  'POST /v1/admin/pricing/tiers': PricingTier,
  'DELETE /v1/admin/pricing/:id': PricingTier,
  'GET /v1/admin/routing/routes': ModelRouteList,
  'POST /v1/admin/routing/routes': ModelRoute,
  'PUT /v1/admin/routing/routes/:id': ModelRoute,
  'DELETE /v1/admin/routing/routes/:id': Success,
  'POST /v1/admin/routing/routes/:id/deployments': ModelRoute,
  'PUT /v1/admin/routing/routes/:id/deployments/:deploymentId': ModelRoute,
  'DELETE /v1/admin/routing/routes/:id/deployments/:deploymentId': ModelRoute,
  'GET /v1/admin/routing/credentials': ProviderCredentialList,
  'POST /v1/admin/routing/credentials': ProviderCredential,
  'DELETE /v1/admin/routing/credentials/:id': Success,
  'GET /v1/admin/routing/health': ProviderHealth,
  'GET /v1/teams/:teamId/credits/balance': CreditBalance,
  'GET /v1/teams/:teamId/credits/balance/detailed': DetailedCreditBalance,
  'GET /v1/teams/:teamId/credits/history': CreditHistory,
  'GET /v1/teams/:teamId/credits/usage-breakdown': UsageBreakdown,
  'POST /v1/teams/:teamId/payments/create-link': PaymentLink,
  'GET /v1/teams/:teamId/payments/:orderId/status': PaymentStatusReply,
  'GET /v1/teams/:teamId/payments/history': PaymentHistory,
  'POST /v1/teams/:teamId/payments/:orderId/check': PaymentCheckReply,
  'GET /v1/teams/:teamId/billing-details': BillingDetails,
  'PUT /v1/teams/:teamId/billing-details': BillingDetails,
  'POST /v1/teams/:teamId/coupons/validate': CouponValidation,
  'POST /v1/teams/:teamId/coupons/redeem': RedeemReply,
  'GET /v1/teams/:teamId/coupons/redemptions': Redemptions,
  'GET /v1/teams/': Team,
  'POST /v1/teams/': Team,
  'GET /v1/teams/members': Type.Array(TeamMember),
  'POST /v1/teams/invite': InviteReply,
  'GET /v1/teams/invites': Type.Array(TeamInvite),
  'DELETE /v1/teams/invites/:inviteId': Success,
  'DELETE /v1/teams/members/:userId': Success,
  'PATCH /v1/teams/members/:userId/cap': TeamMember,
  'PUT /v1/teams/budget': Team,
  'GET /v1/teams/dashboard': TeamDashboard,
  'GET /v1/teams/usage-stats': UsageStats,
  'GET /v1/teams/requests': RequestLogPage,
  'GET /v1/teams/requests/:id': RequestLogDetail,
  'GET /v1/teams/requests/keys': Type.Array(RequestLogKey),
  'GET /v1/teams/alerts/settings': AlertSettings,
  'PUT /v1/teams/alerts/settings': AlertSettings,
  'GET /v1/teams/alerts/webhooks': WebhookEndpointList,
  'POST /v1/teams/alerts/webhooks': CreatedWebhookEndpoint,
  'PATCH /v1/teams/alerts/webhooks/:id': WebhookEndpoint,
  'DELETE /v1/teams/alerts/webhooks/:id': Success,
  'POST /v1/teams/alerts/webhooks/:id/test': WebhookDelivery,
  'GET /v1/teams/alerts/webhooks/:id/deliveries': WebhookDeliveryList,
  'GET /v1/notifications': NotificationList,
  'POST /v1/notifications/read': NotificationList,
  'GET /v1/admin/outbox': OutboxPage,
  'GET /v1/audit-log': AuditLogPage,
  'GET /v1/audit-log/:id': AuditEntry,
};

/** Answers of the fake that broke the contract in the running test; setup.ts fails the test when any are left. */
export const contractViolations: string[] = [];

/** Throws (and records) when a JSON answer of `METHOD path` does not match its contract schema. */
export async function checkAgainstContract(route: string, response: Response): Promise<void> {
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const schema = response.status >= 400 ? ErrorBody : SUCCESS_BODIES[route];
  if (!isJson || !schema) return;
  const body: unknown = await response.clone().json();
  const [first] = Value.Errors(schema, body);
  if (!first) return;
  const violation = `The fake backend's ${response.status} answer to ${route} breaks the contract at '${first.instancePath}': ${first.message}`;
  contractViolations.push(violation);
  throw new Error(violation);
}

/** Rewrites the JSON body of a successful answer of `route` whose contract schema is `schema`. */
export type AnswerShaper = (route: string, schema: TSchema, body: unknown) => unknown;

/** `response` with its JSON body passed through `shape` (fakeDb.answerShaper); errors and other bodies as they are. */
export async function reshapeAnswer(route: string, response: Response, shape: AnswerShaper): Promise<Response> {
  const schema = SUCCESS_BODIES[route];
  const isJson = response.headers.get('content-type')?.includes('application/json');
  if (!schema || !isJson || response.status >= 400) return response;
  const body = shape(route, schema, await response.json());
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}
