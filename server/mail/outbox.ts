import { notify } from '../db/perSchema';
import type { Queryable } from '../db/types';
import { iso, isoOrNull } from '../lib/time';
import type { OutboxMessage, OutboxPage } from '../../contract/schemas/alerts';

/**
 * The mail room (docs/alerts.md#email): every email is a row of mail_outbox, queued in the transaction that decides to
 * send it (an alert firing, an invitation), so it is sent if and only if that commits. The mailer (mailer.ts) then
 * sends it through SMTP, or keeps it in the outbox when no SMTP server is configured.
 */
export const MAIL_QUEUED_CHANNEL = 'mail_queued';

export interface MailMessage {
  teamId: string | null;
  alertId?: string | null;
  kind: 'alert' | 'invite' | 'test';
  to: readonly string[];
  subject: string;
  text: string;
}

/** Queues an email (recipients de-duplicated, case-insensitively); the mailers hear of it at COMMIT. */
export async function queueMail(q: Queryable, message: MailMessage): Promise<void> {
  const seen = new Set<string>();
  const to = message.to.filter((address) => {
    const key = address.toLowerCase();
    return seen.has(key) ? false : (seen.add(key), true);
  });
  if (to.length === 0) return;
  await q.query(
    `INSERT INTO mail_outbox (team_id, alert_id, kind, recipients, subject, body_text) VALUES ($1, $2, $3, $4, $5, $6)`,
    [message.teamId, message.alertId ?? null, message.kind, to, message.subject, message.text],
  );
  await notify(q, MAIL_QUEUED_CHANNEL, '');
}

/** The outbox, newest first (administrators: Admin → Outbox). */
export async function outboxPage(q: Queryable, limit: number, offset: number): Promise<OutboxPage> {
  const rows = await q.query<{
    id: string;
    created_at: Date;
    team_name: string | null;
    kind: OutboxMessage['kind'];
    recipients: string[];
    subject: string;
    body_text: string;
    status: OutboxMessage['status'];
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
    total: number;
  }>(
    `SELECT o.id, o.created_at, t.name AS team_name, o.kind, o.recipients, o.subject, o.body_text, o.status,
            o.attempts, o.last_error, o.sent_at, count(*) OVER () AS total
     FROM mail_outbox o LEFT JOIN teams t ON t.id = o.team_id
     ORDER BY o.created_at DESC, o.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const total = rows[0]?.total ?? (offset > 0 ? await outboxCount(q) : 0);
  return {
    messages: rows.map(({ total: _total, created_at, sent_at, ...row }) => ({
      ...row,
      created_at: iso(created_at),
      sent_at: isoOrNull(sent_at),
    })),
    total,
  };
}

async function outboxCount(q: Queryable): Promise<number> {
  const [row] = await q.query<{ total: number }>('SELECT count(*) AS total FROM mail_outbox');
  return row.total;
}
