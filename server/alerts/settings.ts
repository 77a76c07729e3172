import { recordAudit, type UserAuditContext } from '../audit/audit';
import type { Db, Queryable } from '../db/types';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings, type AlertSettingsBody } from '../../contract/schemas/alerts';

/** A team's alert settings (docs/alerts.md#settings), the defaults until the owner first changes them. */

interface SettingsRow extends AlertSettingsBody {
  owner_recipients: string[];
  saved: boolean;
}

async function readSettings(q: Queryable, teamId: string, lock = false): Promise<SettingsRow> {
  const [row] = await q.query<SettingsRow>(
    `SELECT s.budget_thresholds, s.balance_below_cents, s.runway_days, s.key_limit, s.member_cap, s.extra_recipients,
            s.team_id IS NOT NULL AS saved,
            ARRAY(SELECT u.email FROM team_members m JOIN users u ON u.id = m.user_id
                  WHERE m.team_id = t.id AND m.role = 'owner' AND u.email IS NOT NULL ORDER BY u.email)
              AS owner_recipients
     FROM teams t LEFT JOIN alert_settings s ON s.team_id = t.id WHERE t.id = $1
     ${lock ? 'FOR UPDATE OF t' : ''}`,
    [teamId],
  );
  return row;
}

function settingsOf(row: SettingsRow): AlertSettings {
  const saved: AlertSettingsBody = row.saved
    ? {
        budget_thresholds: row.budget_thresholds,
        balance_below_cents: row.balance_below_cents,
        runway_days: row.runway_days,
        key_limit: row.key_limit,
        member_cap: row.member_cap,
        extra_recipients: row.extra_recipients,
      }
    : DEFAULT_ALERT_SETTINGS;
  return { ...saved, owner_recipients: row.owner_recipients };
}

export async function alertSettings(q: Queryable, teamId: string): Promise<AlertSettings> {
  return settingsOf(await readSettings(q, teamId));
}

/** The body as it is kept: thresholds in order without repeats, addresses trimmed, lower-cased, without repeats. */
export function normaliseSettings(body: AlertSettingsBody): AlertSettingsBody {
  return {
    ...body,
    budget_thresholds: [...new Set(body.budget_thresholds)].sort((a, b) => a - b),
    extra_recipients: [...new Set(body.extra_recipients.map((address) => address.trim().toLowerCase()))],
  };
}

/** Saves the whole settings, with the audit entry of what changed, in one transaction. */
export async function saveAlertSettings(
  db: Db,
  teamId: string,
  who: UserAuditContext,
  body: AlertSettingsBody,
): Promise<AlertSettings> {
  const next = normaliseSettings(body);
  await db.tx(async (q) => {
    const { owner_recipients: _owners, ...before } = settingsOf(await readSettings(q, teamId, true));
    await q.query(
      `INSERT INTO alert_settings (team_id, budget_thresholds, balance_below_cents, runway_days, key_limit, member_cap,
                                   extra_recipients, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (team_id) DO UPDATE SET budget_thresholds = EXCLUDED.budget_thresholds,
         balance_below_cents = EXCLUDED.balance_below_cents, runway_days = EXCLUDED.runway_days,
         key_limit = EXCLUDED.key_limit, member_cap = EXCLUDED.member_cap,
         extra_recipients = EXCLUDED.extra_recipients, updated_at = now()`,
      [
        teamId,
        next.budget_thresholds,
        next.balance_below_cents,
        next.runway_days,
        next.key_limit,
        next.member_cap,
        next.extra_recipients,
      ],
    );
    await recordAudit(q, who, {
      teamId,
      action: 'alert_settings.updated',
      target: { id: teamId, label: 'Alerts' },
      before,
      after: next,
    });
  });
  return alertSettings(db, teamId);
}
