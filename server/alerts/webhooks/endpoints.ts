import { recordAudit, type UserAuditContext } from '../../audit/audit';
import type { Db, Queryable } from '../../db/types';
import { badRequest, isUuid, notFound } from '../../lib/errors';
import { iso, isoOrNull } from '../../lib/time';
import {
  WEBHOOK_DELIVERIES_SHOWN,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreateBody,
  type WebhookEndpointUpdateBody,
} from '../../../contract/schemas/alerts';
import { queueDelivery, webhookBody } from '../fire';
import { alertPayload, alertText } from '../messages';
import type { Deliverer } from './deliverer';
import { DestinationError, checkedAddress, isSlackUrl, webhookUrl, type DestinationOptions } from './destination';
import { newWebhookSecret } from './signature';

/** A team's webhook endpoints (docs/alerts.md#webhooks): added, turned off and on, removed by the owner. */

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  enabled: boolean;
  created_at: Date;
}

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  slack: isSlackUrl(new URL(row.url)),
  created_at: iso(row.created_at),
});

/** What the audit log keeps of an endpoint: never its secret. */
const endpointRecord = (row: EndpointRow) => ({ url: row.url, description: row.description, enabled: row.enabled });

export async function listEndpoints(q: Queryable, teamId: string) {
  const rows = await q.query<EndpointRow>(
    `SELECT id, url, description, enabled, created_at FROM webhook_endpoints
     WHERE team_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [teamId],
  );
  return { endpoints: rows.map(toEndpoint) };
}

async function lockEndpoint(q: Queryable, teamId: string, endpointId: string): Promise<EndpointRow> {
  const [row] = isUuid(endpointId)
    ? await q.query<EndpointRow>(
        `SELECT id, url, description, enabled, created_at FROM webhook_endpoints
         WHERE id = $1 AND team_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        [endpointId, teamId],
      )
    : [];
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

/**
 * Adds an endpoint once its URL is one we send to and its host resolves to addresses we may reach (checked again at
 * every try: DNS may change). Answers with its signing secret, shown this once.
 */
export async function createEndpoint(
  db: Db,
  teamId: string,
  who: UserAuditContext,
  body: WebhookEndpointCreateBody,
  destination: DestinationOptions,
): Promise<CreatedWebhookEndpoint> {
  let url: URL;
  try {
    url = webhookUrl(body.url);
    await checkedAddress(url, destination);
  } catch (error) {
    if (error instanceof DestinationError) throw badRequest(error.message);
    throw error;
  }
  const secret = newWebhookSecret();
  const row = await db.tx(async (q) => {
    const [inserted] = await q.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (team_id, url, description, secret, created_by) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, url, description, enabled, created_at`,
      [teamId, url.href, body.description?.trim() ?? '', secret, who.userId],
    );
    await recordAudit(q, who, {
      teamId,
      action: 'webhook.created',
      target: { id: inserted.id, label: inserted.url },
      after: endpointRecord(inserted),
    });
    return inserted;
  });
  return { ...toEndpoint(row), secret };
}

export async function updateEndpoint(
  db: Db,
  teamId: string,
  who: UserAuditContext,
  endpointId: string,
  body: WebhookEndpointUpdateBody,
): Promise<WebhookEndpoint> {
  return db.tx(async (q) => {
    const before = await lockEndpoint(q, teamId, endpointId);
    const [after] = await q.query<EndpointRow>(
      `UPDATE webhook_endpoints SET enabled = COALESCE($2, enabled), description = COALESCE($3, description)
       WHERE id = $1 RETURNING id, url, description, enabled, created_at`,
      [endpointId, body.enabled ?? null, body.description?.trim() ?? null],
    );
    await recordAudit(q, who, {
      teamId,
      action: 'webhook.updated',
      target: { id: endpointId, label: after.url },
      before: endpointRecord(before),
      after: endpointRecord(after),
    });
    return toEndpoint(after);
  });
}

/** Removes an endpoint: it is sent nothing more; its deliveries stay listed in the audit of what was sent. */
export async function deleteEndpoint(db: Db, teamId: string, who: UserAuditContext, endpointId: string) {
  await db.tx(async (q) => {
    const before = await lockEndpoint(q, teamId, endpointId);
    await q.query('UPDATE webhook_endpoints SET deleted_at = now(), enabled = false WHERE id = $1', [endpointId]);
    await recordAudit(q, who, {
      teamId,
      action: 'webhook.deleted',
      target: { id: endpointId, label: before.url },
      before: endpointRecord(before),
    });
  });
  return { success: true as const };
}

interface DeliveryRow extends Omit<WebhookDelivery, 'created_at' | 'next_attempt_at' | 'completed_at' | 'tries'> {
  created_at: Date;
  next_attempt_at: Date;
  completed_at: Date | null;
  tries: {
    attempt: number;
    attempted_at: string;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
  }[];
}

const DELIVERY_SELECT = `SELECT d.id, d.endpoint_id, d.event_type, d.status, d.attempts, d.last_status_code,
         d.last_error, d.response_excerpt, d.created_at, d.next_attempt_at, d.completed_at,
         COALESCE((SELECT json_agg(json_build_object('attempt', a.attempt, 'attempted_at', a.attempted_at,
                     'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms) ORDER BY a.attempt)
                   FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS tries
  FROM webhook_deliveries d`;

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  created_at: iso(row.created_at),
  next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  completed_at: isoOrNull(row.completed_at),
  tries: row.tries.map((attempt) => ({ ...attempt, attempted_at: iso(attempt.attempted_at) })),
});

/** The endpoint's newest deliveries, each with its tries. */
export async function listDeliveries(q: Queryable, teamId: string, endpointId: string) {
  if (!isUuid(endpointId)) throw notFound('Webhook endpoint not found');
  const [endpoint] = await q.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND team_id = $2', [
    endpointId,
    teamId,
  ]);
  if (!endpoint) throw notFound('Webhook endpoint not found');
  const rows = await q.query<DeliveryRow>(
    `${DELIVERY_SELECT} WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2`,
    [endpointId, WEBHOOK_DELIVERIES_SHOWN],
  );
  return { deliveries: rows.map(toDelivery) };
}

/**
 * Send test: a test event to this endpoint, tried at once (and then like any delivery, if it fails); answers with
 * the delivery after that first try.
 */
export async function sendTest(db: Db, deliverer: Deliverer, teamId: string, endpointId: string) {
  const deliveryId = await db.tx(async (q) => {
    const endpoint = await lockEndpoint(q, teamId, endpointId);
    const [team] = await q.query<{ name: string }>('SELECT name FROM teams WHERE id = $1', [teamId]);
    const text = alertText('test', team.name, {});
    const payload = alertPayload('test', {
      id: 'test',
      teamId,
      teamName: team.name,
      createdAt: new Date(),
      details: {},
      text,
    });
    const body = webhookBody(endpoint.url, payload);
    return queueDelivery(q, { endpointId, teamId, alertId: null, eventType: payload.type, body }, true);
  });
  await deliverer.tryNow(deliveryId);
  const [row] = await db.query<DeliveryRow>(`${DELIVERY_SELECT} WHERE d.id = $1`, [deliveryId]);
  return toDelivery(row);
}
