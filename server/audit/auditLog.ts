import { asJsonRows, readJsonRows } from '../db/jsonRows';
import type { Queryable } from '../db/types';
import { badRequest } from '../lib/errors';
import { iso } from '../lib/time';
import {
  AUDIT_LOG_DEFAULT_PAGE,
  type AuditEntry,
  type AuditLogFilters,
  type AuditLogPage,
  type AuditLogQuery,
} from '../../contract/schemas/audit';

/**
 * Reading the audit log (docs/audit.md): one query builder for the page, the entry and the CSV export. Every read is
 * a keyset scan "scope, filter, newest first, then id" that one of migration 14's indexes answers from where the last
 * page ended, so page 1,000 costs what page 1 does and entries written meanwhile do not shift the pages.
 */

/** Whose entries: one team's (an owner), or everyone's (an administrator, who may name a team). */
export type AuditScope = { teamId: string } | { everyone: true };

interface Keyset {
  /** The last row's created_at as PostgreSQL text, to the microsecond (a JavaScript Date keeps milliseconds). */
  at: string;
  id: number;
}

const BAD_CURSOR = 'cursor is not one this server gave';
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

const encodeCursor = (after: Keyset) => Buffer.from(JSON.stringify({ t: after.at, i: after.id })).toString('base64url');

function decodeCursor(cursor: string): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  const { t, i } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof t !== 'string' || !TIMESTAMP_TEXT.test(t) || typeof i !== 'number' || !Number.isSafeInteger(i) || i < 0) {
    throw badRequest(BAD_CURSOR);
  }
  return { at: t, id: i };
}

interface AuditRow extends Omit<AuditEntry, 'id'> {
  id: number;
  at: string;
}

const SELECT = `SELECT a.id, a.created_at, a.created_at::text AS at, a.team_id, t.name AS team_name, a.actor_id,
         a.actor_label, a.actor_role, a.action, a.target_type, a.target_id, a.target_label, a.before, a.after, a.ip,
         a.user_agent
  FROM audit_log a LEFT JOIN teams t ON t.id = a.team_id`;

function whereOf(scope: AuditScope, filters: AuditLogFilters) {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  const teamId = 'teamId' in scope ? scope.teamId : filters.team_id;
  if (teamId !== undefined) add((p) => `a.team_id = ${p}::uuid`, teamId);
  if (filters.from !== undefined) add((p) => `a.created_at >= ${p}::timestamptz`, filters.from);
  if (filters.to !== undefined) add((p) => `a.created_at < ${p}::timestamptz`, filters.to);
  if (filters.actor !== undefined) {
    add((p) => `a.actor_id = (SELECT id FROM users WHERE lower(login) = lower(${p}))`, filters.actor.trim());
  }
  if (filters.action !== undefined) add((p) => `a.action = ${p}`, filters.action);
  if (filters.target_type !== undefined) add((p) => `a.target_type = ${p}`, filters.target_type);
  if (filters.target_id !== undefined) add((p) => `a.target_id = ${p}`, filters.target_id);
  return { params, conditions };
}

function pageSql(scope: AuditScope, filters: AuditLogFilters, after: Keyset | null, limit: number) {
  const { params, conditions } = whereOf(scope, filters);
  if (after) {
    params.push(after.at, after.id);
    conditions.push(`(a.created_at, a.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
  }
  params.push(limit);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return {
    sql: asJsonRows(`${SELECT} ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT $${params.length}`),
    params,
  };
}

async function readRows(q: Queryable, sql: string, params: unknown[]): Promise<AuditRow[]> {
  return readJsonRows<AuditRow>(q, sql, params);
}

const toEntry = ({ at: _at, id, created_at, ...row }: AuditRow): AuditEntry => ({
  ...row,
  id: String(id),
  created_at: iso(created_at),
});

function cut(rows: AuditRow[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit ? { at: last.at, id: last.id } : null };
}

/** The statement of one page exactly as auditLogPage runs it (the benchmark EXPLAINs it). */
export function auditPageQuery(scope: AuditScope, query: AuditLogQuery) {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const limit = query.limit ?? AUDIT_LOG_DEFAULT_PAGE;
  return { limit, ...pageSql(scope, query, after, limit + 1) };
}

export async function auditLogPage(q: Queryable, scope: AuditScope, query: AuditLogQuery): Promise<AuditLogPage> {
  const { limit, sql, params } = auditPageQuery(scope, query);
  const page = cut(await readRows(q, sql, params), limit);
  return { rows: page.rows.map(toEntry), next_cursor: page.next && encodeCursor(page.next) };
}

/** One entry in the scope, or null. */
export async function auditLogEntry(q: Queryable, scope: AuditScope, id: string): Promise<AuditEntry | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { params, conditions } = whereOf(scope, {});
  params.push(id);
  conditions.push(`a.id = $${params.length}::bigint`);
  const [row] = await readRows(q, asJsonRows(`${SELECT} WHERE ${conditions.join(' AND ')}`), params);
  return row ? toEntry(row) : null;
}

/** The whole filtered log, newest first, one keyset batch (one short statement) at a time: the CSV export. */
export async function* auditLogBatches(
  q: Queryable,
  scope: AuditScope,
  filters: AuditLogFilters,
  batchSize: number,
): AsyncGenerator<AuditEntry[]> {
  let after: Keyset | null = null;
  do {
    const { sql, params } = pageSql(scope, filters, after, batchSize + 1);
    const page = cut(await readRows(q, sql, params), batchSize);
    if (page.rows.length > 0) yield page.rows.map(toEntry);
    after = page.next;
  } while (after);
}
