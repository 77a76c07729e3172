import type { Queryable } from '../db/types';
import { iso } from '../lib/time';
import { NOTIFICATIONS_SHOWN, type Notification, type NotificationList } from '../../contract/schemas/alerts';

/** The bell (docs/alerts.md#in-the-app): a person's newest notifications and how many are unread. */
export async function listNotifications(q: Queryable, userId: string): Promise<NotificationList> {
  const rows = await q.query<{
    id: string;
    kind: Notification['kind'];
    title: string;
    message: string;
    created_at: Date;
    read: boolean;
    unread_count: number;
  }>(
    `SELECT n.id, a.kind, n.title, n.message, n.created_at, n.read_at IS NOT NULL AS read,
            (SELECT count(*) FROM notifications u WHERE u.user_id = $1 AND u.read_at IS NULL) AS unread_count
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2) n ON true
     LEFT JOIN alerts a ON a.id = n.alert_id
     ORDER BY n.created_at DESC, n.id`,
    [userId, NOTIFICATIONS_SHOWN],
    { name: 'notifications_list' },
  );
  return {
    notifications: rows
      .filter((row) => row.id !== null)
      .map(({ unread_count: _count, created_at, ...row }) => ({ ...row, created_at: iso(created_at) })),
    unread_count: rows[0]?.unread_count ?? 0,
  };
}

/** Marks the person's notifications read: those named, or all. */
export async function markNotificationsRead(q: Queryable, userId: string, ids: string[] | undefined): Promise<void> {
  await q.query(
    `UPDATE notifications SET read_at = now()
     WHERE user_id = $1 AND read_at IS NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
    [userId, ids ?? null],
  );
}
