// The audit log (docs/audit.md): its pages, one entry and the CSV export over fakeDb.state.auditLog, as
// server/audit/routes.ts answers them; recordAudit is what the fake's own changes call.
import { HttpResponse } from 'msw';
import { fakeDb } from '../fakeBackend';
import {
  AUDIT_ACTIONS,
  AUDIT_LOG_CSV_COLUMNS,
  AUDIT_LOG_DEFAULT_PAGE,
  AUDIT_LOG_MAX_PAGE,
  AUDIT_TARGET_TYPES,
  auditTargetType,
  type AuditAction,
  type AuditEntry,
} from '../../../contract/schemas/audit';
import { AUDIT_LOG_CSV_PATH, AUDIT_LOG_PATH } from '../../../contract/apiPaths';
import { forbidden, json, notFound, queryInt, route, signedInUser, validationError } from './http';

/** Appends the signed-in user's change, as a service's recordAudit does in the server. */
export function recordAudit(
  action: AuditAction,
  target: { id: string; label: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): void {
  const user = signedInUser();
  const found = fakeDb.membershipOf(user.id);
  fakeDb.state.auditLog.push({
    id: String(fakeDb.state.auditLog.length + 1),
    created_at: fakeDb.now().toISOString(),
    team_id: found?.team.id ?? null,
    team_name: found?.team.name ?? null,
    actor_id: user.id,
    actor_label: user.login,
    actor_role: found?.membership.role ?? 'user',
    action,
    target_type: auditTargetType(action),
    target_id: target.id,
    target_label: target.label,
    before,
    after,
    ip: '127.0.0.1',
    user_agent: 'jest',
  });
}

/** Owners read their team's entries, administrators everyone's; anyone else gets 403. */
function visible(query: URLSearchParams): AuditEntry[] {
  const user = signedInUser();
  const found = fakeDb.membershipOf(user.id);
  if (!user.is_admin && found?.membership.role !== 'owner') {
    throw forbidden('Only team owners and administrators can read the audit log');
  }
  const teamId = user.is_admin ? query.get('team_id') : found!.team.id;
  const action = query.get('action');
  if (action !== null && !(AUDIT_ACTIONS as readonly string[]).includes(action)) {
    throw validationError(`action must be one of ${AUDIT_ACTIONS.join(', ')}`);
  }
  const targetType = query.get('target_type');
  if (targetType !== null && !(AUDIT_TARGET_TYPES as readonly string[]).includes(targetType)) {
    throw validationError(`target_type must be one of ${AUDIT_TARGET_TYPES.join(', ')}`);
  }
  const from = query.get('from');
  const to = query.get('to');
  const actor = query.get('actor')?.toLowerCase();
  return fakeDb.state.auditLog
    .filter(
      (entry) =>
        (teamId === null || entry.team_id === teamId) &&
        (actor === undefined || entry.actor_label.toLowerCase() === actor) &&
        (action === null || entry.action === action) &&
        (targetType === null || entry.target_type === targetType) &&
        (query.get('target_id') === null || entry.target_id === query.get('target_id')) &&
        (from === null || entry.created_at >= new Date(from).toISOString()) &&
        (to === null || entry.created_at < new Date(to).toISOString()),
    )
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || Number(b.id) - Number(a.id));
}

const getPage = route('get', AUDIT_LOG_PATH, ({ query }) => {
  const rows = visible(query);
  const limit = queryInt(query, 'limit', AUDIT_LOG_DEFAULT_PAGE, 1, AUDIT_LOG_MAX_PAGE);
  const cursor = query.get('cursor');
  const start = cursor === null ? 0 : rows.findIndex((row) => row.id === cursor) + 1;
  if (cursor !== null && start === 0) throw validationError('cursor is not one this server gave');
  const pageRows = rows.slice(start, start + limit);
  return json({ rows: pageRows, next_cursor: start + limit < rows.length ? pageRows.at(-1)!.id : null });
});

const getEntry = route('get', `${AUDIT_LOG_PATH}/:id`, ({ params, query }) => {
  const entry = visible(new URLSearchParams(query)).find((row) => row.id === params.id);
  if (!entry) throw notFound('Audit log entry not found');
  return json(entry);
});

const getCsv = route('get', AUDIT_LOG_CSV_PATH, ({ query }) => {
  const cell = (value: unknown) => {
    const text =
      value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [
    AUDIT_LOG_CSV_COLUMNS.join(','),
    ...visible(query).map((row) => AUDIT_LOG_CSV_COLUMNS.map((column) => cell(row[column])).join(',')),
  ];
  return new HttpResponse(`${lines.join('\r\n')}\r\n`, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
});

export const auditRoutes = [getCsv, getPage, getEntry];
