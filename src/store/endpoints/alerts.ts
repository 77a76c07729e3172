import type { Success } from '../../../contract/schemas/common';
import type {
  AlertSettings,
  AlertSettingsBody,
  CreatedWebhookEndpoint,
  NotificationList,
  NotificationsReadBody,
  OutboxPage,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreateBody,
  WebhookEndpointList,
  WebhookEndpointUpdateBody,
} from '../../../contract/schemas/alerts';
import type { PageQuery } from '../../../contract/schemas/common';
import {
  ADMIN_OUTBOX_PATH,
  ALERT_SETTINGS_PATH,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  WEBHOOK_ENDPOINTS_PATH,
  webhookDeliveriesPath,
  webhookEndpointPath,
  webhookTestPath,
} from '../../../contract/apiPaths';
import { listTags, type Build } from '../tags';

/**
 * Alerts (docs/alerts.md): the owner's settings and webhook endpoints with their deliveries, everyone's bell, and
 * the administrators' outbox. Alerts fire on the server, so nothing here makes the bell stale: it asks every minute.
 */
export const alertEndpoints = (build: Build) => ({
  getAlertSettings: build.query<AlertSettings, void>({
    query: () => ALERT_SETTINGS_PATH,
    providesTags: ['AlertSettings'],
  }),
  saveAlertSettings: build.mutation<AlertSettings, AlertSettingsBody>({
    query: (body) => ({ url: ALERT_SETTINGS_PATH, method: 'PUT', body }),
    invalidatesTags: ['AlertSettings'],
  }),
  getWebhookEndpoints: build.query<WebhookEndpoint[], void>({
    query: () => WEBHOOK_ENDPOINTS_PATH,
    transformResponse: (reply: WebhookEndpointList) => reply.endpoints,
    providesTags: (endpoints) => listTags('WebhookEndpoint', endpoints, (endpoint) => endpoint.id),
  }),
  createWebhookEndpoint: build.mutation<CreatedWebhookEndpoint, WebhookEndpointCreateBody>({
    query: (body) => ({ url: WEBHOOK_ENDPOINTS_PATH, method: 'POST', body }),
    invalidatesTags: [{ type: 'WebhookEndpoint', id: 'LIST' }],
  }),
  updateWebhookEndpoint: build.mutation<WebhookEndpoint, { id: string } & WebhookEndpointUpdateBody>({
    query: ({ id, ...body }) => ({ url: webhookEndpointPath(id), method: 'PATCH', body }),
    invalidatesTags: (_result, _error, { id }) => [{ type: 'WebhookEndpoint', id }],
  }),
  deleteWebhookEndpoint: build.mutation<Success, string>({
    query: (id) => ({ url: webhookEndpointPath(id), method: 'DELETE' }),
    invalidatesTags: (_result, _error, id) => [
      { type: 'WebhookEndpoint', id },
      { type: 'WebhookEndpoint', id: 'LIST' },
    ],
  }),
  sendWebhookTest: build.mutation<WebhookDelivery, string>({
    query: (id) => ({ url: webhookTestPath(id), method: 'POST' }),
    invalidatesTags: (_result, _error, id) => [{ type: 'WebhookDelivery', id }],
  }),
  getWebhookDeliveries: build.query<WebhookDelivery[], string>({
    query: webhookDeliveriesPath,
    transformResponse: (reply: WebhookDeliveryList) => reply.deliveries,
    providesTags: (_deliveries, _error, id) => [{ type: 'WebhookDelivery', id }],
  }),
  getNotifications: build.query<NotificationList, void>({
    query: () => NOTIFICATIONS_PATH,
    providesTags: ['Notification'],
  }),
  markNotificationsRead: build.mutation<NotificationList, NotificationsReadBody>({
    query: (body) => ({ url: NOTIFICATIONS_READ_PATH, method: 'POST', body }),
    invalidatesTags: ['Notification'],
  }),
  getOutbox: build.query<OutboxPage, PageQuery>({
    query: (params) => ({ url: ADMIN_OUTBOX_PATH, params }),
    providesTags: ['Outbox'],
  }),
});
