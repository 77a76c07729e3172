// The seed's alerts and audit history (docs/alerts.md, docs/audit.md): Alice has one unread budget alert and one she
// read, the outbox holds its email and an invitation, and the audit log has the team's recent changes and one of the
// site's.
import type { AuditEntry } from '../../../contract/schemas/audit';
import type { FakeState } from './state';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (now: Date, ms: number): string => new Date(now.getTime() - ms).toISOString();

export function seedAlerts(
  now: Date,
  teamId: string,
): Pick<
  FakeState,
  'alertSettings' | 'webhookEndpoints' | 'webhookDeliveries' | 'notifications' | 'outbox' | 'auditLog'
> {
  return {
    alertSettings: {},
    webhookEndpoints: [],
    webhookDeliveries: [],
    notifications: [
      {
        id: 'notification-1',
        user_id: 'user-alice',
        kind: 'budget',
        title: 'Acme AI has used 50% of its monthly budget',
        message: '$250.00 of the $500.00 monthly budget is spent in November 2026 (50%, UTC).',
        created_at: ago(now, 3 * HOUR),
        read: false,
      },
      {
        id: 'notification-2',
        user_id: 'user-alice',
        kind: 'key_limit',
        title: 'API key "Staging" reached its spending limit',
        message: 'It has spent $20.00 of its $20.00 limit; the gateway refuses its calls until 2026-11-16 (UTC).',
        created_at: ago(now, 26 * HOUR),
        read: true,
      },
    ],
    outbox: [
      {
        id: 'mail-1',
        created_at: ago(now, 2 * 24 * HOUR),
        team_name: 'Acme AI',
        kind: 'invite',
        recipients: ['carol@example.com'],
        subject: 'Alice Anderson invited you to Acme AI on AI Model Gateway',
        body_text: 'Alice Anderson invited you to join the team "Acme AI" on AI Model Gateway.',
        status: 'kept',
        attempts: 1,
        last_error: null,
        sent_at: null,
      },
      {
        id: 'mail-2',
        created_at: ago(now, 3 * HOUR),
        team_name: 'Acme AI',
        kind: 'alert',
        recipients: ['alice@example.com'],
        subject: '[AI Model Gateway] Acme AI has used 50% of its monthly budget',
        body_text: '$250.00 of the $500.00 monthly budget is spent in November 2026 (50%, UTC).',
        status: 'kept',
        attempts: 1,
        last_error: null,
        sent_at: null,
      },
    ],
    auditLog: seedAudit(now, teamId),
  };
}

function seedAudit(now: Date, teamId: string): AuditEntry[] {
  const entry = (
    id: number,
    minutesAgo: number,
    fields: Pick<AuditEntry, 'action' | 'target_type' | 'target_id' | 'target_label' | 'before' | 'after'> &
      Partial<AuditEntry>,
  ): AuditEntry => ({
    id: String(id),
    created_at: ago(now, minutesAgo * MINUTE),
    team_id: teamId,
    team_name: 'Acme AI',
    actor_id: 'user-alice',
    actor_label: 'alice',
    actor_role: 'owner',
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (demo)',
    ...fields,
  });
  return [
    entry(1, 600, {
      action: 'session.signed_in',
      target_type: 'session',
      target_id: 'user-alice',
      target_label: 'alice',
      before: null,
      after: { expires_in_seconds: 604800 },
    }),
    entry(2, 540, {
      action: 'api_key.created',
      target_type: 'api_key',
      target_id: 'key-production',
      target_label: 'Production',
      before: null,
      after: { name: 'Production', key_prefix: 'sk-prod1a2b', spend_limit_cents: 5000, limit_period: 'monthly' },
    }),
    entry(3, 300, {
      action: 'team.budget_changed',
      target_type: 'team',
      target_id: teamId,
      target_label: 'Acme AI',
      before: { budget_limit_cents: 40000 },
      after: { budget_limit_cents: 50000 },
    }),
    entry(4, 200, {
      action: 'member.cap_changed',
      target_type: 'member',
      target_id: 'user-bob',
      target_label: 'bob@example.com',
      before: { monthly_cap_cents: null },
      after: { monthly_cap_cents: 15000 },
    }),
    entry(5, 90, {
      action: 'coupon.created',
      team_id: null,
      team_name: null,
      actor_id: 'user-admin',
      actor_label: 'admin',
      actor_role: 'admin',
      target_type: 'coupon',
      target_id: 'coupon-team25',
      target_label: 'TEAM25',
      before: null,
      after: { code: 'TEAM25', amount_cents: 2500, max_uses: 100, active: true },
    }),
  ];
}
