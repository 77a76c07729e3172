import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { listNotifications, markNotificationsRead } from './notifications';
import { alertSettings, saveAlertSettings } from './settings';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  sendTest,
  updateEndpoint,
} from './webhooks/endpoints';
import { outboxPage } from '../mail/outbox';
import { auditContext, currentUser } from '../plugins/auth';
import { requireOwner } from '../teams/teams';
import { IdParams, Pagination, Success, errors } from '../../contract/schemas/common';
import {
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
} from '../../contract/schemas/alerts';
import {
  ADMIN_OUTBOX_PATH,
  ALERT_SETTINGS_PATH,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  WEBHOOK_ENDPOINTS_PATH,
} from '../../contract/apiPaths';

/**
 * Alerts (docs/alerts.md): the team owner's settings and webhook endpoints (members get 403), everyone's own
 * notifications, and the outbox for administrators.
 */
export function alertRoutes(app: FastifyInstance, { db, guards, alerts }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };
  const endpointPath = `${WEBHOOK_ENDPOINTS_PATH}/:id`;

  api.get(
    ALERT_SETTINGS_PATH,
    { ...auth, schema: { response: { 200: AlertSettings, ...errors(401, 403, 404) } } },
    async (request) => alertSettings(db, requireOwner(request.membership).teamId),
  );

  api.put(
    ALERT_SETTINGS_PATH,
    { ...auth, schema: { body: AlertSettingsBody, response: { 200: AlertSettings, ...errors(400, 401, 403, 404) } } },
    async (request) => {
      const { teamId } = requireOwner(request.membership);
      const settings = await saveAlertSettings(db, teamId, auditContext(request), request.body);
      // New thresholds may already be crossed.
      alerts.teamChanged(teamId);
      return settings;
    },
  );

  api.get(
    WEBHOOK_ENDPOINTS_PATH,
    { ...auth, schema: { response: { 200: WebhookEndpointList, ...errors(401, 403, 404) } } },
    async (request) => listEndpoints(db, requireOwner(request.membership).teamId),
  );

  api.post(
    WEBHOOK_ENDPOINTS_PATH,
    {
      ...auth,
      schema: {
        body: WebhookEndpointCreateBody,
        response: { 201: CreatedWebhookEndpoint, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { teamId } = requireOwner(request.membership);
      const endpoint = await createEndpoint(db, teamId, auditContext(request), request.body, alerts.destination);
      return reply.code(201).send(endpoint);
    },
  );

  api.patch(
    endpointPath,
    {
      ...auth,
      schema: {
        params: IdParams,
        body: WebhookEndpointUpdateBody,
        response: { 200: WebhookEndpoint, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateEndpoint(
        db,
        requireOwner(request.membership).teamId,
        auditContext(request),
        request.params.id,
        request.body,
      ),
  );

  api.delete(
    endpointPath,
    { ...auth, schema: { params: IdParams, response: { 200: Success, ...errors(401, 403, 404) } } },
    async (request) =>
      deleteEndpoint(db, requireOwner(request.membership).teamId, auditContext(request), request.params.id),
  );

  api.post(
    `${endpointPath}/test`,
    { ...auth, schema: { params: IdParams, response: { 200: WebhookDelivery, ...errors(401, 403, 404) } } },
    async (request) => sendTest(db, alerts.deliverer, requireOwner(request.membership).teamId, request.params.id),
  );

  api.get(
    `${endpointPath}/deliveries`,
    { ...auth, schema: { params: IdParams, response: { 200: WebhookDeliveryList, ...errors(401, 403, 404) } } },
    async (request) => listDeliveries(db, requireOwner(request.membership).teamId, request.params.id),
  );

  api.get(
    NOTIFICATIONS_PATH,
    { ...auth, schema: { response: { 200: NotificationList, ...errors(401) } } },
    async (request) => listNotifications(db, currentUser(request).id),
  );

  api.post(
    NOTIFICATIONS_READ_PATH,
    { ...auth, schema: { body: NotificationsReadBody, response: { 200: NotificationList, ...errors(400, 401) } } },
    async (request) => {
      const userId = currentUser(request).id;
      await markNotificationsRead(db, userId, request.body.ids);
      return listNotifications(db, userId);
    },
  );

  api.get(
    ADMIN_OUTBOX_PATH,
    {
      onRequest: guards.requireAdmin,
      schema: { querystring: Pagination, response: { 200: OutboxPage, ...errors(400, 401, 403) } },
    },
    async (request) => outboxPage(db, request.query.limit, request.query.offset),
  );
}
