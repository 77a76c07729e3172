// The outbox's words (docs/alerts.md#email): what each status says of an email.
import type { OutboxMessage } from '../../../contract/schemas/alerts';

export const OUTBOX_PAGE_SIZE = 20;
export const NO_MAIL = 'No email yet. Alerts and invitations appear here as they are sent.';

type OutboxStatus = OutboxMessage['status'];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept here',
  failed: 'Failed',
};

export const OUTBOX_STATUS_COLORS: Record<OutboxStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  sending: 'default',
  sent: 'success',
  kept: 'info',
  failed: 'error',
};

export const OUTBOX_KIND_LABELS: Record<OutboxMessage['kind'], string> = {
  alert: 'Alert',
  invite: 'Invitation',
  test: 'Test',
};

/** '21–40 of 57'. */
export function outboxRange(offset: number, shown: number, total: number): string {
  return total === 0 ? '0 of 0' : `${offset + 1}–${offset + shown} of ${total}`;
}
