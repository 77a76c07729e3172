// Alerts (docs/alerts.md): the owner's settings and webhooks, everyone's bell and the administrators' outbox, as
// server/alerts/routes.ts answers them. A test pushes deliveries or notifications into fakeDb.state to arrange them.
import { fakeDb } from '../fakeBackend';
import {
  AlertSettingsBody,
  DEFAULT_ALERT_SETTINGS,
  NOTIFICATIONS_SHOWN,
  WebhookEndpointCreateBody,
  WebhookEndpointUpdateBody,
  type AlertSettings,
  type WebhookEndpoint,
} from '../../../contract/schemas/alerts';
import {
  ADMIN_OUTBOX_PATH,
  ALERT_SETTINGS_PATH,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  WEBHOOK_ENDPOINTS_PATH,
} from '../../../contract/apiPaths';
import type { FakeWebhookEndpoint } from '../fakeBackend/state';
import { adminUser, checkBody, json, notFound, ownedTeam, page, route, signedInUser, validationError } from './http';
import { recordAudit } from './auditRoutes';

function settingsOf(teamId: string): AlertSettings {
  const owners = fakeDb.state.memberships
    .filter((membership) => membership.team_id === teamId && membership.role === 'owner')
    .flatMap((membership) => fakeDb.state.users.find((user) => user.id === membership.user_id)?.email ?? []);
  return { ...(fakeDb.state.alertSettings[teamId] ?? DEFAULT_ALERT_SETTINGS), owner_recipients: owners.sort() };
}

const getSettings = route('get', ALERT_SETTINGS_PATH, () => json(settingsOf(ownedTeam().team.id)));

const saveSettings = route('put', ALERT_SETTINGS_PATH, ({ body }) => {
  const { team } = ownedTeam();
  const input = checkBody(AlertSettingsBody, body) as AlertSettingsBody;
  const { owner_recipients: _owners, ...before } = settingsOf(team.id);
  const after: AlertSettingsBody = {
    ...input,
    budget_thresholds: [...new Set(input.budget_thresholds)].sort((a, b) => a - b),
    extra_recipients: [...new Set(input.extra_recipients.map((address) => address.trim().toLowerCase()))],
  };
  fakeDb.state.alertSettings[team.id] = after;
  recordAudit('alert_settings.updated', { id: team.id, label: 'Alerts' }, before, after);
  return json(settingsOf(team.id));
});

const wireEndpoint = ({ team_id: _team, secret: _secret, ...endpoint }: FakeWebhookEndpoint): WebhookEndpoint =>
  endpoint;
const endpointRecord = (endpoint: FakeWebhookEndpoint) => ({
  url: endpoint.url,
  description: endpoint.description,
  enabled: endpoint.enabled,
});

function ownEndpoint(id: string): FakeWebhookEndpoint {
  const { team } = ownedTeam();
  const endpoint = fakeDb.state.webhookEndpoints.find((row) => row.id === id && row.team_id === team.id);
  if (!endpoint) throw notFound('Webhook endpoint not found');
  return endpoint;
}

const listEndpoints = route('get', WEBHOOK_ENDPOINTS_PATH, () => {
  const { team } = ownedTeam();
  return json({ endpoints: fakeDb.state.webhookEndpoints.filter((row) => row.team_id === team.id).map(wireEndpoint) });
});

/** The fake refuses what the server would: a URL that is not http(s), and the loopback and private addresses. */
const createEndpoint = route('post', WEBHOOK_ENDPOINTS_PATH, ({ body }) => {
  const { team } = ownedTeam();
  const input = checkBody(WebhookEndpointCreateBody, body) as WebhookEndpointCreateBody;
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    throw validationError('Enter a full URL, starting with https:// or http://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw validationError('The URL must start with https:// or http://.');
  }
  if (/^(127\.|10\.|192\.168\.|localhost$)/.test(url.hostname)) {
    throw validationError(`${url.hostname} resolves to a private address: webhooks are sent to public addresses only.`);
  }
  const endpoint: FakeWebhookEndpoint = {
    id: fakeDb.nextId('webhook'),
    team_id: team.id,
    url: url.href,
    description: input.description?.trim() ?? '',
    enabled: true,
    slack: url.protocol === 'https:' && url.hostname === 'hooks.slack.com',
    created_at: fakeDb.now().toISOString(),
    secret: `whsec_${fakeDb.randomChars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32)}`,
  };
  fakeDb.state.webhookEndpoints.push(endpoint);
  recordAudit('webhook.created', { id: endpoint.id, label: endpoint.url }, null, endpointRecord(endpoint));
  return json({ ...wireEndpoint(endpoint), secret: endpoint.secret }, 201);
});

const updateEndpoint = route('patch', `${WEBHOOK_ENDPOINTS_PATH}/:id`, ({ params, body }) => {
  const endpoint = ownEndpoint(params.id);
  const input = checkBody(WebhookEndpointUpdateBody, body) as WebhookEndpointUpdateBody;
  const before = endpointRecord(endpoint);
  if (input.enabled !== undefined) endpoint.enabled = input.enabled;
  if (input.description !== undefined) endpoint.description = input.description.trim();
  recordAudit('webhook.updated', { id: endpoint.id, label: endpoint.url }, before, endpointRecord(endpoint));
  return json(wireEndpoint(endpoint));
});

const deleteEndpoint = route('delete', `${WEBHOOK_ENDPOINTS_PATH}/:id`, ({ params }) => {
  const endpoint = ownEndpoint(params.id);
  fakeDb.state.webhookEndpoints = fakeDb.state.webhookEndpoints.filter((row) => row !== endpoint);
  recordAudit('webhook.deleted', { id: endpoint.id, label: endpoint.url }, endpointRecord(endpoint), null);
  return json({ success: true });
});

/** A test is delivered at once (HTTP 204) unless the URL's path says /fail, which answers 500 and is retried. */
const sendTest = route('post', `${WEBHOOK_ENDPOINTS_PATH}/:id/test`, ({ params }) => {
  const endpoint = ownEndpoint(params.id);
  const now = fakeDb.now().toISOString();
  const fails = new URL(endpoint.url).pathname.includes('/fail');
  const delivery = {
    id: fakeDb.nextId('delivery'),
    endpoint_id: endpoint.id,
    event_type: 'alert.test',
    status: fails ? ('pending' as const) : ('succeeded' as const),
    attempts: 1,
    last_status_code: fails ? 500 : 204,
    last_error: fails ? 'answered 500' : null,
    response_excerpt: null,
    created_at: now,
    next_attempt_at: fails ? new Date(fakeDb.now().getTime() + 5_000).toISOString() : null,
    completed_at: fails ? null : now,
    tries: [
      {
        attempt: 1,
        attempted_at: now,
        status_code: fails ? 500 : 204,
        error: fails ? 'answered 500' : null,
        duration_ms: 12,
      },
    ],
  };
  fakeDb.state.webhookDeliveries.push(delivery);
  return json(delivery);
});

const listDeliveries = route('get', `${WEBHOOK_ENDPOINTS_PATH}/:id/deliveries`, ({ params }) => {
  const endpoint = ownEndpoint(params.id);
  const deliveries = fakeDb.state.webhookDeliveries
    .filter((delivery) => delivery.endpoint_id === endpoint.id)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return json({ deliveries });
});

function notificationList(userId: string) {
  const mine = fakeDb.state.notifications
    .filter((notification) => notification.user_id === userId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    notifications: mine.slice(0, NOTIFICATIONS_SHOWN).map(({ user_id: _user, ...notification }) => notification),
    unread_count: mine.filter((notification) => !notification.read).length,
  };
}

const getNotifications = route('get', NOTIFICATIONS_PATH, () => json(notificationList(signedInUser().id)));

const markRead = route('post', NOTIFICATIONS_READ_PATH, ({ body }) => {
  const user = signedInUser();
  const ids = (body as { ids?: unknown } | null)?.ids;
  if (ids !== undefined && !Array.isArray(ids)) throw validationError('ids must be notification ids');
  for (const notification of fakeDb.state.notifications) {
    if (notification.user_id === user.id && (!ids || (ids as string[]).includes(notification.id))) {
      notification.read = true;
    }
  }
  return json(notificationList(user.id));
});

const getOutbox = route('get', ADMIN_OUTBOX_PATH, ({ query }) => {
  adminUser();
  const newestFirst = [...fakeDb.state.outbox].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const { rows, total } = page(newestFirst, query, 50);
  return json({ messages: rows, total });
});

export const alertRoutes = [
  getSettings,
  saveSettings,
  listEndpoints,
  createEndpoint,
  updateEndpoint,
  deleteEndpoint,
  sendTest,
  listDeliveries,
  getNotifications,
  markRead,
  getOutbox,
];
