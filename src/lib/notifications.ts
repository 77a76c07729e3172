// The bell's rules (docs/alerts.md#in-the-app): how its button is named, and where each kind of alert leads.
import type { AlertKind } from '../../contract/schemas/alerts';

/** The badge stops counting here ('99+'). */
export const BELL_MAX_COUNT = 99;

/** The count as the badge shows it: '99+' past the most. */
export const bellCount = (unread: number) => (unread > BELL_MAX_COUNT ? `${BELL_MAX_COUNT}+` : String(unread));

/** The button's accessible name says the count, which the badge only shows. */
export const bellLabel = (unread: number) =>
  unread === 0 ? 'Notifications' : `Notifications, ${bellCount(unread)} unread`;

/** Where a notification takes its reader: the page where the thing it tells of is changed. */
export const NOTIFICATION_PATHS: Record<AlertKind, string> = {
  budget: '/billing',
  balance: '/billing',
  runway: '/billing',
  key_limit: '/api-keys',
  member_cap: '/team',
  test: '/team',
};
