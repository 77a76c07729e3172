import { Type, type Static } from 'typebox';
import { Composite, DateTimeString, KeysetPage, KeysetPageQuery, LiteralUnion, Nullable } from './common';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../rules/audit';
export * from '../rules/audit';

/**
 * The audit log (docs/audit.md): every change an owner or administrator makes, with who, when, from where, and the
 * record before and after. Owners read their team's entries, administrators everyone's; nobody edits or deletes one.
 */

/** In what capacity the actor acted: their role in the team, an administrator, a user without a team, the system. */
export const AUDIT_ACTOR_ROLES = ['owner', 'member', 'user', 'admin', 'system'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

export const AUDIT_LOG_MAX_PAGE = 200;

const oneOf = <T extends string>(field: string, values: readonly T[]) =>
  LiteralUnion(values, { errorMessage: `${field} must be one of ${values.join(', ')}` });

/** The filters, shared by the page and the CSV export; combined with AND. Times are ISO 8601, `to` exclusive. */
export const AuditLogFilters = Type.Object({
  from: Type.Optional(DateTimeString('from')),
  to: Type.Optional(DateTimeString('to')),
  /** The actor's login (case-insensitive). */
  actor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, errorMessage: 'actor must be a login of 1-100 characters' }),
  ),
  action: Type.Optional(oneOf('action', AUDIT_ACTIONS)),
  target_type: Type.Optional(oneOf('target_type', AUDIT_TARGET_TYPES)),
  target_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, errorMessage: 'target_id must be 1-100 characters' }),
  ),
  /** Administrators only: one team's entries (everyone's without it). */
  team_id: Type.Optional(Type.String({ format: 'uuid', errorMessage: 'team_id must be a team id' })),
});
export type AuditLogFilters = Static<typeof AuditLogFilters>;

export const AuditLogQuery = Composite([AuditLogFilters, KeysetPageQuery(AUDIT_LOG_MAX_PAGE)]);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

/** A record as it was before or after: plain JSON, never a secret. */
export const AuditRecord = Nullable(Type.Record(Type.String(), Type.Unknown()));
export type AuditRecord = Static<typeof AuditRecord>;

export const AuditEntry = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  team_id: Nullable(Type.String()),
  team_name: Nullable(Type.String()),
  actor_id: Nullable(Type.String()),
  actor_label: Type.String(),
  actor_role: oneOf('actor_role', AUDIT_ACTOR_ROLES),
  action: oneOf('action', AUDIT_ACTIONS),
  target_type: oneOf('target_type', AUDIT_TARGET_TYPES),
  target_id: Nullable(Type.String()),
  target_label: Nullable(Type.String()),
  before: AuditRecord,
  after: AuditRecord,
  ip: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditLogPage = KeysetPage(AuditEntry);
export type AuditLogPage = Static<typeof AuditLogPage>;

/** The CSV export's columns, in order (before and after as JSON text). */
export const AUDIT_LOG_CSV_COLUMNS = [
  'id',
  'created_at',
  'team_name',
  'actor_label',
  'actor_role',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'before',
  'after',
  'ip',
  'user_agent',
] as const satisfies readonly (keyof AuditEntry)[];
