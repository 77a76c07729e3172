import type { Queryable } from '../db/types';
import type { AuditAction, AuditActorRole } from '../../contract/schemas/audit';
import { auditTargetType } from '../../contract/schemas/audit';

/**
 * The audit log (docs/audit.md): every change an owner or administrator makes, recorded in the change's own
 * transaction, so a change that is refused or rolled back leaves no entry and a committed one always has its entry.
 * A service takes the caller's AuditContext (built from the request by the route: plugins/auth.ts, auditContext) and
 * calls recordAudit with the transaction's Queryable. The table refuses UPDATE, DELETE and TRUNCATE (migration 14)
 * except to the retention job (retention.ts).
 */

/** Who made the change, from where. */
export interface AuditContext {
  /** The signed-in user (null for the system). */
  userId: string | null;
  /** Their login, kept with the entry: the user may be renamed or removed later. */
  label: string;
  role: AuditActorRole;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  /** The team the change belongs to; null for the site's own settings (pricing, coupons, routing). */
  teamId: string | null;
  action: AuditAction;
  target: { id: string | null; label: string | null };
  before?: object | null;
  after?: object | null;
  /** When it happened: now, but for the demo seed's history. */
  at?: Date;
}

/** A change made by a signed-in user (most are). */
export type UserAuditContext = AuditContext & { userId: string };

/** The system's own changes (the demo seed). */
export const SYSTEM_ACTOR: AuditContext = { userId: null, label: 'system', role: 'system', ip: null, userAgent: null };

/** Field names whose values are secrets: never written, whatever a caller passes (their key remains, the value not). */
const SECRET_FIELD = /(secret|password|(^|_)token$|key_hash|^api_key$|^key$|encrypted|authorization)/i;
export const REDACTED = '[redacted]';

/** A lone UTF-16 surrogate: JSON writes it as an escape PostgreSQL's jsonb refuses, so it becomes U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The value with every secret-named field's value replaced, at any depth, and its text well-formed. */
export function withoutSecrets(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [
      field,
      SECRET_FIELD.test(field) && inner !== null && inner !== undefined ? REDACTED : withoutSecrets(inner),
    ]),
  );
}

const json = (value: object | null | undefined) =>
  value === undefined || value === null ? null : JSON.stringify(withoutSecrets(value));

/** Appends one entry; call it inside the change's transaction. */
export async function recordAudit(q: Queryable, context: AuditContext, entry: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (team_id, actor_id, actor_label, actor_role, action, target_type, target_id, target_label,
                            before, after, ip, user_agent, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, COALESCE($13, now()))`,
    [
      entry.teamId,
      context.userId,
      context.label,
      context.role,
      entry.action,
      auditTargetType(entry.action),
      entry.target.id,
      entry.target.label,
      json(entry.before),
      json(entry.after),
      context.ip,
      context.userAgent,
      entry.at ?? null,
    ],
    { name: 'audit_insert' },
  );
}
