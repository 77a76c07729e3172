import { evaluateOnce } from '../alerts/evaluate';
import { recordAudit, type AuditContext } from '../audit/audit';
import type { Queryable } from '../db/types';
import { DEFAULT_ALERT_SETTINGS } from '../../contract/schemas/alerts';
import type { AuditAction } from '../../contract/schemas/audit';

const DAY = 86_400_000;

export interface DemoAlertsInput {
  team: string;
  alice: string;
  bob: string;
  keys: { id: string; name: string; owner: string; created: number; deleted: number | null }[];
  capCents: number;
  now: Date;
  /** Where the emails' links point. */
  appUrl: string;
}

/**
 * The demo's alerts and audit history (docs/alerts.md, docs/audit.md): Alice's alert settings, the alerts the seeded
 * month has crossed (evaluated by the alerts room itself: the 50% budget alert, Bob at his cap, the key at its limit),
 * with their notifications and emails, kept in the outbox (seeded history is never sent); and the audit entries of
 * the seeded changes, at the times the seed made them, from the demo's users.
 */
export async function seedAlertsAndAudit(q: Queryable, input: DemoAlertsInput) {
  const { team, alice, bob, now } = input;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);
  const [admin] = await q.query<{ id: string }>(`SELECT id FROM users WHERE login = 'admin'`);
  const actor = (userId: string, label: string, role: AuditContext['role']): AuditContext => ({
    userId,
    label,
    role,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) demo',
  });
  const aliceActs = actor(alice, 'alice', 'owner');
  const bobActs = actor(bob, 'bob', 'member');
  const adminActs = actor(admin.id, 'admin', 'admin');
  const log = (
    who: AuditContext,
    at: Date,
    action: AuditAction,
    target: { id: string | null; label: string | null },
    before: object | null,
    after: object | null,
    teamId: string | null = team,
  ) => recordAudit(q, who, { teamId, action, target, before, after, at });

  await log(aliceActs, ago(90), 'team.created', { id: team, label: 'Acme AI' }, null, {
    name: 'Acme AI',
    budget_limit_cents: 30_000,
  });
  await log(aliceActs, ago(61), 'member.invited', { id: null, label: 'bob@example.com' }, null, {
    email: 'bob@example.com',
    status: 'pending',
  });
  await log(bobActs, ago(60), 'member.joined', { id: bob, label: 'bob@example.com' }, null, {
    invited_email: 'bob@example.com',
    role: 'member',
  });
  for (const key of input.keys) {
    const who = key.owner === alice ? aliceActs : bobActs;
    await log(who, ago(key.created), 'api_key.created', { id: key.id, label: key.name }, null, { name: key.name });
    if (key.deleted !== null) {
      await log(
        aliceActs,
        ago(key.deleted),
        'api_key.revoked',
        { id: key.id, label: key.name },
        { is_active: true },
        {
          is_active: false,
        },
      );
    }
  }
  await log(
    adminActs,
    ago(5),
    'coupon.created',
    { id: null, label: 'TEAM25' },
    null,
    {
      code: 'TEAM25',
      amount_cents: 2_500,
      max_uses: 5,
      active: true,
    },
    null,
  );
  await log(
    aliceActs,
    ago(20),
    'team.budget_changed',
    { id: team, label: 'Acme AI' },
    { budget_limit_cents: 30_000 },
    {
      budget_limit_cents: 50_000,
    },
  );
  await log(aliceActs, ago(3), 'member.invited', { id: null, label: 'carol@example.com' }, null, {
    email: 'carol@example.com',
    status: 'pending',
  });
  await log(
    aliceActs,
    ago(2),
    'member.cap_changed',
    { id: bob, label: 'bob@example.com' },
    { monthly_cap_cents: null },
    {
      monthly_cap_cents: input.capCents,
    },
  );

  const { extra_recipients: _extra, ...defaults } = DEFAULT_ALERT_SETTINGS;
  const settings = { ...DEFAULT_ALERT_SETTINGS, balance_below_cents: 10_000 };
  await q.query(
    `INSERT INTO alert_settings (team_id, budget_thresholds, balance_below_cents, runway_days, key_limit, member_cap,
                                 extra_recipients, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      team,
      settings.budget_thresholds,
      settings.balance_below_cents,
      settings.runway_days,
      settings.key_limit,
      settings.member_cap,
      settings.extra_recipients,
      ago(1),
    ],
  );
  await log(aliceActs, ago(1), 'alert_settings.updated', { id: team, label: 'Alerts' }, defaults, settings);
  await log(aliceActs, ago(0, 2), 'session.signed_in', { id: alice, label: 'alice' }, null, {
    expires_in_seconds: 604_800,
  });

  // What the seeded month has crossed, fired as the gateway's settlements would have fired it.
  await evaluateOnce(
    q,
    { teamIds: [team], keyIds: input.keys.map((key) => key.id), userIds: [alice, bob] },
    input.appUrl,
  );
  await q.query(`UPDATE mail_outbox SET status = 'kept', attempts = 1 WHERE team_id = $1 AND status = 'pending'`, [
    team,
  ]);
}
