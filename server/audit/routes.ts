import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { auditLogBatches, auditLogEntry, auditLogPage, type AuditScope } from './auditLog';
import { csvFileName, sendCsv } from '../lib/csvStream';
import { forbidden, notFound } from '../lib/errors';
import { currentUser } from '../plugins/auth';
import { IdParams, errors } from '../../contract/schemas/common';
import {
  AUDIT_LOG_CSV_COLUMNS,
  AuditEntry,
  AuditLogFilters,
  AuditLogPage,
  AuditLogQuery,
} from '../../contract/schemas/audit';
import { AUDIT_LOG_CSV_PATH, AUDIT_LOG_PATH } from '../../contract/apiPaths';

/** Rows per statement of the export. */
const CSV_BATCH_ROWS = 5_000;

/**
 * Whose entries the caller reads (docs/audit.md): an administrator everyone's (or one team's, with team_id), a team
 * owner their team's; anyone else is refused.
 */
function scopeOf(request: FastifyRequest): AuditScope {
  if (currentUser(request).is_admin) return { everyone: true };
  if (request.membership?.role === 'owner') return { teamId: request.membership.teamId };
  throw forbidden('Only team owners and administrators can read the audit log');
}

/** The audit log: read only; no route changes or deletes an entry. */
export function auditLogRoutes(app: FastifyInstance, { db, guards }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };

  api.get(
    AUDIT_LOG_PATH,
    { ...auth, schema: { querystring: AuditLogQuery, response: { 200: AuditLogPage, ...errors(400, 401, 403) } } },
    async (request) => auditLogPage(db, scopeOf(request), request.query),
  );

  api.get(
    `${AUDIT_LOG_PATH}/:id`,
    { ...auth, schema: { params: IdParams, response: { 200: AuditEntry, ...errors(401, 403, 404) } } },
    async (request) => {
      const entry = await auditLogEntry(db, scopeOf(request), request.params.id);
      if (!entry) throw notFound('Audit log entry not found');
      return entry;
    },
  );

  api.get(
    AUDIT_LOG_CSV_PATH,
    {
      ...auth,
      schema: {
        querystring: AuditLogFilters,
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv, RFC 4180, streamed' }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        csvFileName('audit-log', request.query),
        AUDIT_LOG_CSV_COLUMNS,
        auditLogBatches(db, scopeOf(request), request.query, CSV_BATCH_ROWS),
        (entry, column) => {
          const value = entry[column];
          return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
        },
      ),
  );
}
