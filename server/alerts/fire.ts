import { notify } from '../db/perSchema';
import type { Queryable } from '../db/types';
import { queueMail } from '../mail/outbox';
import { alertEventType, type AlertKind } from '../../contract/schemas/alerts';
import { alertEmail, alertPayload, alertText, type AlertDetails } from './messages';
import type { Decision } from './rules';
import { isSlackUrl } from './webhooks/destination';

/** The deliverers (webhooks/deliverer.ts) hear of new deliveries on this channel, at COMMIT. */
export const WEBHOOKS_QUEUED_CHANNEL = 'webhooks_queued';

export interface TeamRef {
  teamId: string;
  teamName: string;
}

/**
 * Applies a team's decision in the caller's transaction: for each alert, the conditional insert of its state row
 * (the unique key decides: a concurrent evaluation, another instance or a restart finds the row and fires nothing),
 * then the alert, one notification per person told, one email and one delivery per enabled webhook endpoint; and
 * the states of recovered rules deleted. Returns the alerts fired.
 */
export async function applyDecision(q: Queryable, team: TeamRef, decision: Decision, appUrl: string): Promise<number> {
  for (const rule of decision.rearm) {
    await q.query(`DELETE FROM alert_state WHERE team_id = $1 AND rule = $2 AND period = ''`, [team.teamId, rule]);
  }
  let fired = 0;
  for (const firing of decision.fire) {
    const [won] = await q.query(
      `INSERT INTO alert_state (team_id, rule, period) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [team.teamId, firing.rule, firing.period],
    );
    if (!won) continue;
    for (const mark of firing.alsoMarks) {
      await q.query(`INSERT INTO alert_state (team_id, rule, period) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
        team.teamId,
        mark.rule,
        mark.period,
      ]);
    }
    const alertId = await sendAlert(q, team, firing.kind, firing.details, firing.subjectUserId, appUrl);
    await q.query(`UPDATE alert_state SET alert_id = $4 WHERE team_id = $1 AND rule = $2 AND period = $3`, [
      team.teamId,
      firing.rule,
      firing.period,
      alertId,
    ]);
    fired++;
  }
  return fired;
}

/**
 * Records an alert and tells everyone it concerns, in the caller's transaction: the team's owners (and the member a
 * cap alert is about) in the bell and by email, with the team's extra addresses, and every enabled webhook endpoint.
 */
export async function sendAlert(
  q: Queryable,
  team: TeamRef,
  kind: AlertKind,
  details: AlertDetails,
  subjectUserId: string | null,
  appUrl: string,
): Promise<string> {
  const text = alertText(kind, team.teamName, details);
  const [alert] = await q.query<{ id: string; created_at: Date }>(
    `INSERT INTO alerts (team_id, kind, subject_user_id, title, message, details) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, created_at`,
    [team.teamId, kind, subjectUserId, text.title, text.message, JSON.stringify(details)],
  );
  const people = await q.query<{ id: string; email: string | null }>(
    `SELECT u.id, u.email FROM team_members m JOIN users u ON u.id = m.user_id
     WHERE m.team_id = $1 AND (m.role = 'owner' OR u.id = $2)`,
    [team.teamId, subjectUserId],
  );
  const [settings] = await q.query<{ extra_recipients: string[] }>(
    'SELECT extra_recipients FROM alert_settings WHERE team_id = $1',
    [team.teamId],
  );
  if (people.length > 0) {
    await q.query(
      `INSERT INTO notifications (user_id, team_id, alert_id, title, message)
       SELECT unnest($1::uuid[]), $2, $3, $4, $5`,
      [people.map((person) => person.id), team.teamId, alert.id, text.title, text.message],
    );
  }
  const email = alertEmail(text, team.teamName, appUrl);
  await queueMail(q, {
    teamId: team.teamId,
    alertId: alert.id,
    kind: 'alert',
    to: [...people.flatMap((person) => (person.email ? [person.email] : [])), ...(settings?.extra_recipients ?? [])],
    subject: email.subject,
    text: email.text,
  });
  const endpoints = await q.query<{ id: string; url: string }>(
    'SELECT id, url FROM webhook_endpoints WHERE team_id = $1 AND enabled AND deleted_at IS NULL',
    [team.teamId],
  );
  const payload = alertPayload(kind, {
    id: alert.id,
    teamId: team.teamId,
    teamName: team.teamName,
    createdAt: alert.created_at,
    details,
    text,
  });
  for (const endpoint of endpoints) {
    await queueDelivery(q, {
      endpointId: endpoint.id,
      teamId: team.teamId,
      alertId: alert.id,
      eventType: alertEventType(kind),
      body: webhookBody(endpoint.url, payload),
    });
  }
  return alert.id;
}

/** Slack's incoming webhooks take `{ text }`; every other endpoint gets the event itself. */
export function webhookBody(url: string, payload: ReturnType<typeof alertPayload>): object {
  if (!isSlackUrl(new URL(url))) return payload;
  return { text: `*${payload.data.title}*\n${payload.data.message}` };
}

export async function queueDelivery(
  q: Queryable,
  delivery: { endpointId: string; teamId: string; alertId: string | null; eventType: string; body: object },
  claimed = false,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (endpoint_id, team_id, alert_id, event_type, payload, status, attempts, locked_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $6 = 'sending' THEN now() + interval '2 minutes' END)
     RETURNING id`,
    [
      delivery.endpointId,
      delivery.teamId,
      delivery.alertId,
      delivery.eventType,
      JSON.stringify(delivery.body),
      claimed ? 'sending' : 'pending',
      claimed ? 1 : 0,
    ],
  );
  if (!claimed) await notify(q, WEBHOOKS_QUEUED_CHANNEL, '');
  return row.id;
}
