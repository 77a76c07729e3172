// The API paths both halves name: the RTK Query endpoints request them, and the server runs the same requests for a
// page's first queries (contract/firstQueries.ts). The routes that answer them are listed in docs/api-contract.md.

/** The path of a team-scoped API call: '/v1/teams/{teamId}' followed by `rest` (e.g. '/credits/balance'). */
export const teamPath = (teamId: string, rest: string) => `/v1/teams/${encodeURIComponent(teamId)}${rest}`;

export const TEAM_PATH = '/v1/teams/';
export const TEAM_DASHBOARD_PATH = '/v1/teams/dashboard';
export const TEAM_MEMBERS_PATH = '/v1/teams/members';
export const TEAM_INVITES_PATH = '/v1/teams/invites';
export const USAGE_STATS_PATH = '/v1/teams/usage-stats';
export const DASHBOARD_STATS_PATH = '/v1/dashboard/stats';
export const DASHBOARD_ACTIVITY_PATH = '/v1/dashboard/activity';

export const creditBalancePath = (teamId: string) => teamPath(teamId, '/credits/balance');
export const creditHistoryPath = (teamId: string) => teamPath(teamId, '/credits/history');
export const paymentHistoryPath = (teamId: string) => teamPath(teamId, '/payments/history');
/** What the team's invoices name as the buyer (docs/payments.md#invoices). */
export const billingDetailsPath = (teamId: string) => teamPath(teamId, '/billing-details');
/** An invoice's or credit note's PDF, by its number. */
export const documentPdfPath = (teamId: string, number: string) =>
  teamPath(teamId, `/documents/${encodeURIComponent(number)}/pdf`);
/** The statement of a calendar month (YYYY-MM) as a PDF: what 'Download Invoice' on Billing gives. */
export const statementPdfPath = (teamId: string, month: string) => teamPath(teamId, `/statements/${month}/pdf`);

/** A path with its query string as fetchBaseQuery builds it (URLSearchParams, undefined values left out). */
export function withParams(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const defined = Object.entries(params).flatMap(([key, value]): [string, string][] =>
    value === undefined ? [] : [[key, String(value)]],
  );
  const query = new URLSearchParams(defined).toString();
  return query ? `${path}?${query}` : path;
}

/** Administration of model routes and provider credentials (docs/gateway.md#model-routes-and-credentials-admin). */
export const ADMIN_MODEL_ROUTES_PATH = '/v1/admin/routing/routes';
export const ADMIN_CREDENTIALS_PATH = '/v1/admin/routing/credentials';
export const ADMIN_PROVIDER_HEALTH_PATH = '/v1/admin/routing/health';
export const adminModelRoutePath = (routeId: string) => `${ADMIN_MODEL_ROUTES_PATH}/${encodeURIComponent(routeId)}`;
export const adminDeploymentsPath = (routeId: string) => `${adminModelRoutePath(routeId)}/deployments`;
export const adminDeploymentPath = (routeId: string, deploymentId: string) =>
  `${adminDeploymentsPath(routeId)}/${encodeURIComponent(deploymentId)}`;
export const adminCredentialPath = (credentialId: string) =>
  `${ADMIN_CREDENTIALS_PATH}/${encodeURIComponent(credentialId)}`;
/** A credential's provider admin (usage) key, which reconciliation reads the provider's report with. */
export const adminCredentialUsageKeyPath = (credentialId: string) => `${adminCredentialPath(credentialId)}/usage-key`;
/** Our ledger against the providers' own reports (docs/gateway.md#reconciliation), and running it now. */
export const ADMIN_RECONCILIATION_PATH = '/v1/admin/routing/reconciliation';
export const ADMIN_RECONCILIATION_RUN_PATH = `${ADMIN_RECONCILIATION_PATH}/run`;

/** The team's gateway keys (docs/governance.md). */
export const API_KEYS_PATH = '/v1/api-keys/';
/** The response cache's answers of one key, or of the whole team (docs/gateway.md#caching): DELETE purges them. */
export const apiKeyCachePath = (keyId: string) => `${API_KEYS_PATH}${encodeURIComponent(keyId)}/cache`;
export const TEAM_CACHE_PATH = '/v1/teams/cache';
/** Guardrail policies (docs/guardrails.md#policies): the team's, a key's, and the operator's floor. */
export const TEAM_GUARDRAILS_PATH = '/v1/teams/guardrails';
export const apiKeyGuardrailsPath = (keyId: string) => `${API_KEYS_PATH}${encodeURIComponent(keyId)}/guardrails`;
export const ADMIN_GUARDRAILS_PATH = '/v1/admin/guardrails';
export const apiKeyPath = (keyId: string) => `${API_KEYS_PATH}${encodeURIComponent(keyId)}`;
export const apiKeyRotatePath = (keyId: string) => `${apiKeyPath(keyId)}/rotate`;

/** A member's monthly cap (owner only). */
export const memberCapPath = (userId: string) => `${TEAM_MEMBERS_PATH}/${encodeURIComponent(userId)}/cap`;

/** The request log: one row per gateway request, and its CSV export with the same filters. */
export const REQUEST_LOG_PATH = '/v1/teams/requests';
export const REQUEST_LOG_CSV_PATH = '/v1/teams/requests.csv';
/** Every key the log's rows may name, revoked ones too (the key filter's choices). */
export const REQUEST_LOG_KEYS_PATH = `${REQUEST_LOG_PATH}/keys`;
export const requestLogEntryPath = (eventId: string) => `${REQUEST_LOG_PATH}/${encodeURIComponent(eventId)}`;

/** The OpenID Connect providers the login page offers beside GitHub (docs/operations.md#single-sign-on). */
export const SIGN_IN_PROVIDERS_PATH = '/v1/auth/providers';
/** Where a sign-in with one of them starts: the server redirects to the provider. */
export const oidcLoginPath = (providerId: string, redirect: string) =>
  `/v1/oauth/oidc/${encodeURIComponent(providerId)}/login?redirect=${encodeURIComponent(redirect)}`;

/** Alerts (docs/alerts.md): the team's settings, its webhook endpoints and their deliveries. */
export const ALERT_SETTINGS_PATH = '/v1/teams/alerts/settings';
export const WEBHOOK_ENDPOINTS_PATH = '/v1/teams/alerts/webhooks';
export const webhookEndpointPath = (endpointId: string) =>
  `${WEBHOOK_ENDPOINTS_PATH}/${encodeURIComponent(endpointId)}`;
export const webhookTestPath = (endpointId: string) => `${webhookEndpointPath(endpointId)}/test`;
export const webhookDeliveriesPath = (endpointId: string) => `${webhookEndpointPath(endpointId)}/deliveries`;
/** The signed-in user's notifications (the bell), and marking them read. */
export const NOTIFICATIONS_PATH = '/v1/notifications';
export const NOTIFICATIONS_READ_PATH = '/v1/notifications/read';
/** Every email, for administrators (the outbox when no SMTP server is configured). */
export const ADMIN_OUTBOX_PATH = '/v1/admin/outbox';
/** An invitation's link: signs the invitee in and adds them to the team. */
export const INVITE_ACCEPT_PATH = '/v1/invites/accept';
/** A manual credit adjustment by an administrator. */
export const ADMIN_TEAMS_PATH = '/v1/admin/teams';
export const adminCreditAdjustmentsPath = (teamId: string) =>
  `${ADMIN_TEAMS_PATH}/${encodeURIComponent(teamId)}/credits/adjustments`;

/** The audit log (docs/audit.md): its pages, one entry, and the CSV export with the same filters. */
export const AUDIT_LOG_PATH = '/v1/audit-log';
export const AUDIT_LOG_CSV_PATH = '/v1/audit-log.csv';
export const auditLogEntryPath = (entryId: string) => `${AUDIT_LOG_PATH}/${encodeURIComponent(entryId)}`;

/** The operator's console (docs/api-contract.md, Calls: administration). */
export const ADMIN_OVERVIEW_PATH = '/v1/admin/overview';
export const ADMIN_ANALYTICS_PATH = '/v1/admin/analytics';
export const ADMIN_USERS_PATH = '/v1/admin/users';
export const adminUserPath = (userId: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(userId)}`;
export const adminTeamPath = (teamId: string) => `${ADMIN_TEAMS_PATH}/${encodeURIComponent(teamId)}`;

/** What the signed-in member's team can call, and the playground that calls it through the session. */
export const DASHBOARD_MODELS_PATH = '/v1/dashboard/models';
export const PLAYGROUND_CHAT_PATH = '/v1/playground/chat';
